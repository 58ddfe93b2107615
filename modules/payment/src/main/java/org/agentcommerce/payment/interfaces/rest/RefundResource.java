package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.payment.application.PaymentService;
import org.agentcommerce.payment.application.RefundService;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
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

/** Refunds of a payment: give money back (full or partial), list what was given back. */
@RequestScoped
@Path("/agent/v1/payments/{payment_id}/refunds")
@Authenticated
@Tag(name = "Payments")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class RefundResource {

  @Inject RefundService refunds;
  @Inject PaymentService payments;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @Schema(name = "RefundRequest")
  public record RefundRequest(
      @Schema(
              description = "Major units, decimal string or number; absent: all that is left",
              oneOf = {String.class, BigDecimal.class})
          JsonValue amount,
      @Size(max = 500) String reason,
      @Size(max = 255) String idempotencyKey) {}

  @Schema(name = "Refund")
  public record RefundView(
      String refundId,
      String paymentId,
      String orderId,
      String amount,
      String currency,
      @Schema(enumeration = {"pending", "succeeded", "failed", "unknown"}) String status,
      String reason,
      String failureReason,
      Instant createdAt) {}

  @Schema(name = "RefundList")
  public record RefundList(String status, List<RefundView> refunds) {}

  @POST
  @Idempotent(outsideEffects = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "refundPayment",
      summary = "Refund a payment",
      description =
          "Full (no amount) or partial; never more than is left. A succeeded refund"
              + " moves the order to partially_refunded or refunded (order.refunded). Refusals:"
              + " PAYMENT_NOT_FOUND 404 (also another agent's, or with a buyer token another"
              + " buyer's), PAYMENT_NOT_SUCCEEDED and REFUND_EXCEEDS_PAYMENT 409."
              + " Idempotent with Idempotency-Key or idempotency_key.")
  @Parameters(@Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The refund",
      content = @Content(schema = @Schema(implementation = RefundView.class)))
  @APIResponse(responseCode = "404", description = "PAYMENT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "PAYMENT_NOT_SUCCEEDED, REFUND_EXCEEDS_PAYMENT, idempotency_conflict")
  public RefundView refund(@PathParam("payment_id") String paymentId, @Valid RefundRequest body) {
    return refundPayment(paymentId, body);
  }

  /**
   * The refund itself, without the idempotency binding: the order routes call it from their own
   * {@code @Idempotent} methods (a nested binding would claim the key twice).
   */
  public RefundView refundPayment(String paymentId, RefundRequest body) {
    requireVisible(paymentId);
    BigDecimal amount = body == null ? null : PaymentResource.decimal(body.amount(), "amount");
    return view(
        refunds.refund(caller.agentId(), paymentId, amount, body == null ? null : body.reason()));
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listRefunds",
      summary = "A payment's refunds",
      description = "Another agent's payment, or with a buyer token another buyer's, is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The refunds, oldest first",
      content = @Content(schema = @Schema(implementation = RefundList.class)))
  @APIResponse(responseCode = "404", description = "PAYMENT_NOT_FOUND")
  public RefundList list(@PathParam("payment_id") String paymentId) {
    requireVisible(paymentId);
    return new RefundList(
        "success", refunds.forPayment(paymentId).stream().map(RefundResource::view).toList());
  }

  /**
   * The agent's payment within the key's merchant scope and, with a buyer token, that buyer's;
   * anything else is not there (404).
   */
  private void requireVisible(String paymentId) {
    payments
        .find(caller.agentId(), paymentId)
        .filter(x -> caller.mayAccessMerchant(x.merchantId()))
        .filter(x -> BuyerScope.sees(buyer, x.buyerIssuer(), x.buyerSubject()))
        .orElseThrow(
            () ->
                new ApiException(
                    404, "PAYMENT_NOT_FOUND", "No payment " + paymentId + " of this agent."));
  }

  static RefundView view(RefundService.Refund r) {
    return new RefundView(
        r.refundId(),
        r.paymentId(),
        r.orderId(),
        r.amount().amount().toPlainString(),
        r.amount().currencyCode(),
        r.status(),
        r.reason(),
        r.failureReason(),
        r.createdAt());
  }
}
