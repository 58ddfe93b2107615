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

  /** Boots whose application failed to deploy are tried again this many times. */
  private static final int BOOT_RETRIES = 2;

  private volatile Process process;

  /** Where in the log the running process's output begins (restarts append to the log). */
  private volatile long logStart;

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

  /**
   * Starts a node serving {@code archive}; returns once its health endpoint answers. An archive
   * that is the built WAR with test classes added serves the built WAR's document (the contract
   * guard's copy, {@link Deployments#servesTheBuiltDocument}).
   */
  public static SecondNode start(WebArchive archive, String... jvmOptions) throws Exception {
    File exported = Files.createTempFile("second-node-archive", ".war").toFile();
    try {
      archive.as(ZipExporter.class).exportTo(exported, true);
      File documented =
          Deployments.servesTheBuiltDocument(archive) ? Deployments.builtWar() : exported;
      SecondNode node =
          launch(exported, documented, List.of("--nocluster"), java.util.Map.of(), jvmOptions);
      node.awaitHealthy();
      return node;
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
    return launch(war, war, microOptions, environment, jvmOptions);
  }

  /**
   * {@link #launch(File, List, java.util.Map, String...)}, serving the document of {@code
   * documented}.
   */
  private static SecondNode launch(
      File war,
      File documented,
      List<String> microOptions,
      java.util.Map<String, String> environment,
      String... jvmOptions)
      throws Exception {
    File copy = Files.createTempFile("second-node", ".war").toFile();
    Files.copy(war.toPath(), copy.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    int port = freePort();
    // Nodes of the same WAR file share the contract guard's copy of the document.
    ContractGuard.serves(
        java.net.URI.create("http://127.0.0.1:" + port), ContractGuard.identity(documented));
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
    logStart = log.length();
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
    respawn();
    awaitHealthy();
  }

  /** Starts the process again with the same command, its output appended to the same log. */
  private void respawn() throws IOException {
    builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log));
    process = spawn();
  }

  /**
   * Waits until the node's health endpoint answers 200 (three minutes at most). A boot in which
   * Payara Micro came up but the application did not deploy is killed and tried again, up to twice,
   * and said so on standard error: now and then (about one start in a hundred on a busy machine)
   * Payara's security start-up finds no context class loader on a thread and the WAR never deploys,
   * while the server itself reports it is ready. The test's node is the same either way; a node
   * that deploys and then fails to answer still fails the test.
   */
  public void awaitHealthy() throws Exception {
    // Guarded: the node listens only once it is deployed, so from its first answer on health says
    // only what the document promises (a 500 or an HTML page while it starts fails the test).
    await(new Http(base), "/agent/v1/health");
  }

  /**
   * Waits until the node's readiness ({@code /health/ready}) answers 200, three minutes at most,
   * with the same second try of a boot that did not deploy as {@link #awaitHealthy()}; unguarded,
   * so that no OpenAPI document is read for a node the test does not check against it.
   */
  public void awaitReady() throws Exception {
    await(new Http(base).unguarded(), "/health/ready");
  }

  private void await(Http http, String path) throws Exception {
    long deadline = System.currentTimeMillis() + 180_000;
    int retries = BOOT_RETRIES;
    String lastAnswer = "none: not listening";
    while (true) {
      if (!process.isAlive()) {
        close();
        throw new IllegalStateException("The node stopped; see " + log);
      }
      if (retries > 0 && deployFailed()) {
        retries--;
        System.err.println(
            "SecondNode: Payara Micro on "
                + base
                + " booted without deploying the application; starting it again (see "
                + log
                + ")");
        kill();
        respawn();
        deadline = System.currentTimeMillis() + 180_000;
        continue;
      }
      try {
        Http.Answer answer = http.get(path);
        if (answer.status() == 200) {
          return;
        }
        lastAnswer = answer.toString();
      } catch (RuntimeException notYet) {
        // not listening yet
      }
      if (System.currentTimeMillis() > deadline) {
        String output = currentOutput();
        close();
        throw new IllegalStateException(
            "The node did not start: "
                + path
                + " answered "
                + lastAnswer
                + "; see "
                + log
                + ", whose warnings and last lines are\n"
                + excerpt(output));
      }
      Thread.sleep(500);
    }
  }

  /**
   * Whether the running process's boot is over without the application: Payara Micro said it is
   * ready, and the deployment never said it succeeded.
   */
  private boolean deployFailed() throws IOException {
    String output = currentOutput();
    return READY.matcher(output).find() && !output.contains(" was successfully deployed in ");
  }

  private static final java.util.regex.Pattern READY =
      java.util.regex.Pattern.compile("Payara Micro [^\\n]* ready in ");

  /**
   * The warnings and errors of a node's output (the last 20) and its last 20 lines: what a CI
   * report of a node that did not start should show, where the log file itself is gone.
   */
  static String excerpt(String output) {
    List<String> lines = output.lines().toList();
    List<String> warnings =
        lines.stream().filter(l -> l.contains("WARNING") || l.contains("SEVERE")).toList();
    List<String> shown =
        new ArrayList<>(warnings.subList(Math.max(0, warnings.size() - 20), warnings.size()));
    shown.add("...");
    shown.addAll(lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    return String.join("\n", shown);
  }

  /** What the running process wrote so far (a restarted node's log also holds earlier runs). */
  private String currentOutput() throws IOException {
    try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(log, "r")) {
      long start = Math.min(logStart, file.length());
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
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
