package org.agentcommerce.platform.api;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.platform.interfaces.rest.WireNames;

/**
 * Writes records as JSON byte for byte as the service's JSON-B configuration does ({@code
 * JsonbProvider}: wire names, properties in lexicographic order of their wire names, nulls written
 * out), for hot answers such as a search page (20 products are about 40 KB, which JSON-B wrote at
 * about 100 MB/s). Only strings, numbers, booleans, instants, lists, string-keyed maps and records
 * of them are known; anything else is refused, not guessed. The catalog's {@code RecordJsonTest}
 * holds the output to JSON-B's.
 */
public final class RecordJson {

  /** A record's properties in wire order. */
  private record Shape(String[] keys, Method[] accessors) {}

  private static final Map<Class<?>, Shape> SHAPES = new ConcurrentHashMap<>();

  /**
   * Writes the JSON of some values the caller already knows (a product rendered before, say); for
   * any other value it writes nothing and answers false.
   */
  @FunctionalInterface
  public interface Known {
    boolean write(Object value, StringBuilder out);
  }

  private static final Known NONE = (value, out) -> false;

  private RecordJson() {}

  /** {@code value} as UTF-8 JSON. */
  public static byte[] write(Object value) {
    return write(value, NONE);
  }

  /** {@code value} as UTF-8 JSON, records {@code known} can write written by it. */
  public static byte[] write(Object value, Known known) {
    StringBuilder out = new StringBuilder(8192);
    value(out, value, known);
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** {@code value} as JSON text. */
  public static String text(Object value) {
    StringBuilder out = new StringBuilder(2048);
    value(out, value, NONE);
    return out.toString();
  }

  private static void value(StringBuilder out, Object v, Known known) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof String s) {
      string(out, s);
    } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
      out.append(v);
    } else if (v instanceof BigDecimal d) {
      out.append(d.toString());
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        throw new IllegalArgumentException("no JSON number for " + d);
      }
      out.append(d.doubleValue());
    } else if (v instanceof Instant t) {
      out.append('"').append(t).append('"');
    } else if (v instanceof Collection<?> c) {
      out.append('[');
      boolean first = true;
      for (Object e : c) {
        if (!first) {
          out.append(',');
        }
        first = false;
        value(out, e, known);
      }
      out.append(']');
    } else if (v instanceof Map<?, ?> m) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        string(out, (String) e.getKey());
        out.append(':');
        value(out, e.getValue(), known);
      }
      out.append('}');
    } else if (v instanceof Record r) {
      if (!known.write(r, out)) {
        record(out, r, known);
      }
    } else {
      throw new IllegalArgumentException("no JSON form known for " + v.getClass());
    }
  }

  private static void record(StringBuilder out, Record r, Known known) {
    Shape shape = SHAPES.computeIfAbsent(r.getClass(), RecordJson::shape);
    out.append('{');
    for (int i = 0; i < shape.keys().length; i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(shape.keys()[i]);
      try {
        value(out, shape.accessors()[i].invoke(r), known);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException(
            "cannot read " + shape.keys()[i] + " of " + r.getClass(), e);
      }
    }
    out.append('}');
  }

  private static Shape shape(Class<?> type) {
    RecordComponent[] components = type.getRecordComponents();
    Integer[] order = new Integer[components.length];
    String[] wire = new String[components.length];
    for (int i = 0; i < components.length; i++) {
      order[i] = i;
      wire[i] = WireNames.toWire(components[i].getName());
    }
    Arrays.sort(order, Comparator.comparing(i -> wire[i]));
    String[] keys = new String[components.length];
    Method[] accessors = new Method[components.length];
    for (int i = 0; i < order.length; i++) {
      StringBuilder key = new StringBuilder();
      string(key, wire[order[i]]);
      keys[i] = key.append(':').toString();
      accessors[i] = components[order[i]].getAccessor();
      accessors[i].setAccessible(true);
    }
    return new Shape(keys, accessors);
  }

  /** A JSON string: quote, backslash and control characters escaped, the rest as is. */
  private static void string(StringBuilder out, String s) {
    out.append('"');
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\') {
        continue;
      }
      out.append(s, from, i);
      from = i + 1;
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          String hex = Integer.toHexString(c);
          out.append("\\u").append("0000", hex.length(), 4).append(hex);
        }
      }
    }
    out.append(s, from, s.length()).append('"');
  }
}
