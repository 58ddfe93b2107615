package org.agentcommerce.platform.application.buyer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The local addresses this server process accepts TCP connections on, read from what the operating
 * system says the process holds, not from configuration: on Linux, the listening sockets in {@code
 * /proc/self/net/tcp} and {@code tcp6} whose inodes are among the process's own file descriptors.
 * Payara Micro's HTTP listener address (set by the pre-boot commands) is one of them. Elsewhere the
 * answer is unknown.
 */
final class ListeningAddresses {

  private static final String LISTEN = "0A";

  private ListeningAddresses() {}

  /** The addresses of this process's listening TCP sockets, or empty when they cannot be read. */
  static Optional<Set<InetAddress>> ofThisProcess() {
    Path proc = Path.of("/proc/self");
    if (!Files.isDirectory(proc.resolve("net")) || !Files.isDirectory(proc.resolve("fd"))) {
      return Optional.empty();
    }
    try {
      Set<String> inodes = socketInodes(proc.resolve("fd"));
      Set<InetAddress> addresses = new LinkedHashSet<>();
      for (String table : List.of("tcp", "tcp6")) {
        Path file = proc.resolve("net").resolve(table);
        if (Files.isReadable(file)) {
          addresses.addAll(listening(Files.readAllLines(file), inodes));
        }
      }
      return Optional.of(addresses);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Whether every address is a loopback address (and there is at least one). */
  static boolean onlyLoopback(Set<InetAddress> addresses) {
    return !addresses.isEmpty() && addresses.stream().allMatch(InetAddress::isLoopbackAddress);
  }

  private static Set<String> socketInodes(Path fds) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(fds)) {
      for (Path fd : entries) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException closedMeanwhile) {
          // a descriptor closed while listing: not a listener of interest
        }
      }
    }
    return inodes;
  }

  /**
   * The local addresses of the listening sockets among {@code lines} of a {@code /proc/net/tcp} or
   * {@code tcp6} table whose inode is in {@code inodes}.
   */
  static Set<InetAddress> listening(List<String> lines, Set<String> inodes) {
    Set<InetAddress> addresses = new LinkedHashSet<>();
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !f[0].endsWith(":") || !LISTEN.equals(f[3])) {
        continue; // the header, or not listening
      }
      if (inodes.contains(f[9])) {
        addresses.add(address(f[1].substring(0, f[1].indexOf(':'))));
      }
    }
    return addresses;
  }

  /** A {@code /proc/net} address: hex, each 32-bit word in host (little-endian) byte order. */
  static InetAddress address(String hex) {
    byte[] bytes = new byte[hex.length() / 2];
    for (int word = 0; word < bytes.length / 4; word++) {
      for (int i = 0; i < 4; i++) {
        int at = (word * 4 + (3 - i)) * 2;
        bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
      }
    }
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an address: " + hex, e);
    }
  }
}
