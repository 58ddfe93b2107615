package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
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
import org.agentcommerce.checkout.application.CheckoutLanes;
import org.agentcommerce.checkout.application.CheckoutTokens;
import org.agentcommerce.checkout.application.QuoteView;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The in-chat ACP lane (v1): start an ACP checkout for the agent's basket (or learn that the
 * merchant needs its own checkout), then complete it with the buyer's payment method.
 */
@RequestScoped
@Path("/agent/v1/checkout/acp")
@Authenticated
@Tag(name = "Checkout", description = "Checkout lanes: redirect, in-chat ACP, hosted")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class AcpLaneResource {

  @Inject AcpCheckoutService acp;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Context UriInfo uri;

  @Inject PublicBase links;

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
          CheckoutResource.Redirect redirect,
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
  @Parameters(
      @Parameter(
          name = "X-Agent-User-JWT",
          in = ParameterIn.HEADER,
          description = "The verified buyer token; needed for the in-chat lane"))
  @APIResponse(
      responseCode = "200",
      description = "The lane",
      content = @Content(schema = @Schema(implementation = AcpCheckoutResponse.class)))
  @APIResponse(responseCode = "400", description = "MULTI_MERCHANT_NOT_SUPPORTED, CART_TOO_LARGE")
  @APIResponse(
      responseCode = "401",
      description = "USER_AUTH_REQUIRED (in-chat lane without a buyer token)")
  @APIResponse(responseCode = "403", description = "MERCHANT_INACTIVE, MERCHANT_ACCESS_DENIED")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "VARIANT_REQUIRED, OUT_OF_STOCK, SHIPPING_UNAVAILABLE")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
  public AcpCheckoutResponse startAcp(@NotNull @Valid CreateAcpCheckoutRequest body) {
    String merchantId = CheckoutResource.merchant(body.merchantId(), body.items());
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
              : new CheckoutResource.Redirect(s.redirect().platform(), s.redirect().checkoutUrl()),
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
              required = true,
              minLength = 1,
              description =
                  "A PSP payment method token (tok_visa on the sandbox) or a mandate's mtk_"
                      + " token; never stored or shown")
          String token) {}

  @Schema(name = "CompleteAcpCheckoutRequest")
  public record CompleteAcpCheckoutRequest(
      @Valid @Schema(required = true) PaymentData paymentData,
      @Size(max = 255) String idempotencyKey) {}

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
  @Path("/{session_id}/complete")
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
      description = "The verified buyer token of the session's buyer")
  @APIResponse(
      responseCode = "200",
      description = "Completed (or the replay of the completion)",
      content = @Content(schema = @Schema(implementation = AcpCompleteResponse.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(
      responseCode = "403",
      description =
          "TIER2_CHARGE_DISABLED, TIER2_TEST_CAPTURE_OVER_CAP, TIER2_LIVE_CAPTURE_OVER_CAP,"
              + " AGENT_SPEND_LIMIT_EXCEEDED")
  @APIResponse(responseCode = "404", description = "acp_session_not_found, acp_session_expired")
  @APIResponse(
      responseCode = "409",
      description =
          "completion_in_progress, idempotency_conflict, acp_address_required,"
              + " acp_email_required, PRICE_CHANGED, OUT_OF_STOCK, HIL_REQUIRED")
  @APIResponse(responseCode = "502", description = "acp_capture_failed, acp_capture_pending_retry")
  @APIResponse(
      responseCode = "421",
      description = "HOST_NOT_ALLOWED (no ac.public-base-url and a Host that is not ours)")
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

  private URI publicBase() {
    return links.of(uri);
  }
}
