package org.agentcommerce.events.infrastructure;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.WebhookTransport;

/**
 * Webhook requests over HTTP/1.1 on blocking sockets, kept alive per destination.
 *
 * <ul>
 *   <li>The connection goes to one of the addresses the destination guard checked, in their order:
 *       the name is never resolved again (no DNS rebinding between check and connect). A kept-alive
 *       connection is reused only while its peer is still one of the checked addresses.
 *   <li>https: the JVM's default trust store, SNI and host name verification (endpoint
 *       identification {@code HTTPS}).
 *   <li>One deadline for the whole exchange: connect, TLS handshake, writing the request, the
 *       answer's head and its body. Reads wait at most the time left; a write the receiver does not
 *       read is ended by closing the socket shortly after the deadline.
 *   <li>Never follows a redirect: a 3xx is the answer. {@code 1xx} interim answers are skipped.
 *   <li>The answer's body is read and thrown away up to 1 MiB (then the connection is closed
 *       instead); the connection is kept only when the answer was HTTP/1.1, framed by {@code
 *       Content-Length} or chunked, read to its end and not {@code Connection: close}.
 *   <li>A request is sent once: a connection that fails is the attempt's failure (the delivery's
 *       retry schedule sends it again). A kept-alive connection idle for more than a second is
 *       first checked for the receiver's idle close (a read that waits a millisecond), so that a
 *       receiver's keep-alive timeout does not fail attempts.
 * </ul>
 *
 * Why not {@code java.net.http.HttpClient}: it resolves the name itself, and on this two-core
 * machine it started a thread per request (its completion stages run on a thread per task when the
 * common pool has one worker): about half a millisecond of CPU per delivery, measured.
 */
@ApplicationScoped
public class Http11WebhookTransport implements WebhookTransport {

  private static final Logger LOG = Logger.getLogger(Http11WebhookTransport.class.getName());

  static final int MAX_LINE = 8 * 1024;
  static final int MAX_HEAD = 64 * 1024;
  static final long MAX_BODY = 1024 * 1024;
  static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(15);
  static final long CHECK_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);
  static final int MAX_IDLE_PER_DESTINATION = 64;
  private static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

  @Resource ManagedThreadFactory managedThreads;

  private SSLSocketFactory tls;
  private ThreadFactory threads;
  private volatile ScheduledExecutorService reaper;
  private volatile boolean closed;

  /** Kept-alive connections per destination, the most recently used last. */
  private final Map<String, ArrayDeque<Conn>> idle = new HashMap<>();

  /**
   * Sockets of exchanges under way, from before the connect to the end of the answer, and their
   * deadlines (System.nanoTime): the reaper closes them when the deadline has passed.
   */
  private final Map<Socket, Long> busy = new ConcurrentHashMap<>();

  /** For CDI: the default TLS context and the container's thread factory. */
  public Http11WebhookTransport() {}

  /** For tests: a TLS context of their own and plain threads. */
  public Http11WebhookTransport(SSLSocketFactory tls, ThreadFactory threads) {
    this.tls = tls;
    this.threads = threads;
  }

  @PostConstruct
  void init() {
    if (threads == null) {
      threads = managedThreads != null ? managedThreads : Executors.defaultThreadFactory();
    }
  }

  private SSLSocketFactory tls() throws IOException {
    SSLSocketFactory f = tls;
    if (f == null) {
      try {
        f = SSLContext.getDefault().getSocketFactory();
      } catch (NoSuchAlgorithmException e) {
        throw new IOException("No TLS context", e);
      }
      tls = f;
    }
    return f;
  }

  /** A connection and its read buffer. */
  private static final class Conn {
    final String key;
    final Socket raw;
    final Socket socket;
    final InputStream in;
    final OutputStream out;
    final byte[] buf = new byte[8192];
    int pos;
    int lim;
    long idleSince;

    Conn(String key, Socket raw, Socket socket) throws IOException {
      this.key = key;
      this.raw = raw;
      this.socket = socket;
      this.in = socket.getInputStream();
      this.out = socket.getOutputStream();
    }
  }

  @Override
  public Answer post(
      DestinationGuard.Checked to, List<String[]> headers, byte[] body, Duration timeout)
      throws IOException {
    if (closed) {
      throw new IOException("The webhook transport is shut down");
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    URI uri = to.uri();
    boolean https = "https".equals(uri.getScheme().toLowerCase(Locale.ROOT));
    int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
    String host = uri.getHost();
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    String key = (https ? "https://" : "http://") + host.toLowerCase(Locale.ROOT) + ":" + port;
    byte[] request = request(uri, host, port, https, headers, body);
    Conn c = takeIdle(key, to.addresses());
    if (c == null) {
      c = connect(key, to.addresses(), bare, port, https, deadline);
    }
    return exchange(c, request, deadline);
  }

  private Answer exchange(Conn c, byte[] request, long deadline) throws IOException {
    busy.put(c.raw, deadline);
    startReaper();
    boolean keep = false;
    try {
      c.out.write(request);
      c.out.flush();
      while (true) {
        String line = readLine(c, deadline);
        String[] parts = line.split(" ", 3);
        if (parts.length < 2
            || !parts[0].startsWith("HTTP/1.")
            || parts[1].length() != 3
            || !parts[1].chars().allMatch(Character::isDigit)) {
          throw new IOException("Not an HTTP/1.x answer");
        }
        int status = Integer.parseInt(parts[1]);
        Head head = readHead(c, deadline);
        if (status >= 100 && status < 200) {
          if (status == 101) {
            throw new IOException("The receiver switched protocols");
          }
          continue; // interim answer: the final one follows
        }
        boolean http11 = parts[0].equals("HTTP/1.1");
        keep = http11 && !head.close && readBody(c, status, head, deadline);
        return new Answer(status, head.retryAfter);
      }
    } catch (SocketTimeoutException e) {
      throw timedOut();
    } catch (IOException e) {
      if (!(e instanceof TimedOut) && overdue(deadline)) {
        throw timedOut(); // the reaper closed the socket at the deadline (or a write failed late)
      }
      throw e;
    } finally {
      busy.remove(c.raw);
      if (keep && !closed) {
        giveBack(c);
      } else {
        close(c.socket);
      }
    }
  }

  private static boolean overdue(long deadline) {
    return System.nanoTime() - deadline >= 0;
  }

  private static TimedOut timedOut() {
    return new TimedOut("The receiver did not answer within the timeout");
  }

  private Conn connect(
      String key, List<InetAddress> addresses, String host, int port, boolean https, long deadline)
      throws IOException {
    IOException last = new IOException("No address to connect to");
    for (InetAddress address : addresses) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw timedOut();
      }
      Socket raw = new Socket();
      // Watched from here on: a peer that trickles the TLS handshake a byte at a time would
      // otherwise never let a per-read timeout fire.
      busy.put(raw, deadline);
      startReaper();
      try {
        raw.setTcpNoDelay(true);
        raw.connect(
            new InetSocketAddress(address, port),
            (int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        Socket socket = raw;
        if (https) {
          raw.setSoTimeout(millisLeft(deadline));
          SSLSocket ssl = (SSLSocket) tls().createSocket(raw, host, port, true);
          SSLParameters p = ssl.getSSLParameters();
          p.setEndpointIdentificationAlgorithm("HTTPS");
          ssl.setSSLParameters(p);
          ssl.startHandshake();
          socket = ssl;
        }
        return new Conn(key, raw, socket);
      } catch (IOException e) {
        busy.remove(raw);
        close(raw);
        last = e instanceof SocketTimeoutException || overdue(deadline) ? timedOut() : e;
      }
    }
    throw last;
  }

  private static int millisLeft(long deadline) throws TimedOut {
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    if (left <= 0) {
      throw timedOut();
    }
    return (int) Math.min(Integer.MAX_VALUE, left);
  }

  /** The request's bytes: head and body in one array, written with one call. */
  static byte[] request(
      URI uri, String host, int port, boolean https, List<String[]> headers, byte[] body) {
    StringBuilder head = new StringBuilder(512);
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    head.append("POST ").append(path);
    if (uri.getRawQuery() != null) {
      head.append('?').append(uri.getRawQuery());
    }
    head.append(" HTTP/1.1\r\nHost: ").append(host);
    if (port != (https ? 443 : 80)) {
      head.append(':').append(port);
    }
    head.append("\r\n");
    for (String[] h : headers) {
      String name = h[0];
      if (name.equalsIgnoreCase("host")
          || name.equalsIgnoreCase("content-length")
          || name.equalsIgnoreCase("connection")
          || name.equalsIgnoreCase("transfer-encoding")) {
        throw new IllegalArgumentException("The transport sets " + name + " itself");
      }
      if (!token(name) || !fieldValue(h[1])) {
        throw new IllegalArgumentException("A header name or value a request cannot carry");
      }
      head.append(name).append(": ").append(h[1]).append("\r\n");
    }
    head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  private static boolean token(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean fieldValue(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < ' ' && c != '\t') || c == 127 || c > 255) {
        return false;
      }
    }
    return true;
  }

  /** What the answer's head says about its body and connection. */
  private static final class Head {
    long contentLength = -1;
    boolean chunked;
    boolean otherCoding;
    boolean close;
    String retryAfter;
  }

  private Head readHead(Conn c, long deadline) throws IOException {
    Head head = new Head();
    int total = 0;
    while (true) {
      String line = readLine(c, deadline);
      if (line.isEmpty()) {
        return head;
      }
      total += line.length() + 2;
      if (total > MAX_HEAD) {
        throw new IOException("The answer's head is too large");
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new IOException("A malformed header line in the answer");
      }
      String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).trim();
      switch (name) {
        case "content-length" -> {
          long n;
          try {
            n = Long.parseLong(value);
          } catch (NumberFormatException e) {
            throw new IOException("A malformed Content-Length in the answer");
          }
          if (n < 0 || (head.contentLength >= 0 && head.contentLength != n)) {
            throw new IOException("A malformed Content-Length in the answer");
          }
          head.contentLength = n;
        }
        case "transfer-encoding" -> {
          String[] codings = value.toLowerCase(Locale.ROOT).split(",");
          boolean lastChunked = codings[codings.length - 1].trim().equals("chunked");
          head.chunked = lastChunked;
          head.otherCoding = !lastChunked;
        }
        case "connection" -> head.close |= value.toLowerCase(Locale.ROOT).contains("close");
        case "retry-after" -> head.retryAfter = value;
        default -> {}
      }
    }
  }

  /**
   * Reads the answer's body and throws it away; answers whether the connection can carry another
   * request (the body's end is known and was reached).
   */
  private boolean readBody(Conn c, int status, Head head, long deadline) throws IOException {
    if (status == 204 || status == 304) {
      return true;
    }
    if (head.chunked) {
      long read = 0;
      while (true) {
        String size = readLine(c, deadline);
        int semi = size.indexOf(';');
        long n;
        try {
          n = Long.parseLong((semi >= 0 ? size.substring(0, semi) : size).trim(), 16);
        } catch (NumberFormatException e) {
          throw new IOException("A malformed chunk in the answer");
        }
        if (n < 0) {
          throw new IOException("A malformed chunk in the answer");
        }
        if (n == 0) {
          while (!readLine(c, deadline).isEmpty()) {
            // trailer fields: ignored
          }
          return true;
        }
        read += n;
        if (read > MAX_BODY) {
          return false;
        }
        skip(c, n, deadline);
        if (!readLine(c, deadline).isEmpty()) {
          throw new IOException("A malformed chunk in the answer");
        }
      }
    }
    if (head.otherCoding || head.contentLength < 0) {
      return false; // read to the end of the connection: nothing more to learn, so close it
    }
    if (head.contentLength > MAX_BODY) {
      return false;
    }
    skip(c, head.contentLength, deadline);
    return true;
  }

  private void skip(Conn c, long n, long deadline) throws IOException {
    while (n > 0) {
      if (c.pos == c.lim && !fill(c, deadline)) {
        throw new IOException("The answer ended early");
      }
      int k = (int) Math.min(n, c.lim - c.pos);
      c.pos += k;
      n -= k;
    }
  }

  /** One line of the answer without its CR LF. */
  private String readLine(Conn c, long deadline) throws IOException {
    StringBuilder line = new StringBuilder(64);
    while (true) {
      if (c.pos == c.lim && !fill(c, deadline)) {
        throw new java.io.EOFException(
            "The receiver closed the connection before its answer ended");
      }
      byte b = c.buf[c.pos++];
      if (b == '\n') {
        int len = line.length();
        if (len > 0 && line.charAt(len - 1) == '\r') {
          line.setLength(len - 1);
        }
        return line.toString();
      }
      if (line.length() >= MAX_LINE) {
        throw new IOException("A line of the answer is too long");
      }
      line.append((char) (b & 0xff));
    }
  }

  private static boolean fill(Conn c, long deadline) throws IOException {
    c.socket.setSoTimeout(millisLeft(deadline));
    int n = c.in.read(c.buf, 0, c.buf.length);
    if (n < 0) {
      return false;
    }
    c.pos = 0;
    c.lim = n;
    return true;
  }

  private Conn takeIdle(String key, List<InetAddress> addresses) {
    long now = System.nanoTime();
    synchronized (idle) {
      ArrayDeque<Conn> q = idle.get(key);
      while (q != null && !q.isEmpty()) {
        Conn c = q.pollLast();
        if (now - c.idleSince > IDLE_NANOS
            || c.socket.isClosed()
            || c.pos != c.lim // bytes nobody asked for: the connection is out of step
            || !addresses.contains(c.socket.getInetAddress())
            || (now - c.idleSince > CHECK_AFTER_NANOS && !open(c))) {
          close(c.socket);
          continue;
        }
        return c;
      }
    }
    return null;
  }

  /**
   * Whether a connection idle for a while is still open: a read that waits a millisecond sees the
   * end a receiver's idle timeout left (or bytes nobody asked for). A request is never sent twice
   * by this transport, so this is what keeps a receiver's idle close from failing an attempt.
   */
  private static boolean open(Conn c) {
    try {
      c.socket.setSoTimeout(1);
      return c.in.read(c.buf, 0, c.buf.length) == 0;
    } catch (SocketTimeoutException e) {
      return true; // nothing to read: open
    } catch (IOException e) {
      return false;
    }
  }

  private void giveBack(Conn c) {
    c.idleSince = System.nanoTime();
    synchronized (idle) {
      ArrayDeque<Conn> q = idle.computeIfAbsent(c.key, k -> new ArrayDeque<>());
      if (q.size() < MAX_IDLE_PER_DESTINATION) {
        q.addLast(c);
        return;
      }
    }
    close(c.socket);
  }

  private void startReaper() {
    if (reaper != null || closed) {
      return;
    }
    synchronized (this) {
      if (reaper == null && !closed) {
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(threads);
        s.scheduleWithFixedDelay(this::reap, 250, 250, TimeUnit.MILLISECONDS);
        reaper = s;
      }
    }
  }

  /**
   * Closes sockets of exchanges past their deadline (a write the receiver never reads does not end
   * otherwise) and kept-alive connections idle for too long.
   */
  void reap() {
    try {
      long now = System.nanoTime();
      busy.forEach(
          (socket, deadline) -> {
            if (now - deadline > GRACE_NANOS) {
              close(socket);
            }
          });
      synchronized (idle) {
        for (Iterator<ArrayDeque<Conn>> it = idle.values().iterator(); it.hasNext(); ) {
          ArrayDeque<Conn> q = it.next();
          q.removeIf(
              c -> {
                if (now - c.idleSince > IDLE_NANOS) {
                  close(c.socket);
                  return true;
                }
                return false;
              });
          if (q.isEmpty()) {
            it.remove();
          }
        }
      }
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "Reaping webhook connections failed", e);
    }
  }

  /** Kept-alive connections at the moment (tests, operators). */
  int idleConnections() {
    synchronized (idle) {
      return idle.values().stream().mapToInt(ArrayDeque::size).sum();
    }
  }

  /** Closes every connection, idle or in use (an attempt under way fails and is retried later). */
  @PreDestroy
  public void close() {
    closed = true;
    ScheduledExecutorService s = reaper;
    if (s != null) {
      s.shutdownNow();
    }
    busy.keySet().forEach(Http11WebhookTransport::close);
    synchronized (idle) {
      idle.values().forEach(q -> q.forEach(c -> close(c.socket)));
      idle.clear();
    }
  }

  private static void close(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
