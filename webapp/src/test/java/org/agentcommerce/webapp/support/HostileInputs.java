package org.agentcommerce.webapp.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The hostile-input table, generated from the served OpenAPI document: for every operation, a
 * plausible request built from its schemas, then that request spoiled one way at a time — wrong
 * types, values past their bounds, huge values, unusual unicode, nulls, deep nesting, bodies over
 * the size limit, data after the JSON value, duplicated parameters, conflicting credentials. An
 * operation added later is covered without any new test code. The table samples rather than
 * multiplies: each parameter and each top-level body property gets its own few cases.
 */
public final class HostileInputs {

  /** What a case must get, beyond the invariants every answer must keep. */
  public enum Expect {
    /** Only the invariants: answered, documented, no 5xx, no internals. */
    ANSWERED,
    /** Refused: a 4xx, or a JSON-RPC error from a tool door. */
    REFUSED,
    /** 413 PAYLOAD_TOO_LARGE. */
    TOO_LARGE,
    /** 400 CREDENTIAL_CONFLICT. */
    CREDENTIAL_CONFLICT,
    /**
     * Refused by the servlet container before the application sees it: a 400 that may have no body
     * (a known gap, docs/security.md "The request edge"), never a 2xx or 5xx.
     */
    CONTAINER_REFUSAL
  }

  /** One request of the table. */
  public record Case(
      String operation,
      String name,
      String method,
      String target,
      Map<String, String> headers,
      byte[] body,
      boolean jsonRpc,
      Expect expect) {

    @Override
    public String toString() {
      return operation + " / " + name;
    }
  }

  /** How a request proves who it is, and the limits of the server under test. */
  public record Credentials(String apiKey, String otherApiKey, String buyerToken, int maxBody) {}

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_PARAMETERS = 8;
  private static final int MAX_PROPERTIES = 6;
  private static final String UNICODE = "\u0000\u202e\ud835\udd18\u00e9\u0301\ufeff\u2603";

  private final JsonNode document;
  private final Credentials credentials;

  public HostileInputs(String document, Credentials credentials) {
    this.document = OpenApiSchemas.read(document);
    this.credentials = credentials;
  }

  /** Every case for every operation of the document. */
  public List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    OpenApiSchemas.forEachOperation(
        document,
        (template, method, operation) ->
            cases.addAll(new Operation(template, method, operation).cases()));
    return cases;
  }

  /** The cases of one operation. */
  private final class Operation {
    private final String template;
    private final String method;
    private final JsonNode operation;
    private final String name;
    private final List<JsonNode> parameters = new ArrayList<>();
    private final JsonNode bodySchema;
    private final boolean jsonBody;
    private final boolean jsonRpc;
    private final boolean keyed;

    Operation(String template, String method, JsonNode operation) {
      this.template = template;
      this.method = method.toUpperCase(Locale.ROOT);
      this.operation = operation;
      this.name = this.method + " " + template;
      operation.path("parameters").forEach(parameters::add);
      JsonNode content = operation.path("requestBody").path("content");
      this.jsonBody = content.has("application/json");
      this.bodySchema =
          content.has("application/json")
              ? resolve(content.path("application/json").path("schema"))
              : content.has("*/*") ? NODES.objectNode() : null;
      this.jsonRpc = template.endsWith("/mcp");
      JsonNode security = operation.has("security") ? operation.path("security") : null;
      boolean open = security != null;
      if (security != null) {
        for (JsonNode requirement : security) {
          open &= requirement.size() == 0;
        }
      }
      this.keyed = !open;
    }

    List<Case> cases() {
      List<Case> cases = new ArrayList<>();
      Map<String, String> path = new LinkedHashMap<>();
      Map<String, List<String>> query = new LinkedHashMap<>();
      for (JsonNode p : parameters) {
        if (p.path("in").asText().equals("path")) {
          path.put(p.path("name").asText(), plausibleText(p));
        } else if (p.path("in").asText().equals("query") && p.path("required").asBoolean()) {
          query.put(p.path("name").asText(), List.of(plausibleText(p)));
        }
      }
      JsonNode body = bodySchema == null ? null : sample(bodySchema, 0);
      cases.add(build("a plausible request", path, query, headers(), body, Expect.ANSWERED));
      if (keyed) {
        Map<String, String> conflict = headers();
        conflict.put("Authorization", "Bearer " + credentials.otherApiKey());
        cases.add(
            build(
                "X-API-Key and another key as Bearer",
                path,
                query,
                conflict,
                body,
                Expect.CREDENTIAL_CONFLICT));
      }
      pathCases(cases, path, query, body);
      queryCases(cases, path, query, body);
      headerCases(cases, path, query, body);
      if (bodySchema != null) {
        bodyCases(cases, path, query, body);
      }
      return cases;
    }

    private void pathCases(
        List<Case> cases,
        Map<String, String> path,
        Map<String, List<String>> query,
        JsonNode body) {
      for (String parameter : path.keySet()) {
        Map<String, String> hostile = new LinkedHashMap<>();
        hostile.put("NUL", "%00");
        hostile.put("4000 characters", "a".repeat(4000));
        hostile.put("unicode", encode("\u202e\ud835\udd18\u00e9"));
        hostile.put("invalid UTF-8", "%C3%28");
        // As many levels up as the parameter is deep: it would land on another operation.
        int depth =
            template.substring(0, template.indexOf("{" + parameter + "}")).split("/").length - 1;
        hostile.put("encoded dot segments", "..%2F".repeat(depth) + "agent%2Fv1%2Fhealth");
        hostile.put("SQL", encode("' OR '1'='1"));
        hostile.forEach(
            (label, raw) -> {
              Map<String, String> spoiled = new LinkedHashMap<>(path);
              spoiled.put(parameter, RAW + raw);
              // The container refuses a path that does not decode (NUL, invalid UTF-8) itself.
              boolean container = label.equals("NUL") || label.equals("invalid UTF-8");
              cases.add(
                  build(
                      "path " + parameter + ": " + label,
                      spoiled,
                      query,
                      headers(),
                      body,
                      container ? Expect.CONTAINER_REFUSAL : Expect.REFUSED));
            });
      }
    }

    private void queryCases(
        List<Case> cases,
        Map<String, String> path,
        Map<String, List<String>> query,
        JsonNode body) {
      List<JsonNode> queryParameters =
          parameters.stream()
              .filter(p -> p.path("in").asText().equals("query"))
              .sorted(Comparator.comparingInt(p -> typed(schemaOf(p)) ? 0 : 1))
              .limit(MAX_PARAMETERS)
              .toList();
      for (JsonNode p : queryParameters) {
        String parameter = p.path("name").asText();
        JsonNode schema = schemaOf(p);
        String type = type(schema);
        boolean list = type.equals("array");
        Variants<List<String>> variants = new Variants<>();
        String plausible = plausibleText(p);
        variants.add(
            "sent twice", List.of(plausible, plausible), list ? Expect.ANSWERED : Expect.REFUSED);
        variants.add("3000 characters", List.of("9".repeat(3000)), Expect.ANSWERED);
        variants.add(
            "unicode",
            List.of(RAW + encode(UNICODE)),
            type.equals("string") || list ? Expect.ANSWERED : Expect.REFUSED);
        variants.add(
            "invalid UTF-8",
            List.of(RAW + "%C3%28%FF"),
            type.equals("string") || list ? Expect.ANSWERED : Expect.REFUSED);
        variants.add("empty", List.of(""), Expect.ANSWERED);
        switch (type) {
          case "integer", "number" -> {
            variants.add("not a number", List.of("12abc"), Expect.REFUSED);
            variants.add("beyond 64 bits", List.of("99999999999999999999999"), Expect.ANSWERED);
            bounds(schema)
                .forEach(
                    (label, v) -> variants.add(label, List.of(v.toPlainString()), Expect.REFUSED));
          }
          case "boolean" -> {
            variants.add("not a boolean", List.of("maybe"), Expect.REFUSED);
          }
          default -> {
            if (schema.has("enum")) {
              variants.add("outside its enum", List.of("not-one-of-them"), Expect.REFUSED);
            }
          }
        }
        for (Variant<List<String>> v : variants.list) {
          Map<String, List<String>> spoiled = new LinkedHashMap<>(query);
          spoiled.put(parameter, v.value());
          cases.add(
              build(
                  "query " + parameter + ": " + v.label(),
                  path,
                  spoiled,
                  headers(),
                  body,
                  v.expect()));
        }
      }
    }

    private void headerCases(
        List<Case> cases,
        Map<String, String> path,
        Map<String, List<String>> query,
        JsonNode body) {
      for (JsonNode p : parameters) {
        String header = p.path("name").asText();
        if (!p.path("in").asText().equals("header") || header.equalsIgnoreCase("Host")) {
          continue;
        }
        Map<String, String> huge = headers();
        huge.put(header, "h".repeat(4000));
        cases.add(
            build(
                "header " + header + ": 4000 characters", path, query, huge, body, Expect.REFUSED));
        Map<String, String> empty = headers();
        empty.put(header, "");
        cases.add(build("header " + header + ": empty", path, query, empty, body, Expect.ANSWERED));
      }
    }

    private void bodyCases(
        List<Case> cases,
        Map<String, String> path,
        Map<String, List<String>> query,
        JsonNode body) {
      String plain = body.toString();
      Expect malformed = Expect.REFUSED;
      cases.add(
          raw("body: data after the JSON value", path, query, plain + " {\"x\":1}", malformed));
      cases.add(
          raw(
              "body: wrapped in an array",
              path,
              query,
              "[" + plain + "]",
              jsonRpc ? Expect.ANSWERED : Expect.REFUSED));
      cases.add(raw("body: null", path, query, "null", Expect.REFUSED));
      cases.add(raw("body: a bare string", path, query, "\"x\"", Expect.REFUSED));
      cases.add(
          raw("body: truncated", path, query, plain.substring(0, plain.length() - 1), malformed));
      cases.add(
          raw(
              "body: nested 100000 deep",
              path,
              query,
              "[".repeat(100_000) + "]".repeat(100_000),
              Expect.REFUSED));
      cases.add(
          raw(
              "body: over the size limit",
              path,
              query,
              padded(body, credentials.maxBody() + 1),
              Expect.TOO_LARGE));
      cases.add(
          raw(
              "body: just under the size limit",
              path,
              query,
              padded(body, credentials.maxBody() - 64),
              Expect.ANSWERED));
      byte[] invalidUtf8 = withInvalidUtf8(body);
      cases.add(
          new Case(
              name,
              "body: invalid UTF-8",
              method,
              target(path, query),
              headers(),
              invalidUtf8,
              jsonRpc,
              Expect.REFUSED));
      if (!body.isObject()) {
        return;
      }
      List<String> properties = new ArrayList<>();
      resolve(bodySchema).path("properties").fieldNames().forEachRemaining(properties::add);
      for (String property : properties.subList(0, Math.min(MAX_PROPERTIES, properties.size()))) {
        JsonNode schema = resolve(resolve(bodySchema).path("properties").path(property));
        String type = type(schema);
        Variants<JsonNode> values = new Variants<>();
        values.add("null", NODES.nullNode(), Expect.ANSWERED);
        values.add(
            "nested 5000 deep", NODES.textNode(NESTED), jsonRpc ? Expect.ANSWERED : Expect.REFUSED);
        values.add(
            "unicode",
            NODES.textNode(UNICODE),
            type.equals("string") || type.equals("object") ? Expect.ANSWERED : Expect.REFUSED);
        values.add(
            "100000 characters",
            NODES.textNode("x".repeat(100_000)),
            type.equals("string") || type.equals("object") ? Expect.ANSWERED : Expect.REFUSED);
        values.add("1e400", NODES.numberNode(new BigDecimal("1e400")), Expect.ANSWERED);
        switch (type) {
          case "boolean" -> {
            values.add("a string", NODES.textNode("maybe"), Expect.REFUSED);
            values.add("a string saying true", NODES.textNode("true"), Expect.REFUSED);
          }
          case "integer", "number" -> {
            values.add("a string", NODES.textNode("12abc"), Expect.REFUSED);
            values.add("an object", NODES.objectNode().put("n", 1), Expect.REFUSED);
            bounds(schema)
                .forEach((label, v) -> values.add(label, NODES.numberNode(v), Expect.REFUSED));
          }
          case "string" -> {
            values.add("an array", NODES.arrayNode().add("x"), Expect.REFUSED);
            values.add("an object", NODES.objectNode().put("x", 1), Expect.REFUSED);
            if (schema.has("maxLength")) {
              values.add(
                  "past its maxLength",
                  NODES.textNode("x".repeat(schema.path("maxLength").asInt() + 1)),
                  Expect.REFUSED);
            }
          }
          case "array" -> {
            values.add("a string", NODES.textNode("x"), Expect.REFUSED);
            values.add("an array of nulls", NODES.arrayNode().addNull().addNull(), Expect.ANSWERED);
          }
          default -> {
            values.add("a string", NODES.textNode("x"), Expect.ANSWERED);
          }
        }
        for (Variant<JsonNode> v : values.list) {
          ObjectNode spoiled = ((ObjectNode) body).deepCopy();
          spoiled.set(property, v.value());
          // Jackson writes at most 1000 levels: the deep value goes in as text.
          String text = spoiled.toString().replace("\"" + NESTED + "\"", nested(5000));
          cases.add(raw("body " + property + ": " + v.label(), path, query, text, v.expect()));
        }
      }
    }

    private Case raw(
        String label,
        Map<String, String> path,
        Map<String, List<String>> query,
        String body,
        Expect expect) {
      return new Case(
          name,
          label,
          method,
          target(path, query),
          headers(),
          body.getBytes(StandardCharsets.UTF_8),
          jsonRpc,
          expect);
    }

    private Case build(
        String label,
        Map<String, String> path,
        Map<String, List<String>> query,
        Map<String, String> headers,
        JsonNode body,
        Expect expect) {
      return new Case(
          name,
          label,
          method,
          target(path, query),
          headers,
          body == null ? null : body.toString().getBytes(StandardCharsets.UTF_8),
          jsonRpc,
          expect);
    }

    /** The credentials and the declared headers a client would send, with plausible values. */
    private Map<String, String> headers() {
      Map<String, String> headers = new LinkedHashMap<>();
      if (keyed) {
        headers.put("X-API-Key", credentials.apiKey());
        headers.put("X-Agent-User-JWT", credentials.buyerToken());
      }
      for (JsonNode p : parameters) {
        if (!p.path("in").asText().equals("header")) {
          continue;
        }
        switch (p.path("name").asText().toLowerCase(Locale.ROOT)) {
          case "x-buyer-ref" -> headers.put("X-Buyer-Ref", "guest:" + UUID.randomUUID());
          case "idempotency-key" -> headers.put("Idempotency-Key", UUID.randomUUID().toString());
          default -> {}
        }
      }
      if (jsonBody || bodySchema != null) {
        headers.put("Content-Type", "application/json");
      }
      if (jsonRpc) {
        headers.put("Accept", "application/json, text/event-stream");
      }
      return headers;
    }

    private String target(Map<String, String> path, Map<String, List<String>> query) {
      String target = template;
      for (Map.Entry<String, String> p : path.entrySet()) {
        String value = p.getValue();
        value = value.startsWith(RAW) ? value.substring(RAW.length()) : encode(value);
        target = target.replace("{" + p.getKey() + "}", value);
      }
      StringBuilder q = new StringBuilder();
      query.forEach(
          (name, values) -> {
            for (String value : values) {
              q.append(q.length() == 0 ? '?' : '&')
                  .append(encode(name))
                  .append('=')
                  .append(value.startsWith(RAW) ? value.substring(RAW.length()) : encode(value));
            }
          });
      return target + q;
    }
  }

  /** One way to spoil a value, and what it must get. */
  private record Variant<V>(String label, V value, Expect expect) {}

  /** The ways to spoil one parameter or property, in order. */
  private static final class Variants<V> {
    final List<Variant<V>> list = new ArrayList<>();

    void add(String label, V value, Expect expect) {
      list.add(new Variant<>(label, value, expect));
    }
  }

  /** Marks a value that is already percent-encoded. */
  private static final String RAW = "\u0001raw:";

  private JsonNode schemaOf(JsonNode parameter) {
    return resolve(parameter.path("schema"));
  }

  private JsonNode resolve(JsonNode schema) {
    return OpenApiSchemas.resolve(document, schema);
  }

  private static String type(JsonNode schema) {
    return OpenApiSchemas.type(schema);
  }

  private static boolean typed(JsonNode schema) {
    String type = type(schema);
    return !type.equals("string") || schema.has("enum");
  }

  /** A value that fits {@code schema}: required properties, smallest allowed numbers. */
  private JsonNode sample(JsonNode schema, int depth) {
    schema = resolve(schema);
    if (schema.has("example")) {
      return schema.path("example");
    }
    if (schema.has("enum")) {
      for (JsonNode value : schema.path("enum")) {
        if (!value.isNull()) {
          return value;
        }
      }
    }
    switch (type(schema)) {
      case "string":
        if ("date-time".equals(schema.path("format").asText())) {
          return NODES.textNode("2030-01-01T00:00:00Z");
        }
        return NODES.textNode("edge");
      case "integer":
      case "number":
        return NODES.numberNode(schema.has("minimum") ? schema.path("minimum").asLong() : 1);
      case "boolean":
        return NODES.booleanNode(false);
      case "array":
        ArrayNode array = NODES.arrayNode();
        if (schema.path("minItems").asInt(0) > 0 && depth < 4) {
          array.add(sample(schema.path("items"), depth + 1));
        }
        return array;
      default:
        ObjectNode object = NODES.objectNode();
        if (depth < 4) {
          for (JsonNode required : schema.path("required")) {
            object.set(
                required.asText(),
                sample(schema.path("properties").path(required.asText()), depth + 1));
          }
        }
        return object;
    }
  }

  private String plausibleText(JsonNode parameter) {
    if (parameter.has("example")) {
      return parameter.path("example").asText();
    }
    JsonNode value = sample(schemaOf(parameter), 0);
    if (value.isArray()) {
      return "edge";
    }
    return value.isTextual() ? value.asText() : value.toString();
  }

  /** One past each bound the schema declares, by label. */
  private static Map<String, BigDecimal> bounds(JsonNode schema) {
    Map<String, BigDecimal> past = new LinkedHashMap<>();
    if (schema.has("minimum")) {
      past.put("below its minimum", schema.path("minimum").decimalValue().subtract(BigDecimal.ONE));
    }
    if (schema.has("maximum")) {
      past.put("above its maximum", schema.path("maximum").decimalValue().add(BigDecimal.ONE));
    }
    return past;
  }

  private static final String NESTED = "@@nested@@";

  private static String nested(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  /** {@code body} with an extra {@code pad} member making it {@code size} bytes long. */
  private static String padded(JsonNode body, int size) {
    ObjectNode object = body.isObject() ? ((ObjectNode) body).deepCopy() : NODES.objectNode();
    object.put("pad", "");
    int missing = size - object.toString().getBytes(StandardCharsets.UTF_8).length;
    object.put("pad", "p".repeat(Math.max(0, missing)));
    return object.toString();
  }

  /** The body with the bytes C3 28 (not UTF-8) inside a string value. */
  private static byte[] withInvalidUtf8(JsonNode body) {
    ObjectNode object = body.isObject() ? ((ObjectNode) body).deepCopy() : NODES.objectNode();
    object.put("edge_marker", "MARK");
    byte[] bytes = object.toString().getBytes(StandardCharsets.UTF_8);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int at = text.indexOf("MARK");
    bytes[at] = (byte) 0xC3;
    bytes[at + 1] = (byte) 0x28;
    return bytes;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
