package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.agentcommerce.checkout.application.EvidenceService;
import org.agentcommerce.checkout.application.OrderService;
import org.agentcommerce.checkout.application.OrderView;
import org.agentcommerce.platform.api.WireJson;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The moves an agent makes on its orders (v1): cancel, confirm payment, record payment evidence.
 */
@RequestScoped
@Path("/agent/v1/orders")
@Authenticated
@Tag(name = "Orders", description = "Orders: priced by the server, moved only along their states")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderMovesResource {

  @Inject OrderService orders;
  @Inject EvidenceService evidence;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @Schema(name = "CancelOrderRequest")
  public record CancelRequest(
      @Size(max = 300) String reason, @Size(max = 255) String idempotencyKey) {}

  @POST
  @Path("/{order_id}/cancel")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "cancelOrder",
      summary = "Cancel an unpaid order",
      description =
          "awaiting_payment or payment_failed → cancelled. A paid order is 409 INVALID_STATE (refund it instead).")
  @APIResponse(
      responseCode = "200",
      description = "The cancelled order",
      content = @Content(schema = @Schema(implementation = OrderResource.OrderResponse.class)))
  @APIResponse(responseCode = "409", description = "INVALID_STATE")
  public OrderResource.OrderResponse cancel(
      @PathParam("order_id") @Size(max = 40) String orderId, @Valid CancelRequest body) {
    return new OrderResource.OrderResponse(
        "success",
        orders.cancel(
            caller.agentId(),
            orderId,
            body == null ? null : body.reason(),
            OrderResource.scope(buyer)));
  }

  @Schema(name = "MerchantSync")
  public record MerchantSync(
      @Schema(description = "started: placement is under way; placed: the merchant has it")
          String status,
      String connector,
      String merchantOrderId,
      String merchantOrderNumber) {}

  @Schema(name = "ConfirmPaymentResponse")
  public record ConfirmResponse(
      @Schema(
              description =
                  "success (placement started or done) or pending (the payment still waits for"
                      + " the buyer or the PSP: follow payment_action, then call again)",
              enumeration = {"success", "pending"})
          String status,
      String orderId,
      String orderStatus,
      @Schema(description = "Null while pending") MerchantSync merchantSync,
      @Schema(description = "What the agent tells the buyer") String message,
      @Schema(description = "The PSP's id of the order's payment") String paymentIntentId,
      @Schema(description = "The origin service's name for merchant_sync") MerchantSync shopifySync,
      @Schema(description = "While pending: where the buyer finishes the payment")
          OrderView.PaymentAction paymentAction) {}

  @POST
  @Path("/{order_id}/confirm-payment")
  @Idempotent
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "confirmOrderPayment",
      summary = "Confirm payment and place the order with the merchant",
      description =
          "While the payment still waits for the buyer (3-D Secure) or the PSP, answers 200"
              + " pending with payment_action and changes nothing. Otherwise refuses 409"
              + " PAYMENT_NOT_SUCCEEDED unless the order's payment succeeded. Then moves the"
              + " order to merchant_confirming and starts placing it on the merchant's platform in"
              + " the background: a durable job, retried with backoff, never placing it twice (our"
              + " order id is the platform's reference). The order becomes confirmed when the"
              + " merchant has it; follow it with GET /agent/v1/orders/{order_id} or the events."
              + " Calling it again answers what was started.")
  @APIResponse(
      responseCode = "200",
      description = "What was started",
      content = @Content(schema = @Schema(implementation = ConfirmResponse.class)))
  @APIResponse(responseCode = "409", description = "PAYMENT_NOT_SUCCEEDED")
  public ConfirmResponse confirmPayment(@PathParam("order_id") @Size(max = 40) String orderId) {
    OrderService.Confirmation c =
        orders.confirmPayment(caller.agentId(), orderId, OrderResource.scope(buyer));
    OrderView.Payment payment = c.order().payment();
    if ("pending".equals(c.merchantSync())) {
      return new ConfirmResponse(
          "pending",
          c.order().orderId(),
          c.order().status(),
          null,
          "The payment waits for the buyer or the PSP; nothing was placed. Follow payment_action,"
              + " then confirm again.",
          payment.paymentIntentId(),
          null,
          payment.paymentAction());
    }
    MerchantSync sync =
        new MerchantSync(
            c.merchantSync(),
            c.connector(),
            c.order().tracking().merchantOrderId(),
            c.order().tracking().merchantOrderNumber());
    return new ConfirmResponse(
        "success",
        c.order().orderId(),
        c.order().status(),
        sync,
        "placed".equals(c.merchantSync())
            ? "The merchant has the order."
            : "Payment confirmed; the order is being placed with the merchant.",
        payment.paymentIntentId(),
        sync,
        null);
  }

  @Schema(name = "PaymentOfferEvidenceRequest")
  public record EvidenceRequest(
      @NotBlank @Size(max = 40) @Schema(required = true) String orderId,
      @Size(max = 30) @Schema(description = "card | wallet | psp | bnpl | bank_transfer")
          String evidenceType,
      @Size(max = 40) String cardBrand,
      @Pattern(regexp = "[0-9]{4}") @Schema(description = "Last four digits only") String cardLast4,
      @Size(max = 40) String wallet,
      @Size(max = 40) String psp,
      @Size(max = 120) @Schema(description = "A PSP reference such as a payment intent id")
          String pspReference,
      @Size(max = 60) String offerId,
      @Size(max = 500) String note,
      @Schema(description = "More evidence; card numbers and tokens are refused")
          JsonObject details,
      @Size(max = 255) String idempotencyKey,
      @Size(max = 64) @Schema(description = "The quote the evidence was seen with") String quoteId,
      @Size(max = 64) @Schema(description = "The order's merchant; another merchant's id is 422")
          String merchantId,
      @Size(max = 60) @Schema(description = "What happened, e.g. offer_shown or offer_applied")
          String eventType,
      @Schema(description = "The payment method as seen (brand, last four, wallet, PSP)")
          JsonObject paymentMethodEvidence,
      @Schema(description = "The offer's application policy as seen (stored, never applied)")
          JsonObject applicationPolicy) {}

  @Schema(name = "PaymentOfferEvidenceResponse")
  public record EvidenceResponse(
      @Schema(required = true) String status,
      @Schema(required = true, description = "Always true: the evidence is stored")
          boolean recorded,
      @Schema(required = true) String evidenceId,
      @Schema(required = true) String orderId,
      @Schema(required = true) String merchantId,
      String quoteId,
      String eventType,
      JsonObject paymentMethodEvidence,
      JsonObject applicationPolicy,
      @Schema(required = true) boolean totalsChanged,
      @Schema(required = true) String message,
      @Schema(required = true, description = "Every member stored, as sent") JsonObject evidence) {}

  @POST
  @Path("/payment-offer-evidence")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "recordPaymentOfferEvidence",
      summary = "Record card, wallet or PSP evidence for an order",
      description =
          "Stores what the agent saw (card brand and last four, wallet, PSP reference, an offer id)"
              + " beside the order. It changes no total, PSP amount or discount; the answer says"
              + " so. A full card number, CVC or payment token anywhere in the body is refused"
              + " (422) and never stored.")
  @APIResponse(
      responseCode = "200",
      description = "What was recorded",
      content = @Content(schema = @Schema(implementation = EvidenceResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public EvidenceResponse evidence(@NotNull @Valid EvidenceRequest body) {
    EvidenceService.Recorded r =
        evidence.record(
            caller.agentId(),
            OrderResource.scope(buyer),
            body.orderId(),
            WireJson.jsonb().fromJson(WireJson.jsonb().toJson(body), JsonObject.class));
    return new EvidenceResponse(
        "success",
        true,
        r.evidenceId(),
        body.orderId(),
        r.merchantId(),
        body.quoteId(),
        body.eventType(),
        body.paymentMethodEvidence(),
        body.applicationPolicy(),
        false,
        "Evidence recorded. Order totals, PSP amounts and discounts are unchanged.",
        r.recorded());
  }
}
