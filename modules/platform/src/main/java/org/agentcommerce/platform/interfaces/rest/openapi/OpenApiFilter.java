package org.agentcommerce.platform.interfaces.rest.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.platform.api.ApiVersion;
import org.agentcommerce.platform.interfaces.rest.WireNames;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.parameters.RequestBody;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.eclipse.microprofile.openapi.models.tags.Tag;

/**
 * Makes the derived document tell the truth about the wire: property names as JSON-B writes them,
 * the two credential schemes, the shared error schemas, and the errors every operation of a kind
 * can answer, so that a new operation is documented right without repeating them: 422 when it takes
 * input; 401, 403 and 429 when it needs a key; 404 when it has path parameters; 413 and 415 when it
 * takes a JSON body; 409 when it accepts an {@code Idempotency-Key}.
 */
public class OpenApiFilter implements OASFilter {

  public static final String API_KEY_SCHEME = "APIKeyHeader";
  public static final String BEARER_SCHEME = "HTTPBearer";
  static final String VALIDATION_ERROR = "HTTPValidationError";
  static final String ERROR = "ErrorResponse";
  static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
  public static final String JSON_RPC_MESSAGE = "JsonRpcMessage";
  public static final String JSON_RPC_MESSAGES = "JsonRpcMessages";
  public static final String UCP_PROFILE = "UcpProfile";
  static final String OPENAPI_DOCUMENT = "OpenApiDocument";

  @Override
  public Schema filterSchema(Schema schema) {
    clearAnnotationDefaults(schema);
    integerFromJsonValue(schema);
    Map<String, Schema> properties = schema.getProperties();
    if (properties != null && !properties.isEmpty()) {
      Map<String, Schema> renamed = new LinkedHashMap<>();
      properties.forEach((name, value) -> renamed.put(PropertyNames.of(name, value), value));
      schema.setProperties(renamed);
    }
    List<String> required = schema.getRequired();
    if (required != null && !required.isEmpty()) {
      required = required.stream().map(WireNames::toWire).distinct().toList();
      schema.setRequired(required);
    }
    markOptionalNullable(schema, required == null ? List.of() : required);
    return schema;
  }

  /**
   * A member read as a raw JSON value (to check it strictly, e.g. a quantity that must be a whole
   * JSON number) and annotated as an integer: where the runtime inlines the record it keeps the
   * annotation's format and bounds but takes the Java type's "object". An object with an integer
   * format and no properties is that integer.
   */
  private static void integerFromJsonValue(Schema schema) {
    if (schema.getType() == Schema.SchemaType.OBJECT
        && ("int32".equals(schema.getFormat()) || "int64".equals(schema.getFormat()))
        && (schema.getProperties() == null || schema.getProperties().isEmpty())) {
      schema.setType(Schema.SchemaType.INTEGER);
    }
  }

  /**
   * JSON-B writes a member that has no value as {@code null} rather than leaving it out, and takes
   * {@code null} for an optional input: so every property that is not required may be null, and the
   * document says so. A property that is never null is declared required.
   */
  private static void markOptionalNullable(Schema schema, List<String> required) {
    Map<String, Schema> properties = schema.getProperties();
    if (properties == null) {
      return;
    }
    properties.forEach(
        (name, property) -> {
          // Not "nullable == null" only: @Schema copies its default nullable=false into the model.
          if (!required.contains(name)) {
            property.setNullable(Boolean.TRUE);
          }
        });
  }

  /**
   * The runtime copies the defaults of {@code @Schema} attributes into the model ({@code
   * maxProperties: 0}, {@code uniqueItems: false}); some of them would even forbid every property.
   * None of ours is meant, so they go.
   */
  private static void clearAnnotationDefaults(Schema schema) {
    Integer zero = 0;
    if (zero.equals(schema.getMaxProperties())) {
      schema.setMaxProperties(null);
    }
    if (zero.equals(schema.getMinProperties())) {
      schema.setMinProperties(null);
    }
    if (zero.equals(schema.getMinLength())) {
      schema.setMinLength(null);
    }
    if (zero.equals(schema.getMaxLength())) {
      schema.setMaxLength(null);
    }
    if (zero.equals(schema.getMinItems())) {
      schema.setMinItems(null);
    }
    if (zero.equals(schema.getMaxItems())) {
      schema.setMaxItems(null);
    }
    // Defaults of parameter-level @Schema annotations: impossible bounds that mean "unset".
    if (schema.getMaxLength() != null && schema.getMaxLength() == Integer.MAX_VALUE) {
      schema.setMaxLength(null);
    }
    if (schema.getMaxItems() != null && schema.getMaxItems() < 0) {
      schema.setMaxItems(null);
    }
    if (schema.getMinItems() != null && schema.getMinItems() == Integer.MAX_VALUE) {
      schema.setMinItems(null);
    }
    if (schema.getMultipleOf() != null && schema.getMultipleOf().signum() == 0) {
      schema.setMultipleOf(null);
    }
    if (Boolean.FALSE.equals(schema.getUniqueItems())) {
      schema.setUniqueItems(null);
    }
    if (Boolean.FALSE.equals(schema.getReadOnly())) {
      schema.setReadOnly(null);
    }
    if (Boolean.FALSE.equals(schema.getWriteOnly())) {
      schema.setWriteOnly(null);
    }
    if (Boolean.FALSE.equals(schema.getDeprecated())) {
      schema.setDeprecated(null);
    }
  }

  @Override
  public Operation filterOperation(Operation operation) {
    APIResponses responses = operation.getResponses();
    if (responses == null) {
      responses = OASFactory.createAPIResponses();
      operation.setResponses(responses);
    }
    errorShapeByDefault(responses);
    List<Parameter> parameters =
        operation.getParameters() == null ? List.of() : operation.getParameters();
    // A path parameter is always required (OpenAPI 3.1, 4.8.12.1); an annotation may omit it.
    parameters.stream()
        .filter(p -> p.getIn() == Parameter.In.PATH)
        .forEach(p -> p.setRequired(Boolean.TRUE));
    RequestBody body = operation.getRequestBody();
    if (body != null && body.getRequired() == null) {
      // A missing body is a 422 on every operation that takes one.
      body.setRequired(Boolean.TRUE);
    }
    if (!parameters.isEmpty() || body != null) {
      addIfAbsent(
          responses,
          "422",
          response("Validation error: the request failed its schema", VALIDATION_ERROR));
    }
    addEdgeRefusal(
        responses,
        "400",
        "BAD_REQUEST: more than one Host header, or an encoded slash, backslash or dot in the path"
            + (keyed(operation)
                ? "; CREDENTIAL_CONFLICT: X-API-Key and Authorization: Bearer carry different keys"
                : ""));
    if (keyed(operation)) {
      addIfAbsent(
          responses,
          "401",
          response(
              "AUTHENTICATION_REQUIRED or INVALID_API_KEY; a buyer token that does not verify",
              ERROR));
      addIfAbsent(
          responses,
          "403",
          response("AGENT_DEACTIVATED, or MERCHANT_ACCESS_DENIED for a merchant", ERROR));
      addIfAbsent(responses, "429", response("RATE_LIMITED: the key's limit per minute", ERROR));
    }
    if (parameters.stream().anyMatch(p -> p.getIn() == Parameter.In.PATH)) {
      addIfAbsent(
          responses,
          "404",
          response("NOT_FOUND: nothing answers to the path's identifiers", ERROR));
    }
    if (body != null) {
      addEdgeRefusal(
          responses, "413", "PAYLOAD_TOO_LARGE: the body is larger than the server accepts");
      boolean json =
          body.getContent() != null
              && body.getContent().hasMediaType(jakarta.ws.rs.core.MediaType.APPLICATION_JSON);
      addIfAbsent(
          responses,
          "415",
          response(
              json
                  ? "UNSUPPORTED_MEDIA_TYPE: the body must be application/json"
                  : "UNSUPPORTED_MEDIA_TYPE: the body is not of a type this operation reads",
              ERROR));
    }
    if (parameters.stream()
        .anyMatch(
            p ->
                p.getIn() == Parameter.In.HEADER
                    && IDEMPOTENCY_HEADER.equalsIgnoreCase(p.getName()))) {
      addIfAbsent(
          responses,
          "409",
          response(
              "idempotency_conflict (the key was used with another request),"
                  + " idempotency_in_flight (the first request is still running) or"
                  + " idempotency_outcome_unknown (the first request reached an outside system"
                  + " and its outcome is being reconciled; retry later for its answer)",
              ERROR));
    }
    return operation;
  }

  /**
   * The credentials our pages and partners send, described once here rather than on every operation
   * that reads them; an annotation's own description wins.
   */
  private static final Map<String, String> HEADER_DESCRIPTIONS =
      Map.of(
          "X-Page-Token", "The page token of the page's address (#token=bpt_…)",
          "X-Checkout-Token", "The checkout token of the hosted page's address (#token=…)",
          "X-Checkout-UI-Key", "The page's credential, when the deployment sets ac.checkout.ui-key",
          "X-Checkout-UI-Auth", "Or a short-lived HMAC of the UI key bound to the token",
          "X-Agent-User-JWT", "The buyer's verified token (without it: 401 USER_AUTH_REQUIRED)",
          "Authorization",
              "Bearer ac.partner.sandbox.api-key (without it: a per-process key only this server"
                  + " knows)");

  /** The runtime gives an annotation without content an empty content, not none. */
  private static boolean isEmpty(Content content) {
    return content == null || content.getMediaTypes() == null || content.getMediaTypes().isEmpty();
  }

  /** A response header is a string unless its annotation says more. */
  @Override
  public org.eclipse.microprofile.openapi.models.headers.Header filterHeader(
      org.eclipse.microprofile.openapi.models.headers.Header header) {
    if (header.getSchema() == null && isEmpty(header.getContent())) {
      header.setSchema(OASFactory.createSchema().type(Schema.SchemaType.STRING));
    }
    return header;
  }

  /**
   * A parameter is a string unless its annotation says more, and a well-known header has its
   * description: such a {@code @Parameter} needs only its name, place and whether it is required.
   */
  @Override
  public Parameter filterParameter(Parameter parameter) {
    if (parameter.getSchema() == null && isEmpty(parameter.getContent())) {
      parameter.setSchema(OASFactory.createSchema().type(Schema.SchemaType.STRING));
    }
    if (parameter.getIn() != Parameter.In.HEADER) {
      return parameter;
    }
    if (parameter.getDescription() == null || parameter.getDescription().isEmpty()) {
      parameter.setDescription(HEADER_DESCRIPTIONS.get(parameter.getName()));
    }
    return parameter;
  }

  /**
   * Every refusal is answered in the error shape unless its annotation names another: an
   * {@code @APIResponse} for a 4xx or 5xx status needs only its status and description.
   */
  private static void errorShapeByDefault(APIResponses responses) {
    if (responses.getAPIResponses() == null) {
      return;
    }
    responses
        .getAPIResponses()
        .forEach(
            (status, response) -> {
              if ((status.startsWith("4") || status.startsWith("5"))
                  && response.getRef() == null
                  && isEmpty(response.getContent())) {
                response.setContent(errorContent(ERROR));
              }
            });
  }

  /**
   * Keyed unless every requirement is empty: {@code @SecurityRequirementsSet} without schemes comes
   * out as one empty requirement, which means "no credential". No requirement at all (null or an
   * empty list) inherits the document's: a key.
   */
  private static boolean keyed(Operation operation) {
    List<SecurityRequirement> security = operation.getSecurity();
    return security == null
        || security.isEmpty()
        || security.stream().anyMatch(r -> r.getSchemes() != null && !r.getSchemes().isEmpty());
  }

  /**
   * A refusal of the request edge, answered in the error shape before the operation runs (the body
   * limit, a credential conflict): documented as an {@code ErrorResponse}, or, where the operation
   * answers that status in a shape of its own (the tool doors' JSON-RPC errors), as either.
   */
  private static void addEdgeRefusal(APIResponses responses, String status, String description) {
    APIResponse existing = responses.getAPIResponse(status);
    if (existing == null) {
      responses.addAPIResponse(status, response(description, ERROR));
      return;
    }
    MediaType json =
        existing.getContent() == null
            ? null
            : existing.getContent().getMediaType(jakarta.ws.rs.core.MediaType.APPLICATION_JSON);
    if (json == null || json.getSchema() == null) {
      return;
    }
    existing.setDescription(existing.getDescription() + "; or " + description);
    Schema own = json.getSchema();
    String errorRef = "#/components/schemas/" + ERROR;
    if (errorRef.equals(own.getRef()) || (own.getAnyOf() != null && !own.getAnyOf().isEmpty())) {
      return;
    }
    json.setSchema(
        OASFactory.createSchema().anyOf(List.of(own, OASFactory.createSchema().ref(ERROR))));
  }

  private static void addIfAbsent(APIResponses responses, String status, APIResponse response) {
    if (!responses.hasAPIResponse(status)) {
      responses.addAPIResponse(status, response);
    }
  }

  /**
   * The Agentic Commerce Protocol's operations (docs/acp.md) answer every error in the protocol's
   * shape, {@code AcpError}, whatever the edge documented for them.
   */
  private static void acpErrors(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI
        .getPaths()
        .getPathItems()
        .forEach(
            (path, item) -> {
              if (!path.startsWith("/acp/") && !path.startsWith("/sandbox/psp/agentic_commerce/")) {
                return;
              }
              item.getOperations()
                  .values()
                  .forEach(
                      op -> {
                        if (op.getResponses() == null
                            || op.getResponses().getAPIResponses() == null) {
                          return;
                        }
                        op.getResponses()
                            .getAPIResponses()
                            .forEach(
                                (status, r) -> {
                                  if (status.startsWith("4") || status.startsWith("5")) {
                                    r.setContent(errorContent("AcpError"));
                                  }
                                });
                      });
            });
  }

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    openAPI.setInfo(
        OASFactory.createInfo()
            .title("Agent Commerce API")
            .version(ApiVersion.API)
            .description(
                "The commerce layer software agents call to discover merchants and products,"
                    + " validate carts, get quotes, check out, create orders and payments, follow"
                    + " order events and receive webhooks."));
    // Keyed by default: operations that need no credential say so with an empty requirement.
    openAPI.setSecurity(
        List.of(
            OASFactory.createSecurityRequirement().addScheme(API_KEY_SCHEME),
            OASFactory.createSecurityRequirement().addScheme(BEARER_SCHEME)));
    openAPI.setServers(
        List.of(
            OASFactory.createServer()
                .url("/")
                .description("This server; paths carry their own /agent/v1 or /agent/v2 prefix")));
    if (openAPI.getPaths() != null && openAPI.getPaths().getPathItems() != null) {
      // A GET takes no body: what the runtime reads itself (a suspended AsyncResponse) is
      // derived as one, and with it the body's refusals.
      openAPI
          .getPaths()
          .getPathItems()
          .values()
          .forEach(
              item -> {
                Operation get = item.getGET();
                if (get != null && get.getRequestBody() != null) {
                  get.setRequestBody(null);
                  if (get.getResponses() != null) {
                    get.getResponses().removeAPIResponse("413");
                    get.getResponses().removeAPIResponse("415");
                  }
                }
              });
    }
    if (openAPI.getTags() != null) {
      Map<String, Tag> unique = new LinkedHashMap<>();
      openAPI.getTags().forEach(tag -> unique.putIfAbsent(tag.getName(), tag));
      openAPI.setTags(new java.util.ArrayList<>(unique.values()));
    }
    Components components = openAPI.getComponents();
    if (components == null) {
      components = OASFactory.createComponents();
      openAPI.setComponents(components);
    }
    components.addSecurityScheme(
        API_KEY_SCHEME,
        OASFactory.createSecurityScheme()
            .type(SecurityScheme.Type.APIKEY)
            .in(SecurityScheme.In.HEADER)
            .name("X-API-Key")
            .description("The agent's API key from POST /agent/v1/auth."));
    components.addSecurityScheme(
        BEARER_SCHEME,
        OASFactory.createSecurityScheme()
            .type(SecurityScheme.Type.HTTP)
            .scheme("bearer")
            .description("The same API key sent as Authorization: Bearer <key>."));
    components.addSchema(
        "ValidationError",
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title("ValidationError")
            .addProperty(
                "loc",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.ARRAY)
                    .title("Location")
                    .items(
                        OASFactory.createSchema()
                            .anyOf(
                                List.of(
                                    OASFactory.createSchema().type(Schema.SchemaType.STRING),
                                    OASFactory.createSchema().type(Schema.SchemaType.INTEGER)))))
            .addProperty(
                "msg", OASFactory.createSchema().type(Schema.SchemaType.STRING).title("Message"))
            .addProperty(
                "type",
                OASFactory.createSchema().type(Schema.SchemaType.STRING).title("Error Type"))
            .required(List.of("loc", "msg", "type")));
    components.addSchema(
        VALIDATION_ERROR,
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title(VALIDATION_ERROR)
            .addProperty(
                "detail",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.ARRAY)
                    .title("Detail")
                    .items(OASFactory.createSchema().ref("ValidationError"))));
    components.addSchema(
        ERROR,
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title(ERROR)
            .description("Every error other than validation: an UPPER_SNAKE code and a sentence.")
            .addProperty(
                "detail",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.OBJECT)
                    .addProperty("error", OASFactory.createSchema().type(Schema.SchemaType.STRING))
                    .addProperty(
                        "message", OASFactory.createSchema().type(Schema.SchemaType.STRING))
                    .required(List.of("error", "message"))
                    .additionalPropertiesBoolean(Boolean.TRUE))
            .required(List.of("detail")));
    addProtocolSchemas(components);
    acpErrors(openAPI);
    EnforcedRules.document(openAPI, ResourceClasses.all());
  }

  /**
   * The shapes of the tool doors and the UCP profile, which are JSON documents of their own
   * protocols rather than Java types: the resources refer to them by name.
   */
  private static void addProtocolSchemas(Components components) {
    Schema id =
        OASFactory.createSchema()
            .anyOf(
                List.of(
                    OASFactory.createSchema().type(Schema.SchemaType.STRING),
                    OASFactory.createSchema().type(Schema.SchemaType.INTEGER)))
            .nullable(Boolean.TRUE)
            .description("The request's id; null when the request could not be read");
    components.addSchema(
        JSON_RPC_MESSAGE,
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title(JSON_RPC_MESSAGE)
            .description(
                "A JSON-RPC 2.0 message: a request or notification (method, params), or a"
                    + " response (result or error)")
            .addProperty(
                "jsonrpc",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.STRING)
                    .enumeration(List.of("2.0")))
            .addProperty("id", id)
            .addProperty("method", OASFactory.createSchema().type(Schema.SchemaType.STRING))
            .addProperty("params", OASFactory.createSchema().type(Schema.SchemaType.OBJECT))
            .addProperty("result", OASFactory.createSchema().type(Schema.SchemaType.OBJECT))
            .addProperty(
                "error",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.OBJECT)
                    .addProperty("code", OASFactory.createSchema().type(Schema.SchemaType.INTEGER))
                    .addProperty(
                        "message", OASFactory.createSchema().type(Schema.SchemaType.STRING))
                    .addProperty("data", OASFactory.createSchema())
                    .required(List.of("code", "message")))
            .required(List.of("jsonrpc")));
    components.addSchema(
        JSON_RPC_MESSAGES,
        OASFactory.createSchema()
            .title(JSON_RPC_MESSAGES)
            .description(
                "One JSON-RPC message, or a batch of them (a JSON array, protocol 2025-03-26 only)")
            .oneOf(
                List.of(
                    OASFactory.createSchema().ref(JSON_RPC_MESSAGE),
                    OASFactory.createSchema()
                        .type(Schema.SchemaType.ARRAY)
                        .minItems(1)
                        .items(OASFactory.createSchema().ref(JSON_RPC_MESSAGE)))));
    Schema anyObject = OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
    components.addSchema(
        OPENAPI_DOCUMENT,
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title(OPENAPI_DOCUMENT)
            .description("An OpenAPI 3.1.0 document (https://spec.openapis.org/oas/3.1/schema)")
            .addProperty(
                "openapi",
                OASFactory.createSchema().type(Schema.SchemaType.STRING).pattern("^3\\.1\\.\\d+$"))
            .addProperty("info", anyObject)
            .addProperty("paths", anyObject)
            .addProperty("components", anyObject)
            .required(List.of("openapi", "info")));
    components.addSchema(
        UCP_PROFILE,
        OASFactory.createSchema()
            .type(Schema.SchemaType.OBJECT)
            .title(UCP_PROFILE)
            .description("A UCP discovery profile (https://ucp.dev/schemas/discovery/profile.json)")
            .addProperty(
                "ucp",
                OASFactory.createSchema()
                    .type(Schema.SchemaType.OBJECT)
                    .addProperty(
                        "version", OASFactory.createSchema().type(Schema.SchemaType.STRING))
                    .addProperty("services", anyObject)
                    .addProperty("capabilities", anyObject)
                    .addProperty("payment_handlers", anyObject)
                    .required(List.of("version", "services", "capabilities")))
            .required(List.of("ucp")));
  }

  private static APIResponse response(String description, String schemaName) {
    return OASFactory.createAPIResponse()
        .description(description)
        .content(errorContent(schemaName));
  }

  private static Content errorContent(String schemaName) {
    return OASFactory.createContent()
        .addMediaType(
            jakarta.ws.rs.core.MediaType.APPLICATION_JSON,
            OASFactory.createObject(MediaType.class)
                .schema(OASFactory.createSchema().ref(schemaName)));
  }
}
