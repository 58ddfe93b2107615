package org.agentcommerce.mcp.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URI;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The profile validates against the UCP 2026-04-08 discovery schema. The schemas are copies under
 * src/test/resources/ucp-2026-04-08 (same layout as shared/standards); their https://ucp.dev ids
 * are mapped onto those copies and any other remote load fails, so nothing is fetched.
 */
class UcpProfileServiceTest {

  private static final String BASE = "http://127.0.0.1:8080";
  private static final String LOCAL = "classpath:ucp-2026-04-08/";
  private static final String PROFILE_SCHEMA = "https://ucp.dev/schemas/discovery/profile.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final JsonSchemaFactory SCHEMAS =
      JsonSchemaFactory.getInstance(
          SpecVersion.VersionFlag.V202012,
          builder ->
              builder
                  .schemaMappers(
                      mappers ->
                          mappers
                              // The profile schema's file is named differently from its $id.
                              .mapPrefix(PROFILE_SCHEMA, LOCAL + "discovery/profile_schema.json")
                              // Its "../schemas/ucp.json", resolved against that $id, lands
                              // under /schemas/schemas/; ucp.json's own $id is /schemas/ucp.json.
                              // Mappers apply in order, so this one must precede the next.
                              .mapPrefix("https://ucp.dev/schemas/schemas/", LOCAL + "schemas/")
                              .mapPrefix("https://ucp.dev/schemas/", LOCAL + "schemas/"))
                  .schemaLoaders(
                      loaders ->
                          loaders.values(
                              list ->
                                  list.add(
                                      0,
                                      new AllowSchemaLoader(
                                          iri -> iri.toString().startsWith("classpath:"))))));

  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();

  private final UcpProfileService service = new UcpProfileService();

  @Test
  void profileIsValidAgainstTheDiscoverySchema() throws Exception {
    assertValid(PROFILE_SCHEMA, service.profile(BASE));
  }

  @Test
  void profileIsABusinessProfile() throws Exception {
    assertValid(PROFILE_SCHEMA + "#/$defs/business_profile", service.profile(BASE));
  }

  @Test
  void identityLinkingDeclaresItsScopesAsTheCapabilitySchemaRequires() throws Exception {
    JsonObject entry =
        capabilities(service.profile(BASE))
            .getJsonArray(UcpProfileService.IDENTITY_LINKING)
            .getJsonObject(0);
    assertValid(
        "https://ucp.dev/schemas/common/identity_linking.json"
            + "#/$defs/dev.ucp.common.identity_linking/business_schema",
        entry);
  }

  @Test
  void schemaRejectsABrokenProfile() throws Exception {
    JsonObject good = service.profile(BASE);
    JsonObject ucp = good.getJsonObject("ucp");
    // Not a reverse-domain name, and a service without its transport.
    JsonObject badCapabilities =
        Json.createObjectBuilder(ucp.getJsonObject("capabilities"))
            .add("Insights", Json.createArrayBuilder().add(Json.createObjectBuilder()))
            .build();
    JsonObject badServices =
        Json.createObjectBuilder()
            .add(
                "dev.ucp.shopping",
                Json.createArrayBuilder()
                    .add(Json.createObjectBuilder().add("version", "2026-04-08")))
            .build();
    JsonObject bad =
        Json.createObjectBuilder()
            .add(
                "ucp",
                Json.createObjectBuilder(ucp)
                    .add("capabilities", badCapabilities)
                    .add("services", badServices))
            .build();
    assertFalse(validate(PROFILE_SCHEMA, bad).isEmpty(), "a broken profile must not validate");
  }

  @Test
  void listsTheSixCapabilities() {
    JsonObject capabilities = capabilities(service.profile(BASE));
    assertEquals(
        Set.of(
            "dev.ucp.shopping.catalog.search",
            "dev.ucp.shopping.catalog.lookup",
            "dev.ucp.shopping.checkout",
            "dev.ucp.common.identity_linking",
            "dev.ucp.shopping.fulfillment",
            "org.agentcommerce.insights"),
        capabilities.keySet());
    for (String name : capabilities.keySet()) {
      JsonArray entries = capabilities.getJsonArray(name);
      assertEquals(1, entries.size(), name);
      assertEquals("2026-04-08", entries.getJsonObject(0).getString("version"), name);
    }
  }

  @Test
  void shoppingServiceIsTheKeyedDoorOverMcp() {
    JsonObject profile = service.profile(BASE);
    assertEquals("2026-04-08", profile.getJsonObject("ucp").getString("version"));
    JsonArray shopping =
        profile.getJsonObject("ucp").getJsonObject("services").getJsonArray("dev.ucp.shopping");
    assertEquals(1, shopping.size());
    JsonObject door = shopping.getJsonObject(0);
    assertEquals("mcp", door.getString("transport"));
    assertTrue(door.getString("endpoint").endsWith("/commerce/mcp"), door.toString());
    assertEquals(BASE + "/commerce/mcp", door.getString("endpoint"));
    // complete_checkout takes one kind of instrument: a PSP token, charged off-session.
    JsonObject handlers = profile.getJsonObject("ucp").getJsonObject("payment_handlers");
    assertEquals(Set.of("org.agentcommerce.psp_token"), handlers.keySet());
    assertEquals(
        "psp_token",
        handlers.getJsonArray("org.agentcommerce.psp_token").getJsonObject(0).getString("id"));
  }

  @Test
  void everyEndpointIsUnderTheBase() {
    String base = "https://shop.example.org";
    JsonObject services =
        service.profile(base + "/").getJsonObject("ucp").getJsonObject("services");
    Set<String> endpoints =
        services.values().stream()
            .flatMap(v -> v.asJsonArray().getValuesAs(JsonObject.class).stream())
            .map(o -> o.getString("endpoint"))
            .collect(Collectors.toSet());
    assertEquals(Set.of(base + "/commerce/mcp", base + "/agent/v1"), endpoints);
  }

  @Test
  void baseComesFromConfigurationWhenSetElseFromTheRequest() {
    URI request = URI.create("http://10.0.0.7:8080/");
    service.publicBaseUrl = Optional.empty();
    assertEquals("http://10.0.0.7:8080", service.baseUrl(request));
    service.publicBaseUrl = Optional.of("  ");
    assertEquals("http://10.0.0.7:8080", service.baseUrl(request));
    service.publicBaseUrl = Optional.of("https://agents.example.com/");
    assertEquals("https://agents.example.com", service.baseUrl(request));
    assertEquals(
        "https://agents.example.com/commerce/mcp",
        service
            .profileFor(request)
            .getJsonObject("ucp")
            .getJsonObject("services")
            .getJsonArray("dev.ucp.shopping")
            .getJsonObject(0)
            .getString("endpoint"));
  }

  private static JsonObject capabilities(JsonObject profile) {
    return profile.getJsonObject("ucp").getJsonObject("capabilities");
  }

  private static void assertValid(String schema, JsonObject document) throws Exception {
    Set<ValidationMessage> errors = validate(schema, document);
    assertTrue(errors.isEmpty(), () -> "Not valid against " + schema + ": " + errors);
  }

  private static Set<ValidationMessage> validate(String schema, JsonObject document)
      throws Exception {
    JsonSchema compiled = SCHEMAS.getSchema(SchemaLocation.of(schema), CONFIG);
    JsonNode node = JSON.readTree(document.toString());
    return compiled.validate(node);
  }
}
