package org.agentcommerce.webapp.support;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Another node of the same service: a second Payara Micro process on a free loopback port, on the
 * same test database and with the same options as the Arquillian one, plus JVM options of the
 * test's choosing (another time zone, say). Stops when closed, and with the test JVM; {@link
 * #restart()} kills it and starts it again in place.
 */
public final class SecondNode implements AutoCloseable {

  private volatile Process process;
  private final ProcessBuilder builder;
  private final URL base;
  private final File war;
  private final File log;

  private SecondNode(ProcessBuilder builder, URL base, File war, File log) {
    this.builder = builder;
    this.base = base;
    this.war = war;
    this.log = log;
  }

  /** Starts a node serving {@code archive}; returns once its health endpoint answers. */
  public static SecondNode start(WebArchive archive, String... jvmOptions) throws Exception {
    File exported = Files.createTempFile("second-node-archive", ".war").toFile();
    try {
      archive.as(ZipExporter.class).exportTo(exported, true);
      return start(exported, jvmOptions);
    } finally {
      exported.delete(); // the node serves a copy of its own
    }
  }

  /**
   * Starts a node serving a copy of the WAR file {@code war}, say {@link Deployments#builtWar()}
   * (copied: an archive would be compressed again, about 2 CPU s of the test JVM for the 30 MB
   * WAR); returns once its health endpoint answers.
   */
  public static SecondNode start(File war, String... jvmOptions) throws Exception {
    SecondNode node = launch(war, List.of("--nocluster"), java.util.Map.of(), jvmOptions);
    node.awaitHealthy();
    return node;
  }

  /**
   * Starts a node serving a copy of the WAR file {@code war} (the node deletes its copy when
   * closed, never the file given), with Payara Micro options of the test's choosing (say, a
   * post-boot command file that joins a data grid, instead of {@code --nocluster}) and environment
   * variables, and returns at once: {@link #awaitHealthy()} waits for it.
   */
  public static SecondNode launch(
      File war,
      List<String> microOptions,
      java.util.Map<String, String> environment,
      String... jvmOptions)
      throws Exception {
    File copy = Files.createTempFile("second-node", ".war").toFile();
    Files.copy(war.toPath(), copy.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    int port = freePort();
    List<String> command = new ArrayList<>();
    command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    for (String option : System.getProperty("payara.cmdOptions", "").split("\\s+")) {
      if (!option.isBlank()) {
        command.add(option);
      }
    }
    command.addAll(List.of(jvmOptions)); // after the shared options, so that the test's win
    command.addAll(List.of("-jar", System.getProperty("payara.microJar")));
    command.addAll(microOptions);
    command.addAll(
        List.of("--port", String.valueOf(port), "--deploy", copy.getPath(), "--contextroot", "/"));
    String preboot = System.getProperty("ac.test.preboot");
    String postdeploy = System.getProperty("ac.test.postdeploy");
    if (preboot != null && postdeploy != null) {
      command.addAll(
          List.of("--prebootcommandfile", preboot, "--postdeploycommandfile", postdeploy));
    }
    File log = new File("target", "second-node-" + port + ".log");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log);
    builder.environment().putAll(environment);
    SecondNode node = new SecondNode(builder, new URL("http://127.0.0.1:" + port + "/"), copy, log);
    node.process = node.spawn();
    return node;
  }

  private Process spawn() throws IOException {
    Process started = builder.start();
    Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
    return started;
  }

  /**
   * Kills the node as a crash would (kill -9, like {@link #kill()}) and starts it again in place:
   * the same WAR file, port, options and environment, on the same database, its output appended to
   * the same log; returns once its health endpoint answers. What a node restarted after a crash
   * does, without exporting the WAR again or finding another port.
   */
  public void restart() throws Exception {
    kill();
    builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log));
    process = spawn();
    awaitHealthy();
  }

  /** Waits until the node's health endpoint answers 200 (three minutes at most). */
  public void awaitHealthy() throws Exception {
    long deadline = System.currentTimeMillis() + 180_000;
    // Guarded: the node listens only once it is deployed, so from its first answer on health says
    // only what the document promises (a 500 or an HTML page while it starts fails the test).
    Http http = new Http(base);
    while (true) {
      if (!process.isAlive()) {
        close();
        throw new IllegalStateException("The node stopped; see " + log);
      }
      try {
        if (http.get("/agent/v1/health").status() == 200) {
          return;
        }
      } catch (RuntimeException notYet) {
        // not listening yet
      }
      if (System.currentTimeMillis() > deadline) {
        close();
        throw new IllegalStateException("The node did not start; see " + log);
      }
      Thread.sleep(500);
    }
  }

  /** What the node wrote to its standard output and error so far. */
  public String log() throws IOException {
    return Files.readString(log.toPath());
  }

  public URL base() {
    return base;
  }

  /** Kills the node at once, as a crash would: no shutdown, no clean-up of its work. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS);
  }

  /**
   * Freezes the node as a frozen container, a VM pause or a long GC would (SIGSTOP): it runs
   * nothing, not even its timeouts, and keeps its connections and their open transactions.
   */
  public void pause() throws Exception {
    signal("STOP");
  }

  /** Lets a paused node run again (SIGCONT): it carries on where it stopped. */
  public void resume() throws Exception {
    signal("CONT");
  }

  private void signal(String name) throws Exception {
    Process kill =
        new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid()))
            .redirectErrorStream(true)
            .start();
    if (!kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        signal("CONT"); // a paused node would not stop on SIGTERM
      } catch (Exception e) {
        // it is killed below
      }
    }
    process.destroy();
    try {
      process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
    war.delete();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
