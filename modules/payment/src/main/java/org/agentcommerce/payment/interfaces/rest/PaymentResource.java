package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
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
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.payment.api.PaymentStatus;
import org.agentcommerce.payment.application.PayCommand;
import org.agentcommerce.payment.application.PaymentService;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.ShownOnce;
import org.agentcommerce.platform.api.WireDecimal;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Payments (v1): pay an order once, read a payment. */
@RequestScoped
@Path("/agent/v1/payments")
@Authenticated
@Tag(name = "Payments", description = "Paying orders: exactly once, behind the gates")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class PaymentResource {

  /** The payment method types a payment takes (matched without regard to case). */
  static final List<String> METHOD_TYPES = List.of("card", "wallet", "mandate_token");

  @Inject PaymentService payments;
  @Inject Caller caller;
  @Inject org.agentcommerce.payment.application.LateCaptures lateCaptures;
  @Inject BuyerIdentity buyer;
  @Context UriInfo uri;
  @Inject org.agentcommerce.checkout.api.PublicLinks links;

  @Schema(name = "PaymentMethod")
  public record PaymentMethod(
      @NotBlank
          @Size(max = 30)
          @Schema(
              description = "card (a PSP token, e.g. tok_visa on the sandbox)",
              enumeration = {"card", "wallet", "mandate_token"})
          String type,
      @Size(max = 255)
          @Schema(
              required = true,
              minLength = 1,
              description = "The PSP's payment method token; never stored or shown")
          String token) {}

  @Schema(name = "PaymentRequest")
  public record PaymentRequest(
      @NotBlank @Size(max = 40) String orderId,
      @NotNull @Valid PaymentMethod paymentMethod,
      @Size(max = 2000)
          @Pattern(regexp = "https?://\\S+")
          @Schema(description = "Where the buyer comes back to after 3-D Secure")
          String returnUrl,
      @Size(max = 255) String idempotencyKey,
      @Schema(
              description =
                  "Drift guard: the total the agent showed the buyer (decimal string or number)",
              oneOf = {String.class, BigDecimal.class})
          JsonValue expectedAmount,
      @Pattern(regexp = "[A-Z]{3}") String currency,
      @Schema(
              description =
                  "true: a saved/delegated method charged while the buyer is not present (gated:"
                      + " kill-switch, allowlist, capture caps)")
          Boolean offSession) {}

  @Schema(name = "PaymentNextAction")
  public record NextAction(
      @Schema(description = "redirect_to_url") String type, String redirectUrl) {}

  /** The origin service's next step for the buyer: {@code redirect_url} and where to. */
  @Schema(name = "PaymentAction")
  public record PaymentAction(
      @Schema(
              description = "redirect_url",
              enumeration = {"redirect_url"})
          String type,
      String url) {}

  @Schema(name = "PaymentError")
  public record PaymentError(String code, String message, String declineCode) {}

  @Schema(name = "PaymentAttempt")
  public record Attempt(
      String attemptId,
      String psp,
      @Schema(
              description =
                  "sent, succeeded, requires_action, processing, declined, not_accepted, unknown")
          String outcome,
      Long latencyMs,
      String errorCode,
      Instant createdAt,
      Instant finishedAt,
      @Schema(
              description =
                  "Only when the PSP captured money for this attempt after it had been closed: the"
                      + " capture and its automatic refund (docs/payments.md)")
          LateCaptureView lateCapture) {}

  @Schema(name = "PaymentLateCapture")
  public record LateCaptureView(
      @Schema(
              description = "refund_pending | refunded | refund_failed",
              enumeration = {"refund_pending", "refunded", "refund_failed"})
          String status,
      @Schema(description = "Decimal string in major units") String amount,
      String currency,
      String pspPaymentId,
      String pspRefundId,
      Instant foundAt,
      Instant updatedAt) {}

  @Schema(name = "PaymentResponse")
  public record PaymentResponse(
      @Schema(
              description = "requires_action | processing | succeeded | failed",
              enumeration = {"requires_action", "processing", "succeeded", "failed"})
          String status,
      String paymentId,
      String orderId,
      @Schema(description = "Decimal string in major units") String amount,
      String currency,
      String pspUsed,
      NextAction nextAction,
      PaymentError error,
      @Schema(description = "test or live") String mode,
      List<Attempt> attempts,
      Instant createdAt,
      Instant updatedAt,
      @Schema(
              description =
                  "The origin service's name: the PSP's id of the payment (e.g. a Stripe"
                      + " PaymentIntent id), else our payment_id")
          String paymentIntentId,
      @Schema(description = "The origin service's name for psp_used") String psp,
      @Schema(
              description =
                  "Always null: a PSP client secret is never handed out (the buyer confirms"
                      + " through next_action; docs/compatibility.md)",
              nullable = true)
          String clientSecret,
      @Schema(description = "The origin service's shape of next_action: {type, url}")
          PaymentAction paymentAction)
      implements ShownOnce {

    /** The same payment with another next action (and the origin's payment_action with it). */
    PaymentResponse withNextAction(NextAction next) {
      return new PaymentResponse(
          status,
          paymentId,
          orderId,
          amount,
          currency,
          pspUsed,
          next,
          error,
          mode,
          attempts,
          createdAt,
          updatedAt,
          paymentIntentId,
          psp,
          null,
          next == null ? null : new PaymentAction("redirect_url", next.redirectUrl()));
    }

    /**
     * A 3-D Secure address that carries a PSP's client secret is shown once: a replay of the
     * request that started the payment answers without it (read the payment for the next action).
     */
    @Override
    public Object withoutSecrets() {
      if (nextAction == null
          || nextAction.redirectUrl() == null
          || !nextAction.redirectUrl().toLowerCase(java.util.Locale.ROOT).contains("secret")) {
        return this;
      }
      return withNextAction(new NextAction(nextAction.type(), null));
    }
  }

  @Schema(name = "PaymentReadResponse")
  public record PaymentReadResponse(
      @Schema(enumeration = {"requires_action", "processing", "succeeded", "failed"}) String status,
      String paymentId,
      String pspUsed,
      String amount,
      String currency,
      NextAction nextAction,
      PaymentResponse payment) {}

  @POST
  @Idempotent(outsideEffects = true)
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createPayment",
      summary = "Pay an order",
      description =
          "Charges the order's total once, through the merchant's PSPs in order (failover only"
              + " when a PSP certainly created no charge). Needs a verified buyer token"
              + " (X-Agent-User-JWT) of the order's buyer. Status: succeeded, failed (error names"
              + " the code and decline_code), requires_action (next_action.redirect_url: 3-D"
              + " Secure), processing (the outcome comes later: read the payment). Refusals:"
              + " ORDER_NOT_FOUND 404; ORDER_ALREADY_PAID, PAYMENT_IN_PROGRESS, INVALID_STATE,"
              + " QUOTE_MISMATCH (expected_amount/currency differ, both amounts named),"
              + " HIL_REQUIRED (with an approval to get from the buyer) 409; BUYER_MISMATCH,"
              + " HIL_APPROVAL_INVALID and the gates' TIER2_CHARGE_DISABLED,"
              + " TIER2_TEST_CAPTURE_OVER_CAP, TIER2_LIVE_CAPTURE_OVER_CAP 403. Idempotent with"
              + " Idempotency-Key or idempotency_key.")
  @Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER)
  @Parameter(
      name = "X-HIL-Approval",
      in = ParameterIn.HEADER,
      description = "An approval_id the buyer approved (see HIL_REQUIRED)")
  @Parameter(
      name = "X-Agent-User-JWT",
      in = ParameterIn.HEADER,
      required = true,
      description = "The verified buyer token")
  @APIResponse(
      responseCode = "200",
      description = "The payment",
      content = @Content(schema = @Schema(implementation = PaymentResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "ORDER_ALREADY_PAID, PAYMENT_IN_PROGRESS, INVALID_STATE, QUOTE_MISMATCH,"
              + " HIL_REQUIRED, idempotency_conflict, idempotency_in_flight")
  @APIResponse(responseCode = "503", description = "PSP_NOT_CONFIGURED")
  public PaymentResponse create(
      @NotNull @Valid PaymentRequest body, @HeaderParam("X-HIL-Approval") String hilApproval) {
    if (body.paymentMethod().token() == null || body.paymentMethod().token().isBlank()) {
      // The origin's {type:"dynamic"} without a token hands the client a PSP client secret to
      // confirm with; this service never hands one out (docs/compatibility.md).
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "token"),
              "Field required: this service charges a PSP token server-side and hands out no"
                  + " client secret; for a buyer who pays on a page, create a checkout intent"
                  + " (POST /agent/v1/checkout/intents) and send the buyer to its checkout_url",
              "missing"));
    }
    String type = body.paymentMethod().type().trim().toLowerCase(java.util.Locale.ROOT);
    if (!METHOD_TYPES.contains(type)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "type"),
              "Input should be one of " + METHOD_TYPES,
              "enum"));
    }
    if (!"mandate_token".equals(type) && body.paymentMethod().token().startsWith("mtk_")) {
      // A mandate's token is never sent to a PSP as if it were a card.
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "type"),
              "A mtk_ token is paid with type" + " mandate_token",
              "value_error"));
    }
    if (org.agentcommerce.payment.application.VaultTokens.isVaultToken(
        body.paymentMethod().token())) {
      // A vault token is an ACP delegated payment: its allowance names a checkout session, so it
      // pays that session's complete only, never a PSP as if it were a card.
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "token"),
              "A vt_ vault token pays its ACP checkout session's complete only",
              "value_error"));
    }
    if (hilApproval != null && (hilApproval.isBlank() || hilApproval.length() > 100)) {
      throw new ApiException(
          403, "HIL_APPROVAL_INVALID", "X-HIL-Approval must name an approval_id.");
    }
    if (body.returnUrl() != null) {
      try {
        java.net.URI u = new java.net.URI(body.returnUrl());
        if (u.getHost() == null) {
          throw new java.net.URISyntaxException(body.returnUrl(), "no host");
        }
      } catch (java.net.URISyntaxException bad) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "return_url"),
                "Input should be an absolute http(s) URL",
                "url_parsing"));
      }
    }
    JsonWebToken token = buyer.requireVerifiedBuyer();
    PaymentService.Outcome outcome =
        payments.pay(
            new PayCommand(
                caller.agentId(),
                body.orderId(),
                type,
                body.paymentMethod().token(),
                Boolean.TRUE.equals(body.offSession()),
                body.returnUrl(),
                decimal(body.expectedAmount()),
                body.currency(),
                hilApproval,
                "rest",
                token.getIssuer(),
                token.getSubject(),
                null,
                null),
            links.of(uri));
    PaymentRecord p = outcome.payment();
    PaymentResponse v = view(p, payments.attempts(p.id()));
    if (outcome.oneTimeActionUrl() != null && p.status() == PaymentStatus.REQUIRES_ACTION) {
      return v.withNextAction(
          new NextAction("redirect_to_url", absolute(outcome.oneTimeActionUrl())));
    }
    return v;
  }

  @GET
  @Path("/{payment_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getPayment",
      summary = "Read a payment",
      description =
          "Status, PSP used, amount, currency, next action, attempts (PSP, outcome,"
              + " latency) and timestamps. Another agent's payment, or with a buyer token"
              + " another buyer's, is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The payment",
      content = @Content(schema = @Schema(implementation = PaymentReadResponse.class)))
  @APIResponse(responseCode = "404", description = "PAYMENT_NOT_FOUND")
  public PaymentReadResponse read(@PathParam("payment_id") String paymentId) {
    PaymentRecord p =
        payments
            .find(caller.agentId(), paymentId)
            // Outside the key's merchant scope, or another buyer's, it is not there, as another
            // agent's.
            .filter(x -> caller.mayAccessMerchant(x.merchantId()))
            .filter(x -> BuyerScope.sees(buyer, x.buyerIssuer(), x.buyerSubject()))
            .orElseThrow(
                () ->
                    new ApiException(
                        404, "PAYMENT_NOT_FOUND", "No payment " + paymentId + " of this agent."));
    PaymentResponse v = view(p, payments.attempts(p.id()));
    return new PaymentReadResponse(
        v.status(), v.paymentId(), v.pspUsed(), v.amount(), v.currency(), v.nextAction(), v);
  }

  private PaymentResponse view(PaymentRecord p, List<AttemptRecord> attempts) {
    return view(p, attempts, lateCaptures.ofPayment(p.id()), this::absolute);
  }

  /**
   * A payment as the API shows it; {@code absolute} turns a stored action address into the one the
   * caller follows.
   */
  static PaymentResponse view(
      PaymentRecord p,
      List<AttemptRecord> attempts,
      List<org.agentcommerce.payment.application.LateCaptures.LateCapture> lateCaptures,
      java.util.function.UnaryOperator<String> absolute) {
    java.util.Map<String, LateCaptureView> late = new java.util.HashMap<>();
    for (org.agentcommerce.payment.application.LateCaptures.LateCapture c : lateCaptures) {
      late.put(
          c.attemptId(),
          new LateCaptureView(
              c.status(),
              c.amount().amount().toPlainString(),
              c.amount().currencyCode(),
              c.pspPaymentId(),
              c.pspRefundId(),
              c.createdAt(),
              c.updatedAt()));
    }
    NextAction next =
        p.actionUrl() == null || p.status().isFinal()
            ? null
            : new NextAction("redirect_to_url", absolute.apply(p.actionUrl()));
    PaymentError error =
        p.errorCode() == null
            ? null
            : new PaymentError(p.errorCode(), p.errorMessage(), p.declineCode());
    return new PaymentResponse(
        p.status().wireName(),
        p.id(),
        p.orderId(),
        p.amount().amount().toPlainString(),
        p.amount().currencyCode(),
        p.psp(),
        next,
        error,
        p.live() ? "live" : "test",
        attempts.stream()
            .map(
                a ->
                    new Attempt(
                        a.id(),
                        a.psp(),
                        a.status(),
                        a.latencyMs(),
                        a.errorCode(),
                        a.createdAt(),
                        a.finishedAt(),
                        late.get(a.id())))
            .toList(),
        p.createdAt(),
        p.updatedAt(),
        p.pspPaymentId() != null ? p.pspPaymentId() : p.id(),
        p.psp(),
        null,
        next == null ? null : new PaymentAction("redirect_url", next.redirectUrl()));
  }

  private String absolute(String url) {
    if (url.startsWith("/")) {
      URI base = uri.getBaseUri();
      return base.resolve(url).toString();
    }
    return url;
  }

  static BigDecimal decimal(JsonValue v) {
    return decimal(v, "expected_amount");
  }

  /** An amount: at most 15 digits and 6 decimals (a minor-unit amount must fit a long). */
  static BigDecimal decimal(JsonValue v, String field) {
    return WireDecimal.parse(v, List.of("body", field), 15, 6);
  }
}
