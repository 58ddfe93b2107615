package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.application.AcpProtocolService;
import org.agentcommerce.checkout.application.Baskets;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.security.AcpProtocol;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The Agentic Commerce Protocol's checkout API (acp-2026-04-17), served for every merchant under
 * its own base {@code /acp/{merchant_id}} (docs/acp.md). Sessions are the ACP sessions of {@code
 * /agent/v1/checkout/acp} and the tool door: one store, one state machine.
 */
@Path("/acp/{merchant_id}/checkout_sessions")
@RequestScoped
@Authenticated
@AcpProtocol
@Tag(name = "ACP", description = "Agentic Commerce Protocol merchant API (docs/acp.md)")
@Produces(MediaType.APPLICATION_JSON)
@APIResponse(
    responseCode = "400",
    description =
        "invalid_request, missing_api_version, unsupported_api_version, idempotency_key_required,"
            + " currency_not_supported, invalid_fulfillment_option, MULTI_MERCHANT_NOT_SUPPORTED",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "401",
    description = "INVALID_API_KEY, invalid_signature",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "403",
    description = "MERCHANT_ACCESS_DENIED, the gates' TIER2_* codes, vault_token_* codes",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "404",
    description = "acp_session_not_found (also another agent's session), acp_session_expired",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "409",
    description =
        "idempotency_in_flight, completion_in_progress, checkout_session_cancelled,"
            + " CHECKOUT_SESSION_LOCKED, PRICE_CHANGED, OUT_OF_STOCK, VARIANT_REQUIRED,"
            + " HIL_REQUIRED (complete: the message carries the approve_url)",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "422",
    description = "idempotency_conflict: the key was used with another request",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
@APIResponse(
    responseCode = "429",
    description = "RATE_LIMITED",
    content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
public class AcpProtocolResource {

  /** The buyer of sessions opened without a buyer token: the agent platform itself. */
  static final String PLATFORM_ISSUER = "urn:agentcommerce:acp-platform";

  @Inject AcpProtocolService acp;
  @Inject Baskets baskets;
  @Inject Caller caller;
  @Inject BuyerIdentity buyerToken;
  @Inject PublicBase links;
  @Context UriInfo uri;

  /**
   * The protocol's headers, checked by the platform's AcpProtocolFilter; listed here for the
   * document.
   */
  @HeaderParam("API-Version")
  String apiVersion;

  @HeaderParam("Request-Id")
  String requestId;

  @HeaderParam("Signature")
  String signature;

  @HeaderParam("Timestamp")
  String timestamp;

  @Schema(name = "AcpCheckoutSessionCreateRequest")
  public record AcpCreateRequest(
      List<Map<String, Object>> lineItems,
      String currency,
      Map<String, Object> buyer,
      Map<String, Object> fulfillmentDetails,
      Map<String, Object> capabilities,
      Map<String, Object> discounts) {}

  @Schema(name = "AcpCheckoutSessionUpdateRequest")
  public record AcpUpdateRequest(
      List<Map<String, Object>> lineItems,
      Map<String, Object> buyer,
      Map<String, Object> fulfillmentDetails,
      List<Map<String, Object>> selectedFulfillmentOptions,
      Map<String, Object> discounts) {}

  @Schema(name = "AcpCheckoutSessionCompleteRequest")
  public record AcpCompleteRequest(Map<String, Object> buyer, Map<String, Object> paymentData) {}

  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "acpCreateCheckoutSession",
      summary = "ACP: create a checkout session",
      description =
          "line_items[].id is a product id, or product_id:variant_id for a product with several"
              + " variants; currency must be the merchant's. Prices on the server.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          required = true,
          schema = @Schema(type = SchemaType.STRING, maxLength = 255)))
  @RequestBody(content = @Content(schema = @Schema(implementation = AcpCreateRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "Created",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpCheckoutSession.class)))
  public Response create(@PathParam("merchant_id") @Size(max = 64) String merchantId, String body) {
    JsonObject in = body(body);
    JsonArray items = in.get("line_items") instanceof JsonArray a ? a : null;
    if (items == null || items.isEmpty()) {
      throw invalid("line_items must list at least one item", "$.line_items");
    }
    String currency = string(in, "currency", "$.currency");
    if (currency == null) {
      throw invalid("currency is required", "$.currency");
    }
    if (!(in.get("capabilities") instanceof JsonObject)) {
      throw invalid("capabilities is required", "$.capabilities");
    }
    CheckoutSessions.Session s =
        acp.create(caller.agentId(), buyer(), merchantId, currency, changes(in));
    return Response.status(201).entity(AcpWire.json(view(s, null))).build();
  }

  @GET
  @Path("/{checkout_session_id}")
  @Operation(operationId = "acpGetCheckoutSession", summary = "ACP: retrieve a checkout session")
  @APIResponse(
      responseCode = "200",
      description = "The session",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpCheckoutSession.class)))
  public Response get(
      @PathParam("merchant_id") @Size(max = 64) String merchantId,
      @PathParam("checkout_session_id") @Size(max = 64) String sessionId) {
    return ok(acp.get(caller.agentId(), buyer(), merchantId, sessionId));
  }

  @POST
  @Path("/{checkout_session_id}")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "acpUpdateCheckoutSession",
      summary = "ACP: update a checkout session",
      description =
          "Items (replace the basket), fulfillment details, the fulfillment option, discounts;"
              + " the basket is priced again.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          required = true,
          schema = @Schema(type = SchemaType.STRING, maxLength = 255)))
  @RequestBody(content = @Content(schema = @Schema(implementation = AcpUpdateRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The updated session",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpCheckoutSession.class)))
  public Response update(
      @PathParam("merchant_id") @Size(max = 64) String merchantId,
      @PathParam("checkout_session_id") @Size(max = 64) String sessionId,
      String body) {
    return ok(acp.update(caller.agentId(), buyer(), merchantId, sessionId, changes(body(body))));
  }

  @POST
  @Path("/{checkout_session_id}/complete")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "acpCompleteCheckoutSession",
      summary = "ACP: complete a checkout session (one charge through the gates)",
      description =
          "payment_data.instrument.credential.token: a vault token from delegate_payment (used"
              + " once, within its allowance) or a PSP token. Exactly once: a completed session"
              + " answers its completion again (Idempotent-Replayed: true); the same"
              + " Idempotency-Key with another payment is 422 idempotency_conflict. The gates"
              + " refuse with 403 (TIER2_CHARGE_DISABLED, ...), a vault token outside its"
              + " allowance with 403 vault_token_*, a decline is 502 acp_capture_failed. Above the"
              + " approval threshold: 409 HIL_REQUIRED, its message carries the buyer's"
              + " approve_url and the approval id; once approved, complete again with"
              + " X-HIL-Approval: hil_… (the same order is charged).")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          required = true,
          schema = @Schema(type = SchemaType.STRING, maxLength = 255)))
  @RequestBody(content = @Content(schema = @Schema(implementation = AcpCompleteRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "Completed, with its order",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpCheckoutSession.class)))
  @APIResponse(
      responseCode = "502",
      description = "acp_capture_failed, acp_capture_pending_retry",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
  public Response complete(
      @PathParam("merchant_id") @Size(max = 64) String merchantId,
      @PathParam("checkout_session_id") @Size(max = 64) String sessionId,
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam("X-HIL-Approval") @Size(min = 1, max = 100) String hilApproval,
      String body) {
    JsonObject in = body(body);
    JsonObject payment = object(in, "payment_data", "$.payment_data");
    if (payment == null) {
      throw invalid("payment_data is required", "$.payment_data");
    }
    JsonObject instrument = object(payment, "instrument", "$.payment_data.instrument");
    JsonObject credential =
        instrument == null
            ? null
            : object(instrument, "credential", "$.payment_data.instrument.credential");
    String token =
        credential == null
            ? null
            : string(credential, "token", "$.payment_data.instrument.credential.token");
    if (token == null || token.isBlank()) {
      throw invalid(
          "payment_data.instrument.credential.token is required",
          "$.payment_data.instrument.credential.token");
    }
    String provider = string(payment, "handler_id", "$.payment_data.handler_id");
    JsonObject buyer = object(in, "buyer", "$.buyer");
    // Checked as on create and update before anything is saved.
    String email = buyer == null ? null : email(buyer, "$.buyer.email");
    String name = buyer == null ? null : name(buyer);
    AcpProtocolService.Completed c =
        acp.complete(
            caller.agentId(),
            buyer(),
            merchantId,
            sessionId,
            provider,
            token,
            key,
            email,
            name,
            links.of(uri),
            hilApproval);
    Response.ResponseBuilder r =
        Response.ok(AcpWire.json(view(c.session(), order(sessionId, c.orderId()))));
    if (c.replayed()) {
      r.header("Idempotent-Replayed", "true");
    }
    return r.build();
  }

  @POST
  @Path("/{checkout_session_id}/cancel")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "acpCancelCheckoutSession",
      summary = "ACP: cancel a checkout session",
      description = "405 not_cancelable when it is completed or canceled already.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          required = true,
          schema = @Schema(type = SchemaType.STRING, maxLength = 255)))
  @APIResponse(
      responseCode = "200",
      description = "The canceled session",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpCheckoutSession.class)))
  @APIResponse(
      responseCode = "405",
      description = "not_cancelable",
      content = @Content(schema = @Schema(implementation = AcpWire.AcpError.class)))
  public Response cancel(
      @PathParam("merchant_id") @Size(max = 64) String merchantId,
      @PathParam("checkout_session_id") @Size(max = 64) String sessionId,
      String body) {
    if (body != null && !body.isBlank()) {
      body(body);
    }
    return ok(acp.cancel(caller.agentId(), buyer(), merchantId, sessionId));
  }

  // ---------------------------------------------------------------- helpers

  private Response ok(CheckoutSessions.Session s) {
    return Response.ok(AcpWire.json(view(s, null))).build();
  }

  /** The protocol's order reference of a completed session's order. */
  private AcpWire.AcpOrder order(String sessionId, String orderId) {
    String base = links.of(uri).toString().replaceAll("/$", "");
    return new AcpWire.AcpOrder(
        "order", orderId, sessionId, base + "/agent/v2/orders/" + orderId, "confirmed");
  }

  /** A session as the protocol shows it; a completed one with its order. */
  private AcpWire.AcpCheckoutSession view(CheckoutSessions.Session s, AcpWire.AcpOrder given) {
    AcpWire.AcpOrder order = given;
    if (order == null
        && org.agentcommerce.checkout.domain.acp.AcpSession.COMPLETED.equals(s.status())
        && s.orderId() != null) {
      order = order(s.sessionId(), s.orderId());
    }
    String base = links.of(uri).toString().replaceAll("/$", "");
    return AcpWire.session(
        s, acp.expired(s), base, baskets.seller(s.merchantId()).storeUrl(), order);
  }

  /** The buyer token's buyer when one is sent, else the agent platform. */
  private CheckoutSessions.Buyer buyer() {
    return buyerToken
        .token()
        .map(t -> new CheckoutSessions.Buyer(t.getIssuer(), t.getSubject()))
        .orElseGet(() -> new CheckoutSessions.Buyer(PLATFORM_ISSUER, caller.agentId()));
  }

  private static AcpProtocolService.Changes changes(JsonObject in) {
    List<CheckoutSessions.Item> items = null;
    if (in.get("line_items") instanceof JsonArray a) {
      items = new ArrayList<>();
      for (int i = 0; i < a.size(); i++) {
        String at = "$.line_items[" + i + "]";
        if (!(a.get(i) instanceof JsonObject item)) {
          throw invalid("an item is an object", at);
        }
        String id = string(item, "id", at + ".id");
        if (id == null || id.isBlank() || id.length() > 130) {
          throw invalid("id is required", at + ".id");
        }
        int quantity = item.containsKey("quantity") ? quantity(item.get("quantity"), at) : 1;
        int colon = id.indexOf(':');
        items.add(
            new CheckoutSessions.Item(
                colon < 0 ? id : id.substring(0, colon),
                colon < 0 ? null : id.substring(colon + 1),
                quantity));
      }
      if (items.isEmpty()) {
        throw invalid("line_items must list at least one item", "$.line_items");
      }
    }
    List<String> codes = null;
    JsonObject discounts = object(in, "discounts", "$.discounts");
    if (discounts != null && discounts.get("codes") instanceof JsonArray c) {
      codes = codes(c);
    }
    JsonObject buyer = object(in, "buyer", "$.buyer");
    JsonObject details = object(in, "fulfillment_details", "$.fulfillment_details");
    String email = buyer == null ? null : email(buyer, "$.buyer.email");
    if (email == null && details != null) {
      email = email(details, "$.fulfillment_details.email");
    }
    String name = buyer == null ? null : name(buyer);
    CheckoutSessions.Address address = null;
    if (details != null) {
      if (name == null) {
        name = text(details, "name", "$.fulfillment_details.name", NAME);
      }
      JsonObject a = object(details, "address", "$.fulfillment_details.address");
      if (a != null) {
        String p = "$.fulfillment_details.address.";
        String country = required(a, "country", p, 2);
        if (!country.matches("[A-Za-z]{2}")) {
          throw invalid("country is an ISO 3166-1 alpha-2 code", p + "country");
        }
        address =
            new CheckoutSessions.Address(
                required(a, "name", p, NAME),
                required(a, "line_one", p, 300),
                text(a, "line_two", p + "line_two", 300),
                required(a, "city", p, 120),
                required(a, "state", p, 10),
                required(a, "postal_code", p, 20),
                country,
                text(details, "phone_number", "$.fulfillment_details.phone_number", 40));
      }
    }
    String option = null;
    if (in.get("selected_fulfillment_options") instanceof JsonArray options && !options.isEmpty()) {
      JsonObject first = options.get(0) instanceof JsonObject o ? o : null;
      option =
          first == null
              ? null
              : string(first, "option_id", "$.selected_fulfillment_options[0].option_id");
      if (option == null) {
        throw invalid("option_id is required", "$.selected_fulfillment_options[0].option_id");
      }
    }
    return new AcpProtocolService.Changes(items, codes, email, name, address, option);
  }

  /** The most of one item an order takes, as on every other door (WireItems: 1 to 1000). */
  static final int MAX_QUANTITY = 1000;

  /** A whole JSON number from 1 to {@link #MAX_QUANTITY}, converted exactly (never wrapped). */
  private static int quantity(JsonValue v, String at) {
    int q = 0;
    if (v instanceof jakarta.json.JsonNumber n && n.isIntegral()) {
      try {
        q = n.bigDecimalValue().intValueExact();
      } catch (ArithmeticException tooLarge) {
        q = 0;
      }
    }
    if (q < 1 || q > MAX_QUANTITY) {
      throw invalid("quantity is a whole number from 1 to " + MAX_QUANTITY, at + ".quantity");
    }
    return q;
  }

  /**
   * The most characters of a buyer's name and e-mail: what the order keeps (orders.customer_name
   * VARCHAR(200), customer_email VARCHAR(320)); the address's parts as the REST lanes cap them.
   */
  static final int NAME = 200;

  static final int EMAIL = 320;

  /** An e-mail address of at most {@link #EMAIL} characters (null when absent). */
  private static String email(JsonObject o, String at) {
    String email = text(o, "email", at, EMAIL);
    if (email != null && !email.matches("[^@\\s]{1,64}@[^@\\s]{1,190}\\.[^@\\s]{2,}")) {
      throw invalid("not an e-mail address", at);
    }
    return email;
  }

  /** full_name, else first_name and last_name: at most {@link #NAME} characters. */
  private static String name(JsonObject buyer) {
    String full = text(buyer, "full_name", "$.buyer.full_name", NAME);
    if (full != null) {
      return full;
    }
    String first = text(buyer, "first_name", "$.buyer.first_name", NAME);
    String last = text(buyer, "last_name", "$.buyer.last_name", NAME);
    String joined = ((first == null ? "" : first) + " " + (last == null ? "" : last)).trim();
    if (joined.length() > NAME) {
      throw invalid(
          "first_name and last_name together are at most " + NAME + " characters",
          "$.buyer.last_name");
    }
    return joined.isEmpty() ? null : joined;
  }

  /** A string of at most {@code max} characters (null when absent). */
  private static String text(JsonObject o, String name, String at, int max) {
    String v = string(o, name, at);
    if (v != null && v.length() > max) {
      throw invalid(name + " must be at most " + max + " characters", at);
    }
    return v;
  }

  /** Discount codes as on every other door: at most 5, each a string of 1 to 40 characters. */
  private static List<String> codes(JsonArray c) {
    if (c.size() > 5) {
      throw invalid("at most 5 discount codes", "$.discounts.codes");
    }
    List<String> codes = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      if (!(c.get(i) instanceof JsonString code)
          || code.getString().isBlank()
          || code.getString().length() > 40) {
        throw invalid(
            "a discount code is a string of 1 to 40 characters", "$.discounts.codes[" + i + "]");
      }
      codes.add(code.getString());
    }
    return codes;
  }

  private static JsonObject body(String body) {
    if (body == null || body.isBlank()) {
      throw invalid("A JSON object body is required", "$");
    }
    try (var r = Jsonp.PROVIDER.createReader(new StringReader(body))) {
      return r.readObject();
    } catch (RuntimeException e) {
      // JsonException, IllegalStateException, and the parser's plain RuntimeException for input
      // nested deeper than it allows: each a body we cannot read, never a server error.
      throw invalid("The body is not a JSON object (or is nested too deeply)", "$");
    }
  }

  private static JsonObject object(JsonObject o, String name, String at) {
    JsonValue v = o.get(name);
    if (v == null || v == JsonValue.NULL) {
      return null;
    }
    if (v instanceof JsonObject x) {
      return x;
    }
    throw invalid(name + " must be an object", at);
  }

  private static String string(JsonObject o, String name, String at) {
    JsonValue v = o.get(name);
    if (v == null || v == JsonValue.NULL) {
      return null;
    }
    if (v instanceof JsonString s && s.getString().length() <= 512) {
      return s.getString();
    }
    throw invalid(name + " must be a string (at most 512 characters)", at);
  }

  private static String required(JsonObject o, String name, String prefix, int max) {
    String v = text(o, name, prefix + name, max);
    if (v == null || v.isBlank()) {
      throw invalid(name + " is required", prefix + name);
    }
    return v;
  }

  private static ApiException invalid(String message, String param) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("param", param);
    return new ApiException(400, "invalid_request", message, ctx, Map.of());
  }
}
