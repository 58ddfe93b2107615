package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.application.AcpCheckoutService;
import org.agentcommerce.checkout.application.Baskets;
import org.agentcommerce.checkout.application.CheckoutIntentService;
import org.agentcommerce.checkout.application.CheckoutLanes;
import org.agentcommerce.checkout.application.QuoteService;
import org.agentcommerce.checkout.application.QuoteView;
import org.agentcommerce.checkout.domain.intent.CheckoutIntent;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerDirectory;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Checkout lanes (v1): the merchant's own checkout (external platform) and the hosted lanes
 * (checkout intents, hosted ACP sessions). The in-chat ACP lane is {@link AcpLaneResource}.
 */
@RequestScoped
@Path("/agent/v1/checkout")
@Authenticated
@Tag(name = "Checkout", description = "Checkout lanes: redirect, in-chat ACP, hosted")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class CheckoutResource {

  @Inject AcpCheckoutService acp;
  @Inject CheckoutIntentService intents;
  @Inject BuyerDirectory buyers;
  @Inject CheckoutLanes lanes;
  @Inject Baskets baskets;
  @Inject QuoteService quotes;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Context UriInfo uri;

  @Inject PublicBase links;

  @Schema(name = "CreateCheckoutIntentRequest")
  public record CreateCheckoutIntentRequest(
      @NotNull @NotEmpty @Size(max = 50) @Valid List<WireItems.Item> items,
      @Size(max = 64) @Schema(description = "The merchant, when the items do not name it")
          String merchantId,
      @Size(max = 2000) @Pattern(regexp = "https?://\\S+") String returnUrl,
      @Valid WireItems.Address shippingAddress,
      @Email @Size(max = 320) String customerEmail,
      @Size(max = 40) String orderId,
      @Size(max = 40) String quoteId) {}

  @Schema(name = "CheckoutRedirect")
  public record Redirect(
      @Schema(description = "shopify (the shop's cart permalink) or sandbox") String platform,
      String checkoutUrl) {}

  @Schema(name = "ExternalCheckoutResponse")
  public record ExternalCheckoutResponse(
      @Schema(
              description =
                  "requires_external_platform_checkout (the origin service's value; clients"
                      + " branch on it)",
              enumeration = {"requires_external_platform_checkout"})
          String status,
      @Schema(description = "external_platform") String lane,
      String merchantId,
      String platform,
      String checkoutUrl,
      @Schema(description = "Always false: no order is created here") boolean createsOrder,
      @Schema(description = "Always false: the merchant's checkout takes the payment")
          boolean createsPayment,
      @Schema(description = "The current prices, an estimate: the merchant's checkout is final")
          QuoteView.Pricing estimate,
      String currency,
      List<String> warnings,
      @Schema(description = "The origin service's name for platform") String checkoutSource,
      @Schema(description = "The origin service's name for creates_order: always false")
          boolean createsPivotaOrder,
      @Schema(description = "The origin service's name for creates_payment: always false")
          boolean createsPspPayment,
      @Schema(description = "The origin service's name for estimate") QuoteView.Pricing pricing) {}

  @POST
  @Path("/external-platform")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createExternalPlatformCheckout",
      summary = "Hand the buyer to the merchant's own checkout",
      description =
          "A link to the merchant's own checkout with these items in the cart: a Shopify shop's"
              + " cart permalink, the sandbox storefront's checkout page for sandbox merchants."
              + " Creates no order and no payment and needs no buyer token; price, tax, shipping,"
              + " payment and stock are final only there. Refusals: MULTI_MERCHANT_NOT_SUPPORTED,"
              + " CART_TOO_LARGE 400; MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND 404;"
              + " EXTERNAL_CHECKOUT_UNSUPPORTED (the merchant's platform has no such link),"
              + " VARIANT_REQUIRED, OUT_OF_STOCK 409.")
  @APIResponse(
      responseCode = "200",
      description = "The redirect",
      content = @Content(schema = @Schema(implementation = ExternalCheckoutResponse.class)))
  @APIResponse(responseCode = "400", description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE")
  @APIResponse(responseCode = "403", description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "EXTERNAL_CHECKOUT_UNSUPPORTED, VARIANT_REQUIRED, OUT_OF_STOCK, SHIPPING_UNAVAILABLE")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  public ExternalCheckoutResponse external(@NotNull @Valid CreateCheckoutIntentRequest body) {
    String merchantId = merchant(body.merchantId(), body.items());
    var seller = baskets.seller(merchantId);
    QuoteService.Priced priced =
        quotes.price(
            new QuoteService.Request(
                merchantId,
                WireItems.items(body.items()),
                List.of(),
                WireItems.destination(body.shippingAddress()),
                null,
                null),
            "estimate");
    List<CheckoutLanes.RedirectLine> lines =
        priced.basket().lines().stream()
            .map(l -> new CheckoutLanes.RedirectLine(l.variant().variantId(), l.quantity()))
            .toList();
    CheckoutLanes.Redirect r = lanes.redirect(seller, lines, publicBase());
    return new ExternalCheckoutResponse(
        "requires_external_platform_checkout",
        "external_platform",
        merchantId,
        r.platform(),
        r.checkoutUrl(),
        false,
        false,
        priced.view().pricing(),
        priced.view().currency(),
        CheckoutLanes.redirectWarnings(),
        r.platform(),
        false,
        false,
        priced.view().pricing());
  }

  @Schema(name = "CheckoutIntentResponse")
  public record CheckoutIntentResponse(
      @Schema(description = "created") String status,
      @Schema(description = "ci_…") String intentId,
      @Schema(description = "The same id: the hosted checkout session") String checkoutSessionId,
      @Schema(
              description =
                  "Opens this checkout only (its order or quote, its buyer); shown once, valid"
                      + " until expires_at, single-use after payment")
          String checkoutToken,
      @Schema(description = "Our hosted checkout page; the token is in the fragment (#token=)")
          String checkoutUrl,
      @Schema(
              description =
                  "When the token and the page stop working, in Unix seconds (the origin"
                      + " service's form)")
          long expiresAt,
      String merchantId,
      String orderId,
      String quoteId) {}

  @POST
  @Path("/intents")
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createCheckoutIntent",
      summary = "Create a merchant-native checkout intent on our hosted page",
      description =
          "For the buyer's unpaid order (order_id) or an active quote (quote_id): an intent"
              + " (ci_…) with a checkout token valid 30 minutes, bound to this agent, the buyer,"
              + " the merchant and that order or quote, and the hosted page's checkout_url"
              + " carrying the token in its fragment. Needs the verified buyer token. Refusals:"
              + " QUOTE_REQUIRED_BEFORE_PURCHASE (neither sent), ORDER_ALREADY_PAID,"
              + " QUOTE_EXPIRED, QUOTE_CONSUMED 409; ORDER_NOT_FOUND, QUOTE_NOT_FOUND 404.")
  @Parameters(
      @Parameter(
          name = "X-Agent-User-JWT",
          in = ParameterIn.HEADER,
          required = true,
          description = "The verified buyer token"))
  @APIResponse(
      responseCode = "200",
      description = "The intent",
      content = @Content(schema = @Schema(implementation = CheckoutIntentResponse.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND, QUOTE_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "QUOTE_REQUIRED_BEFORE_PURCHASE, ORDER_ALREADY_PAID, INVALID_STATE, QUOTE_EXPIRED,"
              + " QUOTE_CONSUMED")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  public CheckoutIntentResponse intent(@NotNull @Valid CreateCheckoutIntentRequest body) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    CheckoutIntentService.Created c =
        intents.create(
            new CheckoutIntentService.Create(
                caller.agentId(),
                t.getIssuer(),
                t.getSubject(),
                null,
                body.orderId(),
                body.quoteId(),
                "intent",
                body.returnUrl(),
                body.customerEmail(),
                body.shippingAddress() == null
                    ? null
                    : WireItems.address(body.shippingAddress(), "shipping_address"),
                publicBase()));
    return intentResponse(c);
  }

  private static CheckoutIntentResponse intentResponse(CheckoutIntentService.Created c) {
    CheckoutIntent.Binding b = c.intent().binding();
    return new CheckoutIntentResponse(
        "created",
        c.intent().id(),
        c.intent().id(),
        c.token(),
        c.checkoutUrl(),
        c.intent().expiresAt().getEpochSecond(),
        b.merchantId(),
        b.orderId(),
        b.quoteId());
  }

  @Schema(name = "HostedAcpSessionResponse")
  public record HostedAcpSessionResponse(
      @Schema(description = "created") String status,
      @Schema(description = "The hosted checkout session (ci_…)") String sessionId,
      String checkoutUrl,
      String checkoutToken,
      Instant expiresAt,
      String merchantId,
      String quoteId,
      String currency,
      QuoteView.Pricing totals) {}

  @POST
  @Path("/acp-session")
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createHostedAcpSession",
      summary = "Create a hosted checkout session on our own page",
      description =
          "Free-form body {merchant_id, items:[{id, quantity, variant_id?}], return_url?,"
              + " buyer_ref?} (X-Buyer-Ref wins over buyer_ref): prices the items into a quote and"
              + " opens a hosted checkout for it on our page (no outside service is called),"
              + " returning session_id and checkout_url (token in the fragment, 30 minutes)."
              + " Needs the verified buyer token.")
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      required = true,
      description = "The verified buyer token")
  @Parameter(
      name = "X-Buyer-Ref",
      in = ParameterIn.HEADER,
      description = "guest:<uuid> or user:<public_id>; wins over the body's buyer_ref")
  @APIResponse(
      responseCode = "200",
      description = "The hosted session",
      content = @Content(schema = @Schema(implementation = HostedAcpSessionResponse.class)))
  @APIResponse(responseCode = "400", description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE")
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "403", description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "VARIANT_REQUIRED, OUT_OF_STOCK")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema =
                  @Schema(
                      type = SchemaType.OBJECT,
                      description =
                          "{merchant_id, items:[{id, quantity, variant_id?}], return_url?,"
                              + " buyer_ref?}",
                      requiredProperties = {"merchant_id", "items"},
                      properties = {
                        @SchemaProperty(
                            name = "merchant_id",
                            type = SchemaType.STRING,
                            minLength = 1,
                            maxLength = 64,
                            pattern = "\\S"),
                        @SchemaProperty(
                            name = "items",
                            type = SchemaType.ARRAY,
                            minItems = 1,
                            maxItems = 50,
                            description =
                                "Lines {id (1-200 characters), quantity (a whole number 1-1000),"
                                    + " variant_id?}: id and quantity required"),
                        @SchemaProperty(
                            name = "return_url",
                            type = SchemaType.STRING,
                            maxLength = 2000,
                            pattern = "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+"),
                        @SchemaProperty(
                            name = "buyer_ref",
                            type = SchemaType.STRING,
                            minLength = 1,
                            maxLength = 100,
                            pattern = "\\S")
                      })))
  public HostedAcpSessionResponse hostedSession(
      @NotNull jakarta.json.JsonValue body,
      @HeaderParam("X-Buyer-Ref") @Size(max = 100) String buyerRefHeader) {
    if (!(body instanceof JsonObject object)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body"), "Input should be a JSON object", "model_type"));
    }
    HostedSession h = HostedSession.parse(object);
    String ref =
        buyerRefHeader != null && !buyerRefHeader.isBlank() ? buyerRefHeader : h.buyerRef();
    String canonical = null;
    if (ref != null) {
      List<Object> loc =
          buyerRefHeader != null && !buyerRefHeader.isBlank()
              ? List.of("header", "X-Buyer-Ref")
              : List.of("body", "buyer_ref");
      canonical = buyers.canonical(caller.agentId(), BuyerRef.require(ref, loc)).toString();
    }
    JsonWebToken t = buyer.requireVerifiedBuyer();
    QuoteView q =
        quotes.preview(
            caller.agentId(),
            new QuoteService.Request(h.merchantId(), h.items(), List.of(), null, null, null));
    CheckoutIntentService.Created c =
        intents.create(
            new CheckoutIntentService.Create(
                caller.agentId(),
                t.getIssuer(),
                t.getSubject(),
                canonical,
                null,
                q.quoteId(),
                "acp_hosted",
                h.returnUrl(),
                null,
                null,
                publicBase()));
    return new HostedAcpSessionResponse(
        "created",
        c.intent().id(),
        c.checkoutUrl(),
        c.token(),
        c.intent().expiresAt(),
        h.merchantId(),
        q.quoteId(),
        q.currency(),
        q.pricing());
  }

  static String merchant(String bodyMerchant, List<WireItems.Item> items) {
    String m = WireItems.merchant(bodyMerchant, items);
    if (m == null) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "merchant_id"),
              "Field required: name the merchant in merchant_id or on the items",
              "missing"));
    }
    return m;
  }

  private URI publicBase() {
    return links.of(uri);
  }
}
