package org.agentcommerce.events.domain.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Which webhook destinations we may call (the SSRF guard). A destination must be an absolute {@code
 * https} URL without credentials whose host resolves only to public addresses: never loopback,
 * private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), carrier-grade NAT (100.64/10), unspecified, multicast or reserved ranges,
 * and never an IPv4 address hidden in IPv6. The only exception is the explicit test setting {@code
 * allowHttpLoopback}: plain http to a loopback address (a receiver in a test). Checked when an
 * agent configures the URL and again for each delivery, whose connection goes to exactly the
 * addresses checked ({@link #resolve}): a name that resolves elsewhere between the check and the
 * connect (DNS rebinding) is never followed.
 */
public final class DestinationGuard {

  /** Resolves a host name to its addresses (the JVM's resolver in production). */
  public interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  /** Why a destination is refused, in words safe to show to its agent. */
  public static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    public Refused(String message) {
      super(message);
    }
  }

  private final Resolver resolver;
  private final boolean allowHttpLoopback;

  public DestinationGuard(Resolver resolver, boolean allowHttpLoopback) {
    this.resolver = resolver;
    this.allowHttpLoopback = allowHttpLoopback;
  }

  /** A destination that passed the guard: its URL and the addresses it was checked at. */
  public record Checked(URI uri, java.util.List<InetAddress> addresses) {
    public Checked {
      addresses = java.util.List.copyOf(addresses);
    }
  }

  /** The URL, parsed, when it may be called; {@link Refused} says why not. */
  public URI check(String url) throws Refused {
    return resolve(url).uri();
  }

  /**
   * The URL, parsed, with the addresses its host resolved to now, when it may be called: a
   * connection must go to one of these addresses, never to a new resolution of the name.
   */
  public Checked resolve(String url) throws Refused {
    URI uri;
    try {
      uri = new URI(url);
    } catch (java.net.URISyntaxException e) {
      throw new Refused("destination_url is not a valid URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute() || uri.getHost() == null || uri.getHost().isBlank()) {
      throw new Refused("destination_url must be an absolute URL with a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw new Refused("destination_url must not carry credentials");
    }
    if (uri.getRawFragment() != null) {
      throw new Refused("destination_url must not carry a fragment");
    }
    if (!scheme.equals("https") && !scheme.equals("http")) {
      throw new Refused("destination_url must be https");
    }
    if (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65535)) {
      throw new Refused("destination_url has a port outside 1-65535");
    }
    InetAddress[] addresses;
    try {
      String host = uri.getHost();
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      addresses = resolver.resolve(host);
    } catch (UnknownHostException e) {
      throw new Refused("destination_url's host does not resolve");
    }
    if (addresses.length == 0) {
      throw new Refused("destination_url's host does not resolve");
    }
    boolean allLoopback = true;
    for (InetAddress a : addresses) {
      allLoopback &= a.isLoopbackAddress();
    }
    if (allowHttpLoopback && allLoopback) {
      // the explicit test setting: a local receiver, http or https
      return new Checked(uri, java.util.Arrays.asList(addresses));
    }
    if (!scheme.equals("https")) {
      throw new Refused("destination_url must be https");
    }
    for (InetAddress a : addresses) {
      if (!isPublic(a)) {
        throw new Refused(
            "destination_url resolves to a private, loopback, link-local or reserved address");
      }
    }
    return new Checked(uri, java.util.Arrays.asList(addresses));
  }

  /** Whether the address is a public unicast address. */
  public static boolean isPublic(InetAddress a) {
    if (a.isLoopbackAddress()
        || a.isAnyLocalAddress()
        || a.isLinkLocalAddress()
        || a.isSiteLocalAddress()
        || a.isMulticastAddress()) {
      return false;
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address) {
      int o0 = b[0] & 0xff;
      int o1 = b[1] & 0xff;
      return !(o0 == 0 // this network
          || o0 == 10
          || o0 == 127
          || (o0 == 100 && o1 >= 64 && o1 <= 127) // carrier-grade NAT
          || (o0 == 169 && o1 == 254) // link-local, cloud metadata
          || (o0 == 172 && o1 >= 16 && o1 <= 31)
          || (o0 == 192 && o1 == 168)
          || (o0 == 192 && o1 == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
          || (o0 == 192 && o1 == 0 && (b[2] & 0xff) == 2) // documentation (TEST-NET-1)
          || (o0 == 198 && o1 == 51 && (b[2] & 0xff) == 100) // documentation (TEST-NET-2)
          || (o0 == 203 && o1 == 0 && (b[2] & 0xff) == 113) // documentation (TEST-NET-3)
          || (o0 == 198 && (o1 == 18 || o1 == 19)) // benchmarking
          || o0 >= 224); // multicast, reserved, broadcast
    }
    if (a instanceof Inet6Address) {
      int h0 = b[0] & 0xff;
      if ((h0 & 0xe0) != 0x20) {
        // Outside global unicast 2000::/3, where nothing public is allocated: unique local
        // fc00::/7 (fd00:ec2::254, the AWS metadata address, too), site-local fec0::/10, ::/80
        // (IPv4-mapped, compatible, unspecified, loopback), IPv4-translated ::ffff:0:0/96 (SIIT),
        // NAT64 64:ff9b::/96, discard-only 100::/64.
        return false;
      }
      if (h0 == 0x20 && (b[1] & 0xff) == 0x02) {
        return false; // 6to4 2002::/16 embeds an IPv4 address
      }
      if (h0 == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
        return false; // Teredo 2001::/32 embeds an IPv4 address
      }
      if (h0 == 0x20 && b[1] == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) {
        return false; // documentation 2001:db8::/32
      }
      return true;
    }
    return false;
  }
}
