package org.agentcommerce.webapp.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The contract guard: checks an answer of our own REST API against the OpenAPI document the server
 * serves. The operation is found by method and path template; the status must be documented (a
 * status code, its {@code 4XX} range or {@code default}); a JSON body must validate against the
 * documented schema (JSON Schema 2020-12, formats asserted). {@link Http} calls it on every answer,
 * so each test is guarded without code of its own.
 */
public final class ContractGuard {

  static final String DOCUMENT = "/agent/v1/openapi.json";

  /**
   * Not our contract: the runtime's own endpoints (MicroProfile Health, Metrics, OpenAPI) and the
   * test-only resources tests add to the WAR under /agent/v1/test/ (never scanned into the
   * document).
   */
  private static final Pattern NOT_CONTRACT =
      Pattern.compile("/(health|metrics|openapi)(/.*)?|/agent/v1/test/.*");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> METHODS =
      Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
  private static final Map<URI, ContractGuard> BY_SERVER = new ConcurrentHashMap<>();

  /** The WAR each test node serves, where its starter said (see {@link #serves}). */
  private static final Map<URI, String> WAR_OF = new ConcurrentHashMap<>();

  /** One guard per WAR, read from the first of its servers a test asked. */
  private static final Map<String, ContractGuard> BY_WAR = new ConcurrentHashMap<>();

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final ObjectNode document;
  private final List<Template> templates;
  private final JsonSchemaFactory factory =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private final SchemaValidatorsConfig config =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
  private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

  /** A path of the document as a pattern; more literal segments win, as in JAX-RS. */
  private record Template(String path, Pattern pattern, int literals) {}

  private ContractGuard(ObjectNode document) {
    this.document = document;
    List<Template> list = new ArrayList<>();
    document
        .path("paths")
        .fieldNames()
        .forEachRemaining(
            path -> {
              StringBuilder regex = new StringBuilder();
              int literals = 0;
              for (String segment : path.substring(1).split("/", -1)) {
                regex.append('/');
                if (segment.startsWith("{") && segment.endsWith("}")) {
                  regex.append("[^/]+");
                } else {
                  regex.append(Pattern.quote(segment));
                  literals++;
                }
              }
              list.add(new Template(path, Pattern.compile(regex.toString()), literals));
            });
    list.sort(Comparator.comparingInt(Template::literals).reversed());
    this.templates = List.copyOf(list);
  }

  /**
   * The guard of the server at {@code base}, reading its document once; for a server that serves a
   * WAR another server of this JVM serves (see {@link #serves}), the guard of the first.
   */
  static ContractGuard of(URI base) {
    String war = WAR_OF.get(base);
    if (war != null) {
      return BY_WAR.computeIfAbsent(war, w -> BY_SERVER.computeIfAbsent(base, ContractGuard::load));
    }
    return BY_SERVER.computeIfAbsent(base, ContractGuard::load);
  }

  /**
   * Says that the server about to answer at {@code base} serves the WAR {@code war} (a file's
   * identity): servers serving the same WAR share one guard, so the document is read from only the
   * first of them. The document is derived from the deployed code alone (the filter reads no
   * configuration, and its servers entry is the relative "/"), so nodes that differ only in their
   * options serve it byte for byte alike (PartnerPurchasesIT checks one such node against the
   * shared server); and a node derives it on its first request for it, 8-9 CPU s on this two-core
   * machine, which most of the suite's 20-odd second nodes would otherwise spend only for the
   * guard. Whatever guard {@code base} had (an earlier server on the same port) is forgotten.
   */
  static void serves(URI base, String war) {
    BY_SERVER.remove(base);
    WAR_OF.put(base, war);
  }

  /** A WAR file's identity for {@link #serves}: its path, size and time. */
  static String identity(java.io.File war) throws IOException {
    return war.getCanonicalPath() + " " + war.length() + " " + war.lastModified();
  }

  /**
   * Reads the document; a 503 (the runtime has not derived it yet, slow on a busy machine) is
   * retried as its Retry-After says, for up to two minutes, and one request may take as long: the
   * node that derives it on this request spends some 9 CPU s on it, minutes on a loaded machine.
   */
  private static ContractGuard load(URI base) {
    try {
      return new ContractGuard((ObjectNode) JSON.readTree(document(base)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The document the server at {@code base} serves, as it serves it (see {@link #load}). */
  static String document(URI base) {
    HttpRequest get =
        HttpRequest.newBuilder(base.resolve(DOCUMENT)).timeout(Duration.ofSeconds(120)).build();
    long deadline = System.currentTimeMillis() + 120_000;
    try {
      HttpResponse<String> answer = CLIENT.send(get, HttpResponse.BodyHandlers.ofString());
      // 404 too: before the application is deployed the runtime may answer for it.
      while ((answer.statusCode() == 503 || answer.statusCode() == 404)
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(500);
        answer = CLIENT.send(get, HttpResponse.BodyHandlers.ofString());
      }
      if (answer.statusCode() != 200) {
        throw new IllegalStateException(
            "The contract guard could not read " + DOCUMENT + ": " + answer.statusCode());
      }
      return answer.body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Fails with the operation, the status and every failing JSON path when the answer is not what
   * the document promises.
   */
  void check(String method, String target, Http.Answer answer) {
    String path = URI.create(target).getRawPath();
    if (NOT_CONTRACT.matcher(path).matches() || "OPTIONS".equals(method)) {
      // OPTIONS is answered generically on every path (docs/openapi.md), not per operation.
      return;
    }
    Optional<Template> template =
        templates.stream().filter(t -> t.pattern().matcher(path).matches()).findFirst();
    String request = method + " " + path;
    if (template.isEmpty()) {
      throw mismatch(request, answer, "the path is not in the OpenAPI document");
    }
    String pointer = "/paths/" + escape(template.get().path());
    JsonNode operation = document.at(pointer + "/" + method.toLowerCase(Locale.ROOT));
    if (operation.isMissingNode()) {
      throw mismatch(
          request + " (" + template.get().path() + ")",
          answer,
          "the method is not documented for this path; documented: " + documentedMethods(pointer));
    }
    String name =
        operation.path("operationId").asText(method + " " + template.get().path())
            + " ("
            + method
            + " "
            + template.get().path()
            + ")";
    JsonNode responses = operation.path("responses");
    String status = Integer.toString(answer.status());
    String key =
        responses.has(status)
            ? status
            : responses.has(status.charAt(0) + "XX")
                ? status.charAt(0) + "XX"
                : responses.has("default") ? "default" : null;
    if (key == null) {
      throw mismatch(
          name,
          answer,
          "status "
              + status
              + " is not documented; documented: "
              + iterable(responses.fieldNames()));
    }
    String body = answer.body();
    if (body == null || body.isBlank()) {
      return;
    }
    String type = answer.header("Content-Type").orElse("");
    JsonNode content = responses.path(key).path("content");
    if (!type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
      return;
    }
    if (!content.has("application/json")) {
      throw mismatch(name, answer, "a JSON body where the document describes none");
    }
    String schemaPointer =
        pointer
            + "/"
            + method.toLowerCase(Locale.ROOT)
            + "/responses/"
            + escape(key)
            + "/content/application~1json/schema";
    if (document.at(schemaPointer).isMissingNode()) {
      return;
    }
    JsonSchema schema = schemas.computeIfAbsent(schemaPointer, this::schemaAt);
    Set<ValidationMessage> errors = schema.validate(body, InputFormat.JSON);
    if (!errors.isEmpty()) {
      throw mismatch(
          name,
          answer,
          errors.stream()
              .map(e -> e.getInstanceLocation() + ": " + e.getMessage())
              .sorted()
              .collect(Collectors.joining("\n  ", "the body does not match its schema:\n  ", "")));
    }
  }

  /** The document itself as the root schema, pointing at one of its schemas. */
  private JsonSchema schemaAt(String pointer) {
    ObjectNode root = document.deepCopy();
    root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
    root.put("$ref", "#" + pointer);
    return factory.getSchema(root, config);
  }

  private String documentedMethods(String pointer) {
    List<String> methods = new ArrayList<>();
    document
        .at(pointer)
        .fieldNames()
        .forEachRemaining(
            m -> {
              if (METHODS.contains(m)) {
                methods.add(m.toUpperCase(Locale.ROOT));
              }
            });
    return String.join(", ", methods);
  }

  private static String iterable(Iterator<String> names) {
    List<String> out = new ArrayList<>();
    names.forEachRemaining(out::add);
    return String.join(", ", out);
  }

  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private static AssertionError mismatch(String operation, Http.Answer answer, String problem) {
    String body = answer.body() == null ? "" : answer.body();
    return new AssertionError(
        "Contract mismatch: "
            + operation
            + " answered "
            + answer.status()
            + ": "
            + problem
            + "\n  body: "
            + (body.length() > 600 ? body.substring(0, 600) + "..." : body));
  }
}
