package org.agentcommerce.mcp.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URI;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The UCP business profile served at {@code /.well-known/ucp}: which UCP version we speak, where
 * the tool doors are and which capabilities they carry. It follows the UCP 2026-04-08 discovery
 * schema ({@code discovery/profile_schema.json}, business variant).
 *
 * <p>Endpoints are absolute, so they need a base: {@code ac.public-base-url} when it is set (behind
 * a proxy or load balancer the request's own address is not the public one), else the address the
 * request came in on.
 */
@ApplicationScoped
public class UcpProfileService {

  /** The UCP protocol version of this profile and of every entry in it. */
  public static final String UCP_VERSION = "2026-04-08";

  /** Path of the keyed tool door, the UCP dialect (the spec's {@code commerce_mcp_url}). */
  public static final String KEYED_DOOR_PATH = "/commerce/mcp";

  /** Path prefix of the REST API and of its OpenAPI description. */
  public static final String REST_PATH = "/agent/v1";

  public static final String OPENAPI_PATH = REST_PATH + "/openapi.json";

  /** Our reverse-DNS namespace for services and capabilities UCP does not define. */
  public static final String VENDOR_NAMESPACE = "org.agentcommerce";

  static final String SHOPPING_SERVICE = "dev.ucp.shopping";
  static final String REST_SERVICE = VENDOR_NAMESPACE + ".agent";
  static final String CATALOG_SEARCH = "dev.ucp.shopping.catalog.search";
  static final String CATALOG_LOOKUP = "dev.ucp.shopping.catalog.lookup";
  static final String CHECKOUT = "dev.ucp.shopping.checkout";

  /** The payment handler of the UCP checkout's complete: a PSP token, charged off-session. */
  public static final String PAYMENT_HANDLER = "org.agentcommerce.psp_token";

  public static final String PAYMENT_HANDLER_ID = "psp_token";
  static final String IDENTITY_LINKING = "dev.ucp.common.identity_linking";
  static final String FULFILLMENT = "dev.ucp.shopping.fulfillment";
  static final String INSIGHTS = VENDOR_NAMESPACE + ".insights";

  /** Spec pages and schemas of this UCP version, as the UCP specification's own examples cite. */
  private static final String UCP_SITE = "https://ucp.dev/" + UCP_VERSION;

  @Inject
  @ConfigProperty(name = "ac.public-base-url")
  Optional<String> publicBaseUrl;

  /** Whether the endpoints come from {@code ac.public-base-url} rather than the request. */
  public boolean hasConfiguredBase() {
    return publicBaseUrl != null
        && publicBaseUrl.map(String::trim).filter(s -> !s.isEmpty()).isPresent();
  }

  /** The profile for a request whose JAX-RS base URI is {@code requestBaseUri}. */
  public JsonObject profileFor(URI requestBaseUri) {
    return profile(baseUrl(requestBaseUri));
  }

  /**
   * {@code ac.public-base-url} when set, else the request's base URI; either way without a trailing
   * slash ({@code http://127.0.0.1:8080}).
   */
  public String baseUrl(URI requestBaseUri) {
    String configured = publicBaseUrl == null ? null : publicBaseUrl.map(String::trim).orElse(null);
    String base =
        configured != null && !configured.isEmpty() ? configured : requestBaseUri.toString();
    return stripTrailingSlashes(base);
  }

  /** The profile with every endpoint under {@code baseUrl} (a trailing slash is dropped). */
  public JsonObject profile(String baseUrl) {
    String base = stripTrailingSlashes(baseUrl);
    JsonObject ucp =
        Json.createObjectBuilder()
            .add("version", UCP_VERSION)
            .add("services", services(base))
            .add("capabilities", capabilities(base))
            // The one handler complete_checkout accepts: a PSP token the platform obtained for the
            // buyer (sandbox test tokens, Stripe pm_/tok_, a mandate's mtk_), charged off-session.
            .add(
                "payment_handlers",
                Json.createObjectBuilder()
                    .add(
                        PAYMENT_HANDLER,
                        Json.createArrayBuilder()
                            .add(
                                Json.createObjectBuilder()
                                    .add("id", PAYMENT_HANDLER_ID)
                                    .add("version", UCP_VERSION)
                                    .add("spec", base + "/agent/v1/openapi.json"))))
            .build();
    return Json.createObjectBuilder().add("ucp", ucp).build();
  }

  private static JsonObject services(String base) {
    // The keyed door speaks the UCP dialect of the tools (search_catalog, lookup_catalog,
    // get_product, create_checkout, ...). The open door (/mcp) does not, so it is not listed.
    JsonObject keyedDoor =
        Json.createObjectBuilder()
            .add("version", UCP_VERSION)
            .add("spec", UCP_SITE + "/specification/overview")
            .add("transport", "mcp")
            .add("endpoint", base + KEYED_DOOR_PATH)
            .add("schema", UCP_SITE + "/services/shopping/mcp.openrpc.json")
            .build();
    // Our REST API does not implement UCP's REST binding (/checkout-sessions, /catalog/search,
    // ...), so it is not a dev.ucp.shopping transport; it is listed under our own name so that a
    // client reading the profile still finds it and its OpenAPI description.
    JsonObject restApi =
        Json.createObjectBuilder()
            .add("version", UCP_VERSION)
            .add("spec", base + OPENAPI_PATH)
            .add("transport", "rest")
            .add("endpoint", base + REST_PATH)
            .add("schema", base + OPENAPI_PATH)
            .build();
    return Json.createObjectBuilder()
        .add(SHOPPING_SERVICE, Json.createArrayBuilder().add(keyedDoor))
        .add(REST_SERVICE, Json.createArrayBuilder().add(restApi))
        .build();
  }

  private static JsonObject capabilities(String base) {
    JsonObject identityConfig =
        Json.createObjectBuilder()
            .add(
                "scopes",
                Json.createObjectBuilder()
                    .add(
                        CHECKOUT + ":manage",
                        Json.createObjectBuilder()
                            .add(
                                "description",
                                Json.createObjectBuilder()
                                    .add(
                                        "plain",
                                        "Checkout needs a verified buyer identity: an agent key"
                                            + " identifies the agent platform, not the buyer."))))
            .build();
    return Json.createObjectBuilder()
        .add(CATALOG_SEARCH, one(ucpCapability("catalog/search", "shopping/catalog_search.json")))
        .add(CATALOG_LOOKUP, one(ucpCapability("catalog/lookup", "shopping/catalog_lookup.json")))
        .add(CHECKOUT, one(ucpCapability("checkout", "shopping/checkout.json")))
        .add(
            IDENTITY_LINKING,
            one(
                ucpCapability("identity-linking", "common/identity_linking.json")
                    .add("config", identityConfig)))
        .add(
            FULFILLMENT,
            one(ucpCapability("fulfillment", "shopping/fulfillment.json").add("extends", CHECKOUT)))
        // Product intel (get_intel): whether a product is reviewed, what it is best for and why,
        // with the evidence. No JSON Schema of its own is published, so only the human-readable
        // description is linked (the business variant of the schema does not require one).
        .add(
            INSIGHTS,
            one(
                Json.createObjectBuilder()
                    .add("version", UCP_VERSION)
                    .add("spec", base + OPENAPI_PATH)
                    .add("extends", CATALOG_LOOKUP)))
        .build();
  }

  private static JsonObjectBuilder ucpCapability(String specPage, String schemaPath) {
    return Json.createObjectBuilder()
        .add("version", UCP_VERSION)
        .add("spec", UCP_SITE + "/specification/" + specPage)
        .add("schema", UCP_SITE + "/schemas/" + schemaPath);
  }

  /** Registries map each name to an array of entries; we declare one version of each. */
  private static JsonArray one(JsonObjectBuilder entry) {
    return Json.createArrayBuilder().add(entry).build();
  }

  private static String stripTrailingSlashes(String url) {
    int end = url.length();
    while (end > 0 && url.charAt(end - 1) == '/') {
      end--;
    }
    return url.substring(0, end);
  }
}
