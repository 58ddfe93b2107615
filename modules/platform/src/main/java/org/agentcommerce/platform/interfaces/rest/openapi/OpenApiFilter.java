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
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.eclipse.microprofile.openapi.models.tags.Tag;

/**
 * Makes the derived document tell the truth about the wire: property names as JSON-B writes them,
 * the two credential schemes, the shared error schemas, and a 422 on every operation that takes
 * input and a 401 on every operation that needs a key.
 */
public class OpenApiFilter implements OASFilter {

  public static final String API_KEY_SCHEME = "APIKeyHeader";
  public static final String BEARER_SCHEME = "HTTPBearer";
  static final String VALIDATION_ERROR = "HTTPValidationError";
  static final String ERROR = "ErrorResponse";

  @Override
  public Schema filterSchema(Schema schema) {
    clearAnnotationDefaults(schema);
    Map<String, Schema> properties = schema.getProperties();
    if (properties != null && !properties.isEmpty()) {
      Map<String, Schema> renamed = new LinkedHashMap<>();
      properties.forEach((name, value) -> renamed.put(WireNames.toWire(name), value));
      schema.setProperties(renamed);
    }
    List<String> required = schema.getRequired();
    if (required != null && !required.isEmpty()) {
      schema.setRequired(required.stream().map(WireNames::toWire).distinct().toList());
    }
    return schema;
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
    boolean takesInput =
        (operation.getParameters() != null && !operation.getParameters().isEmpty())
            || operation.getRequestBody() != null;
    if (takesInput && !responses.hasAPIResponse("422")) {
      responses.addAPIResponse(
          "422", response("Validation error: the request failed its schema", VALIDATION_ERROR));
    }
    boolean keyed = operation.getSecurity() != null && !operation.getSecurity().isEmpty();
    if (keyed && !responses.hasAPIResponse("401")) {
      responses.addAPIResponse("401", response("Missing or invalid API key", ERROR));
    }
    return operation;
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
  }

  private static APIResponse response(String description, String schemaName) {
    Content content =
        OASFactory.createContent()
            .addMediaType(
                jakarta.ws.rs.core.MediaType.APPLICATION_JSON,
                OASFactory.createObject(MediaType.class)
                    .schema(OASFactory.createSchema().ref(schemaName)));
    return OASFactory.createAPIResponse().description(description).content(content);
  }
}
