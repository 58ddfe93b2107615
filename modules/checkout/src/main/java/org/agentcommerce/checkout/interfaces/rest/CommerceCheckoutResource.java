package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.application.CheckoutIntentService;
import org.agentcommerce.checkout.application.CommerceCheckoutService;
import org.agentcommerce.checkout.application.OrderService;
import org.agentcommerce.checkout.application.OrderV2View;
import org.agentcommerce.checkout.application.OrderView;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.platform.api.ShownOnce;
import org.agentcommerce.platform.api.WireDecimal;
import org.agentcommerce.platform.api.WireJson;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Commerce checkouts (v2): the quote-backed order and its payment action in one call, its status
 * with the interaction trace, and refunds. The checkout id is the order's id; only the agent that
 * made it sees it (others: 404).
 */
@RequestScoped
@Path("/agent/v2/commerce/checkouts")
@Authenticated
@Tag(name = "Commerce checkouts (v2)", description = "Order and payment action in one step")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class CommerceCheckoutResource {

  @Inject CommerceCheckoutService checkouts;
  @Inject OrderService orders;
  @Inject OrderReadsResource reads;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Context UriInfo uri;

  @Inject PublicBase links;

  @Schema(name = "CreateCommerceCheckoutRequest")
  public record CreateCommerceCheckoutRequest(
      @NotBlank @Size(max = 64) String merchantId,
      @Size(max = 200)
          @Schema(description = "The agent's conversation or task this checkout belongs to")
          String interactionId,
      @NotBlank @Email @Size(max = 320) String customerEmail,
      @Size(max = 200) String customerName,
      @NotNull @Valid WireItems.Address shippingAddress,
      @NotNull @NotEmpty @Size(max = 50) @Valid List<WireItems.Item> items,
      @Pattern(regexp = "[A-Z]{3}") String currency,
      @Size(max = 5) List<@NotBlank @Size(max = 40) String> discountCodes,
      @Size(max = 255) String idempotencyKey,
      @Size(max = 5) List<@NotBlank @Size(max = 40) String> preferredPsps,
      @Size(max = 2000) @Pattern(regexp = "https?://\\S+") String returnUrl) {}

  @Schema(name = "CommercePaymentAction")
  public record PaymentAction(
      @Schema(
              description =
                  "redirect_url: open url in the buyer's browser (our hosted page; the origin"
                      + " service's value, on which its clients branch). Never client_secret: no"
                      + " PSP secret is handed to an agent.",
              enumeration = {"redirect_url"})
          String type,
      String url,
      Instant expiresAt,
      @Schema(description = "What url opens: hosted_page (the type before issue 38)")
          String kind) {}

  @Schema(name = "CommerceCheckoutResponse")
  public record CommerceCheckoutResponse(
      @Schema(description = "success") String status,
      @Schema(description = "The checkout's id: its order's id") String checkoutId,
      String orderId,
      String interactionId,
      String merchantId,
      @Schema(description = "The order's status (docs/orders.md)") String orderStatus,
      String paymentStatus,
      String totalAmount,
      String currency,
      OrderView.Pricing pricing,
      List<OrderView.Line> lineItems,
      @Schema(description = "Our hosted checkout page for this order (token in the fragment)")
          String paymentUrl,
      PaymentAction paymentAction,
      @Schema(description = "The merchant's platform (its order connector: sandbox, shopify, …)")
          String platform,
      @Schema(description = "Always null: a PSP client secret is never handed to an agent")
          String clientSecret,
      @Schema(
              description =
                  "ready_for_payment while the buyer can pay on the page; the order's status"
                      + " otherwise")
          String readinessState,
      @Schema(description = "The order as GET /agent/v2/orders/{id} reads it")
          OrderV2View.OrderV2 order,
      @Schema(
              description =
                  "Opens this checkout's hosted page only; shown once (a replay of the same"
                      + " Idempotency-Key answers without it: get a fresh one with"
                      + " payment-intent)")
          String checkoutToken,
      Instant createdAt)
      implements ShownOnce {

    @Override
    public Object withoutSecrets() {
      String page = paymentUrl == null ? null : paymentUrl.replaceFirst("#.*$", "");
      return new CommerceCheckoutResponse(
          status,
          checkoutId,
          orderId,
          interactionId,
          merchantId,
          orderStatus,
          paymentStatus,
          totalAmount,
          currency,
          pricing,
          lineItems,
          page,
          paymentAction == null
              ? null
              : new PaymentAction(
                  paymentAction.type(), page, paymentAction.expiresAt(), paymentAction.kind()),
          platform,
          clientSecret,
          readinessState,
          order,
          null,
          createdAt);
    }
  }

  @POST
  @Idempotent
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createCommerceCheckout",
      summary = "Create a checkout: the quote-backed order and its payment action",
      description =
          "Prices the items from the live catalog into the order's quote (every order-book"
              + " check applies: stock, variants, one merchant, spend limits) and opens the hosted"
              + " page that pays it: payment_url and payment_action are never null for a payable"
              + " order. Needs the verified buyer token. Idempotent with Idempotency-Key or"
              + " idempotency_key.")
  @Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER)
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      required = true,
      description = "The verified buyer token")
  @APIResponse(
      responseCode = "200",
      description = "The checkout",
      content = @Content(schema = @Schema(implementation = CommerceCheckoutResponse.class)))
  @APIResponse(responseCode = "400", description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE")
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(
      responseCode = "403",
      description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED, AGENT_SPEND_LIMIT_EXCEEDED")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "VARIANT_REQUIRED, OUT_OF_STOCK, SHIPPING_UNAVAILABLE, PRICE_CHANGED,"
              + " CURRENCY_MISMATCH, idempotency_conflict, idempotency_in_flight")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  public CommerceCheckoutResponse create(@NotNull @Valid CreateCommerceCheckoutRequest body) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    var shipTo = WireItems.address(body.shippingAddress(), "shipping_address");
    CommerceCheckoutService.Created c =
        checkouts.create(
            new CommerceCheckoutService.Create(
                new OrderService.CreateOrder(
                    WireItems.merchant(body.merchantId(), body.items()),
                    WireItems.items(body.items()),
                    null,
                    body.currency(),
                    shipTo,
                    body.customerEmail(),
                    body.customerName(),
                    body.discountCodes(),
                    null,
                    new Order.Parties(
                        caller.agentId(),
                        body.customerEmail(),
                        body.customerName(),
                        WireJson.jsonb().toJson(shipTo.asMap()),
                        null,
                        t.getIssuer(),
                        t.getSubject(),
                        body.interactionId(),
                        body.preferredPsps() == null || body.preferredPsps().isEmpty()
                            ? null
                            : body.preferredPsps().get(0),
                        null)),
                body.returnUrl(),
                t.getIssuer(),
                t.getSubject()),
            publicBase());
    return response(c, body.interactionId());
  }

  private CommerceCheckoutResponse response(
      CommerceCheckoutService.Created c, String interactionId) {
    OrderView o = c.order();
    CheckoutIntentService.Created p = c.payment();
    return new CommerceCheckoutResponse(
        "success",
        o.orderId(),
        o.orderId(),
        interactionId != null ? interactionId : o.tracking().agentSessionId(),
        o.merchantId(),
        o.status(),
        o.paymentStatus(),
        o.totalAmount(),
        o.currency(),
        o.pricing(),
        o.lineItems(),
        p.checkoutUrl(),
        new PaymentAction("redirect_url", p.checkoutUrl(), p.intent().expiresAt(), "hosted_page"),
        c.platform(),
        null,
        "awaiting_payment".equals(o.status()) ? "ready_for_payment" : o.status(),
        reads.v2(o.orderId()).order(),
        p.token(),
        o.createdAt());
  }

  @Schema(name = "PaymentIntentRequest")
  public record PaymentIntentRequest(
      @Size(max = 5) @Schema(description = "PSPs to try first, in order (stripe, adyen, sandbox)")
          List<@NotBlank @Size(max = 40) String> preferredPsps) {}

  @POST
  @Path("/{checkout_id}/payment-intent")
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createCommercePaymentIntent",
      summary = "The checkout's current payment action",
      description =
          "A fresh hosted-page payment action (a new checkout token, 30 minutes) for the"
              + " buyer's unpaid checkout; preferred_psps[0] becomes the PSP tried first when it"
              + " is paid (the PSP's own payment intent is created when the page pays)."
              + " 409 ORDER_ALREADY_PAID when there is nothing to pay; another agent's or buyer's"
              + " checkout is 404.")
  @Parameters(
      @Parameter(
          name = "X-Agent-User-JWT",
          in = ParameterIn.HEADER,
          required = true,
          description = "The verified buyer token"))
  @APIResponse(
      responseCode = "200",
      description = "The checkout with its payment action",
      content = @Content(schema = @Schema(implementation = CommerceCheckoutResponse.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "ORDER_ALREADY_PAID")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  public CommerceCheckoutResponse paymentIntent(
      @PathParam("checkout_id") @Size(max = 40) String checkoutId,
      @Valid PaymentIntentRequest body) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    return response(
        checkouts.paymentAction(
            caller.agentId(),
            checkoutId,
            t.getIssuer(),
            t.getSubject(),
            body == null ? null : body.preferredPsps(),
            publicBase()),
        null);
  }

  @Schema(name = "CommerceCheckoutStatus")
  public record StatusResponse(
      @Schema(description = "success") String status,
      String checkoutId,
      @Schema(description = "The order as GET /agent/v2/orders/{id} reads it")
          OrderV2View.OrderV2 order,
      @Schema(
              description =
                  "The interaction (the checkout's interaction_id) and the checkout's moves in"
                      + " order (a bare list before issue 38)")
          InteractionTrace interactionTrace,
      String orderId,
      @Schema(description = "The order's status (docs/orders.md)") String orderStatus,
      String paymentStatus,
      String fulfillmentStatus,
      @Schema(description = "The order's v2 state") String state) {}

  /** The origin service's interaction trace: the interaction and its events. */
  @Schema(name = "InteractionTrace")
  public record InteractionTrace(String interaction, List<OrderV2View.AuditEntry> events) {}

  @GET
  @Path("/{checkout_id}/status")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getCommerceCheckoutStatus",
      summary = "A checkout's order, payment and fulfilment status and its trace",
      description = "Another agent's checkout is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The status",
      content = @Content(schema = @Schema(implementation = StatusResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public StatusResponse status(@PathParam("checkout_id") @Size(max = 40) String checkoutId) {
    OrderV2View.OrderV2 o = reads.v2(checkoutId).order();
    return new StatusResponse(
        "success",
        checkoutId,
        o,
        new InteractionTrace(o.buyerContext().agentSessionId(), o.audit().transitions()),
        o.orderId(),
        o.status(),
        o.paymentStatus(),
        o.fulfillmentSummary().fulfillmentStatus(),
        o.state());
  }

  @Schema(name = "CheckoutRefundBody")
  public record CheckoutRefundBody(
      @Schema(
              description = "Decimal string or number in major units; absent: what is left",
              oneOf = {String.class, BigDecimal.class})
          JsonValue amount,
      @Size(max = 300) String reason,
      @Schema(
              description =
                  "Informational: whether the merchant should restock (default true, as at the"
                      + " origin service)",
              defaultValue = "true")
          Boolean restoreInventory,
      @Size(max = 255) String idempotencyKey) {}

  @Schema(name = "CheckoutRefundResponse")
  public record CheckoutRefundResponse(
      @Schema(description = "success") String status,
      String checkoutId,
      String refundId,
      String paymentId,
      String amount,
      String currency,
      @Schema(description = "succeeded, pending or failed") String refundStatus,
      String failureReason,
      boolean restoreInventory,
      String orderId,
      @Schema(description = "The refund again, as the origin service nests it")
          RefundView refund) {}

  /** A refund as the origin service nests it. */
  @Schema(name = "CheckoutRefund")
  public record RefundView(
      String refundId,
      String paymentId,
      String amount,
      String currency,
      @Schema(description = "succeeded, pending or failed") String status,
      String reason) {}

  @POST
  @Path("/{checkout_id}/refunds")
  @Idempotent(outsideEffects = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "refundCommerceCheckout",
      summary = "Refund a checkout, partly or fully",
      description =
          "Through the payment's refund service: never more than was captured (409"
              + " REFUND_EXCEEDS_PAYMENT); 409 PAYMENT_NOT_SUCCEEDED when nothing was captured."
              + " Idempotent with Idempotency-Key or idempotency_key.")
  @Parameters(@Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The refund",
      content = @Content(schema = @Schema(implementation = CheckoutRefundResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "PAYMENT_NOT_SUCCEEDED, REFUND_EXCEEDS_PAYMENT, idempotency_conflict,"
              + " idempotency_in_flight")
  public CheckoutRefundResponse refund(
      @PathParam("checkout_id") @Size(max = 40) String checkoutId, @Valid CheckoutRefundBody body) {
    BigDecimal amount =
        body == null || body.amount() == null
            ? null
            : WireDecimal.parse(body.amount(), List.of("body", "amount"), 15, 6);
    CheckoutCharges.Refunded r =
        checkouts.refund(
            caller.agentId(), checkoutId, scope(), amount, body == null ? null : body.reason());
    return new CheckoutRefundResponse(
        "success",
        checkoutId,
        r.refundId(),
        r.paymentId(),
        r.amount(),
        r.currency(),
        r.status(),
        r.failureReason(),
        body == null || !Boolean.FALSE.equals(body.restoreInventory()),
        checkoutId,
        new RefundView(
            r.refundId(),
            r.paymentId(),
            r.amount(),
            r.currency(),
            r.status(),
            body == null ? null : body.reason()));
  }

  @Schema(name = "CheckoutReturnBody")
  public record CheckoutReturnBody(
      @Size(max = 300) @Schema(description = "Informational: why the agent asks") String reason) {}

  @Schema(name = "CheckoutReturnLine")
  public record CheckoutReturnLine(String variantId, int quantity, String reason) {}

  @Schema(name = "CheckoutReturn")
  public record CheckoutReturn(
      String returnId, String status, List<CheckoutReturnLine> lines, Instant requestedAt) {}

  @Schema(name = "CheckoutReturnsResponse")
  public record CheckoutReturnsResponse(
      @Schema(
              description =
                  "synced; pending_merchant_order (not placed at the merchant yet);"
                      + " pending_external_platform (the platform has no returns connector)",
              enumeration = {"synced", "pending_merchant_order", "pending_external_platform"})
          String status,
      String checkoutId,
      @Schema(description = "The merchant's platform: sandbox, shopify, ...") String platform,
      List<CheckoutReturn> returns) {}

  @POST
  @Path("/{checkout_id}/returns")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "syncCommerceCheckoutReturns",
      summary = "Sync a checkout's returns from the merchant's platform",
      description =
          "Reads the returns the merchant's platform holds for the order through its connector"
              + " (the sandbox platform's back office; Shopify's Admin API) and stores them. A"
              + " platform without a returns connector answers pending_external_platform."
              + " 502 MERCHANT_PLATFORM_UNAVAILABLE, 409 MERCHANT_PLATFORM_REFUSED.")
  @APIResponse(
      responseCode = "200",
      description = "The returns",
      content = @Content(schema = @Schema(implementation = CheckoutReturnsResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "MERCHANT_PLATFORM_REFUSED")
  @APIResponse(responseCode = "502", description = "MERCHANT_PLATFORM_UNAVAILABLE")
  public CheckoutReturnsResponse returns(
      @PathParam("checkout_id") @Size(max = 40) String checkoutId, @Valid CheckoutReturnBody body) {
    CommerceCheckoutService.ReturnsSync sync =
        checkouts.syncReturns(caller.agentId(), checkoutId, scope());
    return new CheckoutReturnsResponse(
        sync.status(),
        checkoutId,
        sync.platform(),
        sync.returns().stream()
            .map(
                r ->
                    new CheckoutReturn(
                        r.returnId(),
                        r.status(),
                        r.lines().stream()
                            .map(
                                l ->
                                    new CheckoutReturnLine(l.variantId(), l.quantity(), l.reason()))
                            .toList(),
                        r.requestedAt()))
            .toList());
  }

  /** With a buyer token, only that buyer's checkouts. */
  private OrderService.BuyerScope scope() {
    return buyer
        .token()
        .map(t -> new OrderService.BuyerScope(t.getIssuer(), t.getSubject()))
        .orElse(null);
  }

  private URI publicBase() {
    return links.of(uri);
  }
}
