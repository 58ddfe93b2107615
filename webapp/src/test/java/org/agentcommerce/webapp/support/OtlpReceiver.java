package org.agentcommerce.webapp.support;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP trace receiver on 127.0.0.1 for tests: accepts {@code POST /v1/traces} in the
 * protobuf encoding ({@code otel.exporter.otlp.protocol=http/protobuf}) and keeps every span. The
 * protobuf is read by hand (the wire format: varints, fixed 64-bit and length-delimited fields),
 * only the fields of {@code opentelemetry/proto/trace/v1/trace.proto} the tests look at.
 */
public final class OtlpReceiver implements AutoCloseable {

  /** A link of a span to another trace's span. */
  public record Link(String traceId, String spanId) {}

  /** A span as exported: ids in lower-case hex, kind as in the proto (1 internal ... 3 client). */
  public record Span(
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      int kind,
      long startNanos,
      long endNanos,
      Map<String, String> attributes,
      List<String> events,
      List<Map<String, String>> eventAttributes,
      List<Link> links,
      int statusCode) {}

  private final HttpServer server;
  private final List<Span> spans = new CopyOnWriteArrayList<>();

  public OtlpReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(
        "/v1/traces",
        exchange -> {
          byte[] body;
          try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
          }
          String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
          if ("gzip".equalsIgnoreCase(encoding)) {
            try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
              body = in.readAllBytes();
            }
          }
          int status = 200;
          try {
            readRequest(body);
          } catch (RuntimeException e) {
            status = 400;
          }
          exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    server.start();
  }

  /** The base address, for {@code otel.exporter.otlp.endpoint}. */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Span> spans() {
    return List.copyOf(spans);
  }

  /** Waits (up to {@code seconds}) until a span matches; answers it. */
  public Span await(Predicate<Span> matches, int seconds, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + seconds * 1000L;
    while (System.currentTimeMillis() < deadline) {
      for (Span s : spans) {
        if (matches.test(s)) {
          return s;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("No span " + what + " within " + seconds + " s; got " + spans);
  }

  @Override
  public void close() {
    server.stop(0);
  }

  // ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
  private void readRequest(byte[] body) {
    for (Field f : fields(body)) {
      if (f.number == 1) {
        // ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
        for (Field rs : fields(f.bytes)) {
          if (rs.number == 2) {
            // ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
            for (Field ss : fields(rs.bytes)) {
              if (ss.number == 2) {
                spans.add(span(ss.bytes));
              }
            }
          }
        }
      }
    }
  }

  private static Span span(byte[] bytes) {
    String traceId = null;
    String spanId = null;
    String parent = null;
    String name = null;
    int kind = 0;
    long start = 0;
    long end = 0;
    Map<String, String> attributes = new LinkedHashMap<>();
    List<String> events = new ArrayList<>();
    List<Map<String, String>> eventAttributes = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    int status = 0;
    for (Field f : fields(bytes)) {
      switch (f.number) {
        case 1 -> traceId = hex(f.bytes);
        case 2 -> spanId = hex(f.bytes);
        case 4 -> parent = f.bytes.length == 0 ? null : hex(f.bytes);
        case 5 -> name = new String(f.bytes, StandardCharsets.UTF_8);
        case 6 -> kind = (int) f.value;
        case 7 -> start = f.value;
        case 8 -> end = f.value;
        case 9 -> keyValue(f.bytes, attributes);
        case 11 -> {
          // Event { fixed64 time = 1; string name = 2; repeated KeyValue attributes = 3; }
          Map<String, String> ea = new LinkedHashMap<>();
          for (Field e : fields(f.bytes)) {
            if (e.number == 2) {
              events.add(new String(e.bytes, StandardCharsets.UTF_8));
            } else if (e.number == 3) {
              keyValue(e.bytes, ea);
            }
          }
          eventAttributes.add(ea);
        }
        case 13 -> {
          // Link { bytes trace_id = 1; bytes span_id = 2; ... }
          String lt = null;
          String ls = null;
          for (Field l : fields(f.bytes)) {
            if (l.number == 1) {
              lt = hex(l.bytes);
            } else if (l.number == 2) {
              ls = hex(l.bytes);
            }
          }
          links.add(new Link(lt, ls));
        }
        case 15 -> {
          // Status { string message = 2; StatusCode code = 3; }
          for (Field s : fields(f.bytes)) {
            if (s.number == 3) {
              status = (int) s.value;
            }
          }
        }
        default -> {}
      }
    }
    return new Span(
        traceId,
        spanId,
        parent,
        name,
        kind,
        start,
        end,
        attributes,
        events,
        eventAttributes,
        links,
        status);
  }

  // KeyValue { string key = 1; AnyValue value = 2; } AnyValue { string 1; bool 2; int64 3;
  // double 4; ArrayValue 5; KeyValueList 6; bytes 7; } -- every value kept as text.
  private static void keyValue(byte[] bytes, Map<String, String> into) {
    String key = null;
    String value = null;
    for (Field f : fields(bytes)) {
      if (f.number == 1) {
        key = new String(f.bytes, StandardCharsets.UTF_8);
      } else if (f.number == 2) {
        for (Field v : fields(f.bytes)) {
          value =
              switch (v.number) {
                case 1 -> new String(v.bytes, StandardCharsets.UTF_8);
                case 2 -> String.valueOf(v.value != 0);
                case 3 -> String.valueOf(v.value);
                case 4 -> String.valueOf(Double.longBitsToDouble(v.value));
                default ->
                    v.bytes == null
                        ? String.valueOf(v.value)
                        : new String(v.bytes, StandardCharsets.UTF_8);
              };
        }
      }
    }
    if (key != null) {
      into.put(key, value);
    }
  }

  private record Field(int number, long value, byte[] bytes) {}

  private static List<Field> fields(byte[] b) {
    List<Field> out = new ArrayList<>();
    int[] at = {0};
    while (at[0] < b.length) {
      long tag = varint(b, at);
      int number = (int) (tag >>> 3);
      int wire = (int) (tag & 7);
      switch (wire) {
        case 0 -> out.add(new Field(number, varint(b, at), null));
        case 1 -> {
          long v = 0;
          for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at[0] + i] & 0xffL);
          }
          at[0] += 8;
          out.add(new Field(number, v, null));
        }
        case 2 -> {
          int len = (int) varint(b, at);
          ByteArrayOutputStream part = new ByteArrayOutputStream(len);
          part.write(b, at[0], len);
          at[0] += len;
          out.add(new Field(number, 0, part.toByteArray()));
        }
        case 5 -> {
          long v = 0;
          for (int i = 3; i >= 0; i--) {
            v = (v << 8) | (b[at[0] + i] & 0xffL);
          }
          at[0] += 4;
          out.add(new Field(number, v, null));
        }
        default -> throw new IllegalArgumentException("wire type " + wire);
      }
    }
    return out;
  }

  private static long varint(byte[] b, int[] at) {
    long v = 0;
    int shift = 0;
    while (true) {
      byte x = b[at[0]++];
      v |= (long) (x & 0x7f) << shift;
      if ((x & 0x80) == 0) {
        return v;
      }
      shift += 7;
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
