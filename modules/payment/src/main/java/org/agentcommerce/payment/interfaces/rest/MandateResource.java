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
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.agentcommerce.payment.application.Mandates;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Money;
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
 * Mandates (a buyer's standing permission for this agent to pay without them present) and the
 * constrained authorisations minted from them: {@code POST /agent/v1/mandates}, {@code GET
 * /agent/v1/mandates}, {@code POST /agent/v1/mandates/{id}/revoke}, {@code POST
 * /agent/v1/payments/authorize}, {@code POST /agent/v1/payments/authorizations/{id}/confirm}.
 */
@RequestScoped
@Path("/agent/v1/mandates")
@Authenticated
@Tag(name = "Mandates", description = "Delegated, constrained, single-use payment authority")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class MandateResource {

  @Inject Mandates mandates;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @Schema(name = "CreateMandateRequest")
  public record CreateMandateRequest(
      @NotNull
          @Pattern(regexp = "[A-Z]{3}")
          @Schema(description = "An ISO 4217 currency code", example = "USD")
          String currency,
      @NotNull
          @Schema(
              description = "Largest single payment, major units; more than 0",
              oneOf = {String.class, BigDecimal.class})
          JsonValue maxAmount,
      @Size(max = 20) List<@NotBlank @Size(max = 64) String> merchantIds,
      @Pattern(regexp = "none|above_amount|always")
          @Schema(description = "Step-up: none (default), above_amount, always")
          String confirmation,
      @Schema(oneOf = {String.class, BigDecimal.class}) JsonValue confirmAboveAmount,
      @NotNull @Valid PaymentResource.PaymentMethod paymentMethod,
      @Schema(description = "Default 30 days from now, at most 365") Instant expiresAt,
      @Size(max = 255) String idempotencyKey) {}

  @Schema(name = "Mandate")
  public record MandateView(
      String mandateId,
      @Schema(enumeration = {"active", "revoked"}) String status,
      String currency,
      String maxAmount,
      List<String> merchantIds,
      String confirmation,
      String confirmAboveAmount,
      Instant expiresAt,
      Instant createdAt) {}

  @Schema(name = "MandateList")
  public record MandateList(String status, List<MandateView> mandates) {}

  @Schema(name = "AuthorizePaymentRequest")
  public record AuthorizeRequest(
      @NotBlank @Size(max = 40) String mandateId,
      @NotNull @Schema(oneOf = {String.class, BigDecimal.class}) JsonValue amount,
      @NotNull @Pattern(regexp = "[A-Z]{3}") String currency,
      @Valid MerchantContext merchantContext,
      @Size(max = 64) String shippingAddressId) {}

  @Schema(name = "MerchantContext")
  public record MerchantContext(@Size(max = 64) String merchantId) {}

  @Schema(name = "AuthorizePaymentResponse")
  public record AuthorizeResponse(
      @Schema(enumeration = {"authorized", "requires_user_confirmation"}) String status,
      String authorizationId,
      String mandateId,
      @Schema(description = "mtk_…: shown once; pay with payment_method {type: mandate_token}")
          String token,
      String amount,
      String currency,
      String merchantId,
      boolean requiresUserConfirmation,
      @Schema(
              description =
                  "The buyer's confirmation page (token in the fragment: shown once; give it to"
                      + " the buyer)")
          String confirmUrl,
      @Schema(description = "POST here with the buyer's own token to confirm instead")
          String confirmApi,
      Instant expiresAt) {}

  @POST
  @BuyerRequired
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createMandate",
      summary = "The buyer gives this agent a mandate",
      description =
          "Needs the buyer's verified token: the mandate is theirs. The payment method"
              + " is a PSP's saved method (pm_…), stored for off-session charges and never shown.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The mandate",
      content = @Content(schema = @Schema(implementation = MandateView.class)))
  public MandateView create(@NotNull @Valid CreateMandateRequest body) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    List<String> merchants = body.merchantIds() == null ? List.of() : body.merchantIds();
    merchants.forEach(caller::requireMerchantAccess);
    if (merchants.isEmpty() && !caller.merchantScope().isEmpty()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "merchant_ids"),
              "A key limited to some merchants names them",
              "missing"));
    }
    String token = body.paymentMethod().token();
    if (token == null || token.isBlank()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "token"), "Field required", "missing"));
    }
    BigDecimal maxAmount = PaymentResource.decimal(body.maxAmount(), "max_amount");
    if (maxAmount == null) {
      // JSON null passes @NotNull (it is a JsonValue, not a Java null).
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "max_amount"), "Field required", "missing"));
    }
    Money max = money(maxAmount, body.currency(), "max_amount");
    BigDecimal above = PaymentResource.decimal(body.confirmAboveAmount(), "confirm_above_amount");
    Instant now = Instant.now();
    Instant expires = body.expiresAt() == null ? now.plus(30, ChronoUnit.DAYS) : body.expiresAt();
    if (!expires.isAfter(now) || expires.isAfter(now.plus(365, ChronoUnit.DAYS))) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "expires_at"), "Must be in the next 365 days", "value_error"));
    }
    String confirmation = body.confirmation() == null ? "none" : body.confirmation();
    if ("above_amount".equals(confirmation) && above == null) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "confirm_above_amount"),
              "Field required with above_amount",
              "missing"));
    }
    return view(
        mandates.create(
            caller.agentId(),
            t.getIssuer(),
            t.getSubject(),
            max,
            body.merchantIds() == null ? List.of() : body.merchantIds(),
            confirmation,
            above == null ? null : money(above, body.currency(), "confirm_above_amount"),
            token,
            expires));
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "listMandates", summary = "This agent's mandates")
  @APIResponse(
      responseCode = "200",
      description = "Newest first",
      content = @Content(schema = @Schema(implementation = MandateList.class)))
  public MandateList list() {
    return new MandateList(
        "success", mandates.list(caller.agentId()).stream().map(MandateResource::view).toList());
  }

  @POST
  @Path("/{mandate_id}/revoke")
  @BuyerRequired
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "revokeMandate", summary = "The buyer revokes a mandate")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The mandate, revoked",
      content = @Content(schema = @Schema(implementation = MandateView.class)))
  @APIResponse(responseCode = "404", description = "MANDATE_NOT_FOUND")
  public MandateView revoke(@PathParam("mandate_id") String mandateId) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    return view(mandates.revoke(caller.agentId(), mandateId, t.getIssuer(), t.getSubject()));
  }

  private static MandateView view(Mandates.Mandate m) {
    return new MandateView(
        m.mandateId(),
        m.status(),
        m.maxAmount().currencyCode(),
        m.maxAmount().amount().toPlainString(),
        m.merchantIds(),
        m.confirmation(),
        m.confirmAbove() == null ? null : m.confirmAbove().amount().toPlainString(),
        m.expiresAt(),
        m.createdAt());
  }

  private static Money money(BigDecimal amount, String currency, String field) {
    try {
      Money m = new Money(amount, java.util.Currency.getInstance(currency));
      if (m.minorUnits() <= 0) {
        throw new IllegalArgumentException("not positive");
      }
      return m;
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", field), "A positive amount in " + currency, "value_error"));
    }
  }
}
