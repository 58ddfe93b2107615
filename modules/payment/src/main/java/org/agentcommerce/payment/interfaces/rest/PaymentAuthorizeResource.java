package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import org.agentcommerce.payment.application.BuyerPages;
import org.agentcommerce.payment.application.Mandates;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Constrained authorizations minted from mandates (see MandateResource). Mandates (a buyer's
 * standing permission for this agent to pay without them present) and the constrained
 * authorisations minted from them: {@code POST /agent/v1/mandates}, {@code GET /agent/v1/mandates},
 * {@code POST /agent/v1/mandates/{id}/revoke}, {@code POST /agent/v1/payments/authorize}, {@code
 * POST /agent/v1/payments/authorizations/{id}/confirm}.
 */
@RequestScoped
@Path("/agent/v1/payments/authorize")
@Authenticated
@Tag(name = "Mandates")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class PaymentAuthorizeResource {

  @Inject Mandates mandates;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Inject BuyerPages pages;
  @Inject org.agentcommerce.checkout.api.PublicLinks links;
  @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri;

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "authorizePayment",
      summary = "Mint a constrained authorization",
      description =
          "From one of this agent's mandates: a token for one amount, currency and"
              + " merchant, valid 10 minutes, redeemable once as payment_method {type:"
              + " mandate_token, token} (an off-session charge, through the gates). No PSP charge."
              + " Only a hash of the token is stored. Refusals: MANDATE_NOT_FOUND 404,"
              + " MANDATE_NOT_ACTIVE and EXPIRED_MANDATE 409, CURRENCY_NOT_ALLOWED,"
              + " EXCEEDED_LIMIT and NOT_ALLOWED_MERCHANT 403. With the mandate's step-up rule the"
              + " answer is requires_user_confirmation with confirm_url (the buyer's page: confirm or"
              + " decline) and confirm_api; the token works once the buyer confirmed.")
  @APIResponse(
      responseCode = "200",
      description = "The authorization",
      content =
          @Content(schema = @Schema(implementation = MandateResource.AuthorizeResponse.class)))
  @APIResponse(responseCode = "404", description = "MANDATE_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "MANDATE_NOT_ACTIVE, EXPIRED_MANDATE")
  public MandateResource.AuthorizeResponse authorize(
      @NotNull @Valid MandateResource.AuthorizeRequest body) {
    BigDecimal amount = PaymentResource.decimal(body.amount(), "amount");
    if (body.merchantContext() != null && body.merchantContext().merchantId() != null) {
      caller.requireMerchantAccess(body.merchantContext().merchantId());
    }
    Mandates.Authorization a =
        mandates.authorize(
            caller.agentId(),
            body.mandateId(),
            amount,
            body.currency(),
            body.merchantContext() == null ? null : body.merchantContext().merchantId());
    boolean stepUp = "requires_user_confirmation".equals(a.status());
    // The buyer's page; its token (in the fragment) confirms or declines this authorization only.
    String page =
        stepUp
            ? links.of(uri).toString().replaceAll("/$", "")
                + "/checkout/authorizations/"
                + a.authorizationId()
                + "#token="
                + pages.issue(BuyerPages.AUTHORIZATION, a.authorizationId())
            : null;
    return view(a, page);
  }

  static MandateResource.AuthorizeResponse view(Mandates.Authorization a, String confirmUrl) {
    boolean stepUp = "requires_user_confirmation".equals(a.status());
    return new MandateResource.AuthorizeResponse(
        a.status(),
        a.authorizationId(),
        a.mandateId(),
        a.token(),
        a.amount().amount().toPlainString(),
        a.amount().currencyCode(),
        a.merchantId(),
        stepUp,
        confirmUrl,
        stepUp ? "/agent/v1/payments/authorizations/" + a.authorizationId() + "/confirm" : null,
        a.expiresAt());
  }
}
