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
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.application.AcpCheckoutService;
import org.agentcommerce.checkout.application.Baskets;
import org.agentcommerce.checkout.application.CheckoutIntentService;
import org.agentcommerce.checkout.application.CheckoutLanes;
import org.agentcommerce.checkout.application.CheckoutTokens;
import org.agentcommerce.checkout.application.QuoteService;
import org.agentcommerce.checkout.application.QuoteView;
import org.agentcommerce.checkout.domain.acp.AcpSession;
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
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Checkout lanes (v1): the merchant's own checkout, and the in-chat ACP lane. */
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
  @APIResponse(
      responseCode = "400",
      description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "403",
      description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "409",
      description =
          "EXTERNAL_CHECKOUT_UNSUPPORTED, VARIANT_REQUIRED, OUT_OF_STOCK, SHIPPING_UNAVAILABLE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
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

  @Schema(name = "CreateAcpCheckoutRequest")
  public record CreateAcpCheckoutRequest(
      @NotNull @NotEmpty @Size(max = 50) @Valid List<WireItems.Item> items,
      @Size(max = 64) String merchantId,
      @Valid WireItems.Address shippingAddress,
      @Email @Size(max = 320) String customerEmail) {}

  @Schema(name = "AcpCheckoutResponse")
  public record AcpCheckoutResponse(
      @Schema(
              description =
                  "requires_in_chat_acp_checkout (a session to complete) or"
                      + " requires_redirect_floor (finish on the merchant's checkout)",
              enumeration = {"requires_in_chat_acp_checkout", "requires_redirect_floor"})
          String status,
      @Schema(enumeration = {"acp_in_chat", "redirect_floor"}) String lane,
      @Schema(
              description =
                  "Why the floor: merchant_not_acp_capable, payment_submission_disabled,"
                      + " merchant_not_allowlisted, or the gate's reason")
          String reason,
      String merchantId,
      @Schema(description = "csn_…: complete it with POST /agent/v1/checkout/acp/{id}/complete")
          String acpSessionId,
      String checkoutSessionId,
      @Schema(description = "ready_for_payment (in chat)") String sessionStatus,
      Instant expiresAt,
      String currency,
      @Schema(
              description =
                  "The origin service's (and ACP's) totals: [{type, display_text, amount}],"
                      + " amount in minor units",
              type = SchemaType.ARRAY,
              implementation = AcpTotal.class)
          List<AcpTotal> totals,
      @Schema(description = "The same totals as decimal strings in major units")
          QuoteView.Pricing pricing,
      @Schema(description = "The session's total in minor units") Long amountCents,
      QuoteView quote,
      @Schema(description = "The floor: the merchant's own checkout, when its platform has one")
          Redirect redirect,
      List<String> warnings,
      @Schema(description = "The floor's platform (the origin's top-level name), else null")
          String platform,
      @Schema(description = "The floor's checkout source (= platform), else null")
          String checkoutSource,
      @Schema(description = "What the agent tells the buyer") String message) {}

  /** One line of the totals, ACP's shape: amount in minor units. */
  @Schema(name = "AcpCheckoutTotal")
  public record AcpTotal(
      @Schema(enumeration = {"subtotal", "discount", "fulfillment", "tax", "total"}) String type,
      String displayText,
      long amount) {

    /**
     * The totals of a priced basket, ACP's way round: subtotal, discount, fulfillment, tax, total.
     */
    static List<AcpTotal> of(QuoteView.Pricing p, String currency) {
      return List.of(
          new AcpTotal("subtotal", "Subtotal", minor(p.subtotal(), currency)),
          new AcpTotal("discount", "Discount", minor(p.discountTotal(), currency)),
          new AcpTotal("fulfillment", "Shipping", minor(p.shippingFee(), currency)),
          new AcpTotal("tax", p.taxIncluded() ? "Tax (included)" : "Tax", minor(p.tax(), currency)),
          new AcpTotal("total", "Total", minor(p.total(), currency)));
    }

    private static long minor(String major, String currency) {
      return org.agentcommerce.checkout.application.Amounts.minor(
              new java.math.BigDecimal(major), currency)
          .orElseThrow();
    }
  }

  @POST
  @Path("/acp")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createAcpCheckout",
      summary = "Start an in-chat ACP checkout, or get the redirect floor",
      description =
          "Prices the basket and decides the lane (docs/checkout.md has the table): a merchant"
              + " with a PSP, the payment-submission flag on, the merchant allowlisted and the"
              + " gates passing the total gets an in-chat session (csn_…, ready_for_payment,"
              + " a locked quote, 1 h), bound to this agent and the verified buyer"
              + " (X-Agent-User-JWT, USER_AUTH_REQUIRED without one). Otherwise the redirect"
              + " floor with its reason. With the flag off (the default) every merchant gets"
              + " the floor. Never charges.")
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      description = "The verified buyer token; needed for the in-chat lane",
      schema = @Schema(type = SchemaType.STRING))
  @APIResponse(
      responseCode = "200",
      description = "The lane",
      content = @Content(schema = @Schema(implementation = AcpCheckoutResponse.class)))
  @APIResponse(
      responseCode = "400",
      description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "401",
      description = "USER_AUTH_REQUIRED (in-chat lane without a buyer token)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "403",
      description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "409",
      description = "VARIANT_REQUIRED, OUT_OF_STOCK, SHIPPING_UNAVAILABLE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  public AcpCheckoutResponse startAcp(@NotNull @Valid CreateAcpCheckoutRequest body) {
    String merchantId = merchant(body.merchantId(), body.items());
    AcpCheckoutService.Started s =
        acp.start(
            new AcpCheckoutService.Start(
                caller.agentId(),
                merchantId,
                WireItems.items(body.items()),
                body.shippingAddress() == null
                    ? null
                    : body.shippingAddress().addressLine1() == null
                        ? WireItems.destination(body.shippingAddress())
                        : WireItems.address(body.shippingAddress(), "shipping_address"),
                body.customerEmail(),
                publicBase()),
            () -> {
              JsonWebToken t = buyer.requireVerifiedBuyer();
              return new AcpCheckoutService.Buyer(t.getIssuer(), t.getSubject());
            });
    QuoteView q = s.quote();
    if (!s.decision().inChat()) {
      return new AcpCheckoutResponse(
          "requires_redirect_floor",
          CheckoutLanes.REDIRECT_FLOOR,
          s.decision().reason(),
          merchantId,
          null,
          null,
          null,
          null,
          q.currency(),
          AcpTotal.of(q.pricing(), q.currency()),
          q.pricing(),
          null,
          q,
          s.redirect() == null
              ? null
              : new Redirect(s.redirect().platform(), s.redirect().checkoutUrl()),
          CheckoutLanes.redirectWarnings(),
          s.redirect() == null ? null : s.redirect().platform(),
          s.redirect() == null ? null : s.redirect().platform(),
          s.redirect() == null
              ? "This merchant cannot take the payment in chat: send the buyer to the merchant's"
                  + " own checkout."
              : "Finish on the merchant's checkout: " + s.redirect().checkoutUrl());
    }
    AcpSession session = s.session();
    return new AcpCheckoutResponse(
        "requires_in_chat_acp_checkout",
        CheckoutLanes.IN_CHAT,
        null,
        merchantId,
        session.id(),
        session.id(),
        session.status(),
        session.expiresAt(),
        q.currency(),
        AcpTotal.of(q.pricing(), q.currency()),
        q.pricing(),
        session.totals().total(),
        q,
        null,
        List.of(),
        null,
        null,
        "Ready for payment: complete the session with the buyer's payment method.");
  }

  @Schema(name = "AcpPaymentData")
  public record PaymentData(
      @Size(max = 40) @Schema(description = "Informational: the PSP that issued the token")
          String provider,
      @Size(max = 255)
          @Schema(
              description =
                  "A PSP payment method token (tok_visa on the sandbox) or a mandate's mtk_"
                      + " token; never stored or shown")
          String token) {}

  @Schema(name = "CompleteAcpCheckoutRequest")
  public record CompleteAcpCheckoutRequest(
      @Valid PaymentData paymentData, @Size(max = 255) String idempotencyKey) {}

  @Schema(name = "AcpCompletedOrder")
  public record CompletedOrder(String id, String checkoutSessionId, String permalinkUrl) {}

  @Schema(name = "AcpCompleteResponse")
  public record AcpCompleteResponse(
      @Schema(enumeration = {"completed"}) String status,
      String checkoutSessionId,
      String orderId,
      @Schema(enumeration = {"succeeded"}) String paymentStatus,
      String paymentId,
      String pspUsed,
      @Schema(description = "The amount charged in minor units") long amountCents,
      @Schema(description = "Decimal string in major units") String amount,
      String currency,
      CompletedOrder order) {}

  @POST
  @Path("/acp/{session_id}/complete")
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "completeAcpCheckout",
      summary = "Complete an in-chat ACP checkout: quote, order, one off-session charge",
      description =
          "Claims the session (two completes at once charge once: the other gets 409"
              + " completion_in_progress), prices the basket again (409 PRICE_CHANGED when it no"
              + " longer costs the session's total), creates the order and charges it off-session"
              + " through the shared gates (403 in the gate's shape, nothing written). Completed"
              + " sessions replay their answer (Idempotent-Replayed: true) and never charge again;"
              + " the same Idempotency-Key with another payload is 409 idempotency_conflict. A"
              + " decline is 502 acp_capture_failed (the session can be completed again, the order"
              + " stays payment_failed); an unknown outcome is 502 acp_capture_pending_retry with"
              + " retry_after_seconds (reconciliation decides; the next complete reads it). Above"
              + " the approval threshold: 409 HIL_REQUIRED with detail.approval (approve_url for"
              + " the buyer); once approved, complete again with X-HIL-Approval: hil_… (the same"
              + " order is charged)."
              + " Errors carry detail.code (acp_session_not_found, acp_session_expired,"
              + " completion_in_progress, acp_capture_failed, acp_capture_pending_retry,"
              + " acp_address_required, acp_email_required, idempotency_conflict).")
  @Parameter(
      name = "Idempotency-Key",
      in = ParameterIn.HEADER,
      schema = @Schema(type = SchemaType.STRING, maxLength = 255))
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      required = true,
      description = "The verified buyer token of the session's buyer",
      schema = @Schema(type = SchemaType.STRING))
  @APIResponse(
      responseCode = "200",
      description = "Completed (or the replay of the completion)",
      content = @Content(schema = @Schema(implementation = AcpCompleteResponse.class)))
  @APIResponse(
      responseCode = "401",
      description = "USER_AUTH_REQUIRED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "403",
      description =
          "TIER2_CHARGE_DISABLED, TIER2_TEST_CAPTURE_OVER_CAP, TIER2_LIVE_CAPTURE_OVER_CAP,"
              + " AGENT_SPEND_LIMIT_EXCEEDED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "acp_session_not_found, acp_session_expired",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "409",
      description =
          "completion_in_progress, idempotency_conflict, acp_address_required,"
              + " acp_email_required, PRICE_CHANGED, OUT_OF_STOCK, HIL_REQUIRED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "502",
      description = "acp_capture_failed, acp_capture_pending_retry",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  public Response complete(
      @PathParam("session_id") @Size(max = 40) String sessionId,
      @HeaderParam("Idempotency-Key") @Size(max = 255) String keyHeader,
      @HeaderParam("X-HIL-Approval") @Size(min = 1, max = 100) String hilApproval,
      @Valid CompleteAcpCheckoutRequest body) {
    String token = body == null || body.paymentData() == null ? null : body.paymentData().token();
    if (token == null || token.isBlank()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_data", "token"),
              "Field required: the payment method to charge off-session",
              "missing"));
    }
    String key = keyHeader != null && !keyHeader.isBlank() ? keyHeader : body.idempotencyKey();
    key = key == null || key.isBlank() ? null : key;
    JsonWebToken t = buyer.requireVerifiedBuyer();
    AcpCheckoutService.Completed c =
        acp.complete(
            caller.agentId(),
            sessionId,
            new AcpCheckoutService.Buyer(t.getIssuer(), t.getSubject()),
            token,
            key,
            CheckoutTokens.hash(
                (body.paymentData().provider() == null ? "" : body.paymentData().provider())
                    + "\n"
                    + token),
            publicBase(),
            hilApproval);
    Response.ResponseBuilder r = Response.ok(c.resultJson(), MediaType.APPLICATION_JSON_TYPE);
    if (c.replayed()) {
      r.header("Idempotent-Replayed", "true");
    }
    return r.build();
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
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      required = true,
      description = "The verified buyer token",
      schema = @Schema(type = SchemaType.STRING))
  @APIResponse(
      responseCode = "200",
      description = "The intent",
      content = @Content(schema = @Schema(implementation = CheckoutIntentResponse.class)))
  @APIResponse(
      responseCode = "401",
      description = "USER_AUTH_REQUIRED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "ORDER_NOT_FOUND, QUOTE_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "409",
      description =
          "QUOTE_REQUIRED_BEFORE_PURCHASE, ORDER_ALREADY_PAID, INVALID_STATE, QUOTE_EXPIRED,"
              + " QUOTE_CONSUMED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
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
      description = "The verified buyer token",
      schema = @Schema(type = SchemaType.STRING))
  @Parameter(
      name = "X-Buyer-Ref",
      in = ParameterIn.HEADER,
      description = "guest:<uuid> or user:<public_id>; wins over the body's buyer_ref",
      schema = @Schema(type = SchemaType.STRING))
  @APIResponse(
      responseCode = "200",
      description = "The hosted session",
      content = @Content(schema = @Schema(implementation = HostedAcpSessionResponse.class)))
  @APIResponse(
      responseCode = "400",
      description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "401",
      description = "USER_AUTH_REQUIRED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "403",
      description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "409",
      description = "VARIANT_REQUIRED, OUT_OF_STOCK",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  @RequestBody(
      required = true,
      content =
          @Content(
              schema =
                  @Schema(
                      type = SchemaType.OBJECT,
                      description =
                          "{merchant_id, items:[{id, quantity, variant_id?}], return_url?,"
                              + " buyer_ref?}")))
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

  private static String merchant(String bodyMerchant, List<WireItems.Item> items) {
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
