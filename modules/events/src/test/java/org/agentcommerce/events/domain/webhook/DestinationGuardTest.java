package org.agentcommerce.events.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DestinationGuardTest {

  /** A resolver with a fixed table: names that resolve to private addresses, without DNS. */
  private static final DestinationGuard.Resolver TABLE =
      host -> {
        Map<String, String> names =
            Map.of(
                "hooks.example.com", "93.184.216.34",
                "internal.example.com", "10.1.2.3",
                "metadata.example.com", "169.254.169.254",
                "mixed.example.com", "93.184.216.34",
                "localhost", "127.0.0.1");
        String ip = names.get(host);
        if (ip != null) {
          return new InetAddress[] {InetAddress.getByName(ip)};
        }
        if (host.matches("[0-9a-fA-F:.]+")) {
          return new InetAddress[] {InetAddress.getByName(host)};
        }
        throw new UnknownHostException(host);
      };

  private static final DestinationGuard PRODUCTION = new DestinationGuard(TABLE, false);
  private static final DestinationGuard TESTS = new DestinationGuard(TABLE, true);

  private static String refused(DestinationGuard guard, String url) {
    return assertThrows(DestinationGuard.Refused.class, () -> guard.check(url)).getMessage();
  }

  @Test
  void aPublicHttpsDestinationPasses() throws Exception {
    assertEquals("hooks.example.com", PRODUCTION.check("https://hooks.example.com/in").getHost());
  }

  @Test
  void loopbackIsRefusedWithoutTheTestSettingAndAllowedWithIt() throws Exception {
    assertTrue(refused(PRODUCTION, "http://127.0.0.1:9000/hook").contains("https"));
    assertTrue(refused(PRODUCTION, "https://127.0.0.1:9000/hook").contains("private"));
    assertTrue(refused(PRODUCTION, "https://localhost/hook").contains("private"));
    assertTrue(refused(PRODUCTION, "https://[::1]/hook").contains("private"));
    assertEquals("127.0.0.1", TESTS.check("http://127.0.0.1:9000/hook").getHost());
  }

  @Test
  void privateLinkLocalMetadataAndReservedAddressesAreRefusedEvenWithTheTestSetting() {
    for (String url :
        new String[] {
          "https://169.254.169.254/latest/meta-data",
          "https://10.0.0.1/hook",
          "https://172.16.5.4/hook",
          "https://192.168.1.1/hook",
          "https://100.64.0.1/hook",
          "https://0.0.0.0/hook",
          "https://[fd00:ec2::254]/hook",
          "https://[fe80::1]/hook",
          "https://[::ffff:10.0.0.1]/hook",
          "https://[::ffff:0:a9fe:a9fe]/hook", // IPv4-translated 169.254.169.254 (SIIT)
          "https://[::ffff:0:127.0.0.1]/hook",
          "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", // Teredo
          "https://[2001:db8::1]/hook", // documentation
          "https://[100::1]/hook", // discard-only
          "https://[64:ff9b::a00:1]/hook", // NAT64 of 10.0.0.1
          "https://[4000::1]/hook", // outside global unicast 2000::/3
          "https://192.0.2.10/hook",
          "https://198.51.100.10/hook",
          "https://203.0.113.10/hook",
          "https://internal.example.com/hook",
          "https://metadata.example.com/hook"
        }) {
      assertTrue(refused(TESTS, url).contains("address"), url);
      assertTrue(refused(PRODUCTION, url).contains("address"), url);
    }
  }

  @Test
  void plainHttpCredentialsAndNonsenseAreRefused() {
    assertTrue(refused(PRODUCTION, "http://hooks.example.com/in").contains("https"));
    assertTrue(refused(PRODUCTION, "ftp://hooks.example.com/in").contains("https"));
    assertTrue(refused(PRODUCTION, "https://user:pw@hooks.example.com/in").contains("credentials"));
    assertTrue(refused(PRODUCTION, "/relative").contains("absolute"));
    assertTrue(refused(PRODUCTION, "https://nowhere.invalid/").contains("resolve"));
    assertTrue(refused(PRODUCTION, "https://exa mple.com/").contains("valid"));
    assertTrue(refused(PRODUCTION, "https://hooks.example.com:70000/in").contains("port"));
    assertTrue(refused(PRODUCTION, "https://hooks.example.com:0/in").contains("port"));
  }
}
