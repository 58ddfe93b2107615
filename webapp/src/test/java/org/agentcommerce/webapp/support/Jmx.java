package org.agentcommerce.webapp.support;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * JMX on a test server the way JConsole reaches a local process: the server's process is found by
 * the port it listens on (Linux /proc), the Attach API starts its local management agent, and a JMX
 * connector connects to it. Nothing in the server is configured for the test.
 */
public final class Jmx {

  private Jmx() {}

  public static JMXConnector connect(URL base) throws Exception {
    long pid = pidListeningOn(base.getPort());
    Class<?> vmClass = Class.forName("com.sun.tools.attach.VirtualMachine");
    Object vm = vmClass.getMethod("attach", String.class).invoke(null, Long.toString(pid));
    try {
      String address = (String) vmClass.getMethod("startLocalManagementAgent").invoke(vm);
      return JMXConnectorFactory.connect(new JMXServiceURL(address));
    } finally {
      vmClass.getMethod("detach").invoke(vm);
    }
  }

  public static MBeanServerConnection connection(JMXConnector c) throws IOException {
    return c.getMBeanServerConnection();
  }

  /** The process with a socket listening on the TCP port (IPv4 or IPv6). */
  static long pidListeningOn(int port) throws IOException {
    String hexPort = String.format(":%04X", port);
    String inode = null;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path p = Path.of(table);
      if (!Files.exists(p)) {
        continue;
      }
      for (String line : Files.readAllLines(p)) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[1].endsWith(hexPort) && "0A".equals(f[3])) {
          inode = f[9];
          break;
        }
      }
      if (inode != null) {
        break;
      }
    }
    if (inode == null) {
      throw new IllegalStateException("nothing listens on port " + port);
    }
    String socket = "socket:[" + inode + "]";
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path proc : (Iterable<Path>) procs::iterator) {
        String name = proc.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
          for (Path fd : (Iterable<Path>) fds::iterator) {
            try {
              if (socket.equals(Files.readSymbolicLink(fd).toString())) {
                return Long.parseLong(name);
              }
            } catch (IOException gone) {
              // closed meanwhile
            }
          }
        } catch (IOException | SecurityException notOurs) {
          // another user's or a finished process
        }
      }
    }
    throw new IllegalStateException("no process owns the socket listening on " + port);
  }
}
