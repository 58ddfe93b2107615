package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Map;
import org.agentcommerce.checkout.application.CheckoutIntentService;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.KeyIfSent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The hosted checkout page's prefill read. The checkout token is the credential (the page holds no
 * agent key): it opens its own intent's prefill only, a few times, and never after expiry or use.
 */
@RequestScoped
@Path("/agent/v1/checkout/prefill")
@KeyIfSent
@org.agentcommerce.platform.api.NoStore
@SecurityRequirementsSet
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
@Tag(name = "Checkout")
public class CheckoutPrefillResource {

  @Inject CheckoutIntentService intents;
  @Inject Caller caller;

  @Schema(name = "CheckoutPrefillResponse")
  public record CheckoutPrefillResponse(
      @Schema(description = "success") String status,
      String intentId,
      String merchantId,
      String orderId,
      String quoteId,
      @Schema(description = "The buyer's e-mail, when the agent gave one") String email,
      @Schema(description = "The shipping address, when the agent gave one")
          Map<String, String> shippingAddress,
      String returnUrl,
      Instant expiresAt,
      @Schema(description = "Prefill reads this token has left") int readsLeft,
      @Schema(
              description =
                  "The origin service's shape: {customer_email, shipping_address}, null when the"
                      + " agent gave neither",
              nullable = true)
          OriginPrefill prefill,
      @Schema(
              description =
                  "Always null: the hosted page takes no Stripe.js configuration (the buyer pays"
                      + " through our page; docs/compatibility.md)",
              nullable = true)
          Map<String, String> stripeConfig) {}

  /** The origin service's nested prefill. */
  @Schema(name = "CheckoutOriginPrefill")
  public record OriginPrefill(String customerEmail, Map<String, String> shippingAddress) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getCheckoutPrefill",
      summary = "Read a checkout's prefill with its checkout token",
      description =
          "The e-mail and shipping address the agent gave for this checkout, for the hosted page."
              + " X-Checkout-Token is the credential; when the deployment has a UI key"
              + " (ac.checkout.ui-key), X-Checkout-UI-Key or X-Checkout-UI-Auth (a short-lived"
              + " HMAC bound to the token) is needed too. An agent key sent with it must be the"
              + " intent's agent. Read-limited (default 3): 410 PREFILL_EXHAUSTED; 410"
              + " CHECKOUT_TOKEN_EXPIRED / CHECKOUT_TOKEN_USED; 401 CHECKOUT_TOKEN_INVALID."
              + " Answered with Cache-Control: no-store.")
  @Parameter(name = "X-Checkout-Token", in = ParameterIn.HEADER, required = true)
  @Parameter(name = "X-Checkout-UI-Key", in = ParameterIn.HEADER)
  @Parameter(name = "X-Checkout-UI-Auth", in = ParameterIn.HEADER)
  @APIResponse(
      responseCode = "200",
      description = "The prefill",
      content = @Content(schema = @Schema(implementation = CheckoutPrefillResponse.class)))
  @APIResponse(
      responseCode = "401",
      description =
          "CHECKOUT_TOKEN_INVALID, CHECKOUT_UI_AUTH_REQUIRED, INVALID_API_KEY (a key sent that"
              + " does not verify)")
  @APIResponse(
      responseCode = "410",
      description = "CHECKOUT_TOKEN_EXPIRED, CHECKOUT_TOKEN_USED, PREFILL_EXHAUSTED")
  public Response prefill(
      @HeaderParam("X-Checkout-Token") String token,
      @HeaderParam("X-Checkout-UI-Key") String uiKey,
      @HeaderParam("X-Checkout-UI-Auth") String uiAuth) {
    if (token == null || token.isBlank()) {
      throw new ApiException(
          401, "CHECKOUT_TOKEN_INVALID", "Send the checkout token in X-Checkout-Token.");
    }
    CheckoutIntentService.Prefill p =
        intents.prefill(
            new CheckoutIntentService.PageAuth(
                token, uiKey, uiAuth, caller.isEstablished() ? caller.agentId() : null));
    var b = p.intent().binding();
    Map<String, String> address = null;
    if (p.data().containsKey("shipping_address")) {
      address = new java.util.LinkedHashMap<>();
      for (var e : p.data().getJsonObject("shipping_address").entrySet()) {
        address.put(e.getKey(), ((jakarta.json.JsonString) e.getValue()).getString());
      }
    }
    CheckoutPrefillResponse r =
        new CheckoutPrefillResponse(
            "success",
            p.intent().id(),
            b.merchantId(),
            b.orderId(),
            b.quoteId(),
            p.data().getString("email", null),
            address,
            p.intent().returnUrl(),
            p.intent().expiresAt(),
            p.readsLeft(),
            p.data().containsKey("email") || address != null
                ? new OriginPrefill(p.data().getString("email", null), address)
                : null,
            null);
    return Response.ok(r).header("Cache-Control", "no-store").build();
  }
}
