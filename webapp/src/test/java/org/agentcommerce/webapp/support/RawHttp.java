package org.agentcommerce.webapp.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests no HTTP client library would send: any bytes in the
 * request line, headers and body. Reads every answer the server writes until it closes the
 * connection or goes quiet, so a test sees a smuggled second answer, a missing answer (the server
 * left the client waiting) and whether the connection was closed.
 */
public final class RawHttp {

  private final URL base;

  public RawHttp(URL base) {
    this.base = base;
  }

  /** What came back on one connection. */
  public record Exchange(List<Http.Answer> answers, boolean closed, long millis) {

    /** The first answer; fails when the server answered nothing. */
    public Http.Answer first() {
      if (answers.isEmpty()) {
        throw new AssertionError(
            "no answer within the timeout (connection " + (closed ? "closed" : "open") + ")");
      }
      return answers.get(0);
    }
  }

  /** The request line and headers as given, then {@code body}; waits up to {@code timeoutMs}. */
  public Exchange send(String head, byte[] body, int timeoutMs) {
    byte[] start = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] request = new byte[start.length + (body == null ? 0 : body.length)];
    System.arraycopy(start, 0, request, 0, start.length);
    if (body != null) {
      System.arraycopy(body, 0, request, start.length, body.length);
    }
    return send(request, timeoutMs);
  }

  /** Writes {@code request} and reads until the server closes or is quiet for {@code timeoutMs}. */
  public Exchange send(byte[] request, int timeoutMs) {
    long started = System.nanoTime();
    try (Socket socket = new Socket("127.0.0.1", base.getPort())) {
      socket.setSoTimeout(timeoutMs);
      try {
        socket.getOutputStream().write(request);
        socket.getOutputStream().flush();
      } catch (IOException refusedMidway) {
        // The server may answer and close before reading a large body; read what it said.
      }
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      boolean closed = readUntilQuiet(socket.getInputStream(), received);
      return new Exchange(
          parse(received.toByteArray()), closed, (System.nanoTime() - started) / 1_000_000);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Checks an answer against the served OpenAPI document, as {@link Http} does. */
  public void checkContract(String method, String target, Http.Answer answer) {
    ContractGuard.of(URI.create("http://127.0.0.1:" + base.getPort()))
        .check(method, target, answer);
  }

  private static boolean readUntilQuiet(InputStream in, ByteArrayOutputStream out)
      throws IOException {
    byte[] buffer = new byte[16384];
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
      }
      return true;
    } catch (SocketTimeoutException quiet) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  /** Every complete HTTP/1.1 answer in {@code bytes}, in order. */
  static List<Http.Answer> parse(byte[] bytes) {
    List<Http.Answer> answers = new ArrayList<>();
    int at = 0;
    while (at < bytes.length) {
      int end = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), at);
      if (end < 0 || !startsWith(bytes, at, "HTTP/")) {
        break;
      }
      String[] lines = new String(bytes, at, end - at, StandardCharsets.ISO_8859_1).split("\r\n");
      String[] status = lines[0].split(" ", 3);
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers
              .computeIfAbsent(lines[i].substring(0, colon).trim(), k -> new ArrayList<>())
              .add(lines[i].substring(colon + 1).trim());
        }
      }
      at = end + 4;
      String length = first(headers, "Content-Length");
      byte[] body;
      if ("chunked".equalsIgnoreCase(first(headers, "Transfer-Encoding"))) {
        ByteArrayOutputStream decoded = new ByteArrayOutputStream();
        while (true) {
          int lineEnd = indexOf(bytes, "\r\n".getBytes(StandardCharsets.ISO_8859_1), at);
          if (lineEnd < 0) {
            at = bytes.length;
            break;
          }
          String size = new String(bytes, at, lineEnd - at, StandardCharsets.ISO_8859_1);
          int n = Integer.parseInt(size.split(";")[0].trim(), 16);
          at = lineEnd + 2;
          if (n == 0) {
            int trailerEnd = indexOf(bytes, "\r\n".getBytes(StandardCharsets.ISO_8859_1), at);
            at = trailerEnd < 0 ? bytes.length : trailerEnd + 2;
            break;
          }
          decoded.write(bytes, at, Math.min(n, bytes.length - at));
          at = Math.min(bytes.length, at + n + 2);
        }
        body = decoded.toByteArray();
      } else {
        int n = length == null ? 0 : Integer.parseInt(length);
        n = Math.min(n, bytes.length - at);
        body = new byte[n];
        System.arraycopy(bytes, at, body, 0, n);
        at += n;
      }
      answers.add(
          new Http.Answer(
              Integer.parseInt(status[1]), headers, new String(body, StandardCharsets.UTF_8)));
    }
    return answers;
  }

  private static String first(Map<String, List<String>> headers, String name) {
    return headers.entrySet().stream()
        .filter(e -> e.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)))
        .map(e -> e.getValue().get(0))
        .findFirst()
        .orElse(null);
  }

  private static boolean startsWith(byte[] bytes, int at, String prefix) {
    return bytes.length - at >= prefix.length()
        && new String(bytes, at, prefix.length(), StandardCharsets.ISO_8859_1).equals(prefix);
  }

  private static int indexOf(byte[] bytes, byte[] needle, int from) {
    outer:
    for (int i = from; i <= bytes.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (bytes[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
