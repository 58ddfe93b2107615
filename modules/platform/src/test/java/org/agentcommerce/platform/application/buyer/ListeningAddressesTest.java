package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListeningAddressesTest {

  private static final String HEADER =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
          + " inode";

  private static String row(String local, String state, String inode) {
    return "   0: "
        + local
        + " 00000000:0000 "
        + state
        + " 00000000:00000000 00:00000000 00000000     0        0 "
        + inode
        + " 1 0000000000000000 100 0 0 10 0";
  }

  @Test
  void readsIpv4AddressesInHostByteOrder() throws Exception {
    assertEquals(InetAddress.getByName("127.0.0.1"), ListeningAddresses.address("0100007F"));
    assertEquals(InetAddress.getByName("0.0.0.0"), ListeningAddresses.address("00000000"));
    assertEquals(InetAddress.getByName("192.168.1.20"), ListeningAddresses.address("1401A8C0"));
  }

  @Test
  void readsIpv6AddressesInHostByteOrder() throws Exception {
    assertEquals(
        InetAddress.getByName("::1"),
        ListeningAddresses.address("00000000000000000000000001000000"));
    assertEquals(
        InetAddress.getByName("::"),
        ListeningAddresses.address("00000000000000000000000000000000"));
    assertTrue(ListeningAddresses.address("0000000000000000FFFF00000100007F").isLoopbackAddress());
  }

  @Test
  void keepsOnlyListeningSocketsOfThisProcess() throws Exception {
    List<String> table =
        List.of(
            HEADER,
            row("0100007F:1F90", "0A", "111"),
            row("00000000:0CEA", "0A", "222"),
            row("0A000001:1F90", "01", "111"));

    assertEquals(
        Set.of(InetAddress.getByName("127.0.0.1")),
        ListeningAddresses.listening(table, Set.of("111")));
    assertEquals(
        Set.of(InetAddress.getByName("127.0.0.1"), InetAddress.getByName("0.0.0.0")),
        ListeningAddresses.listening(table, Set.of("111", "222")));
  }

  @Test
  void onlyLoopbackNeedsAtLeastOneAddressAndNoOther() throws Exception {
    assertTrue(ListeningAddresses.onlyLoopback(Set.of(InetAddress.getByName("127.0.0.1"))));
    assertFalse(ListeningAddresses.onlyLoopback(Set.of()));
    assertFalse(ListeningAddresses.onlyLoopback(Set.of(InetAddress.getByName("0.0.0.0"))));
    assertFalse(
        ListeningAddresses.onlyLoopback(
            Set.of(InetAddress.getByName("::1"), InetAddress.getByName("10.0.0.1"))));
  }

  @Test
  void seesThisProcessesOwnListeners() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/net")), "Linux only");
    try (ServerSocket loopback = new ServerSocket();
        ServerSocket everywhere = new ServerSocket()) {
      loopback.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
      Set<InetAddress> before = ListeningAddresses.ofThisProcess().orElseThrow();
      assertTrue(before.contains(InetAddress.getByName("127.0.0.1")), before::toString);

      everywhere.bind(new InetSocketAddress(0));

      Set<InetAddress> after = ListeningAddresses.ofThisProcess().orElseThrow();
      assertTrue(after.stream().anyMatch(InetAddress::isAnyLocalAddress), after::toString);
      assertFalse(ListeningAddresses.onlyLoopback(after));
    }
  }
}
