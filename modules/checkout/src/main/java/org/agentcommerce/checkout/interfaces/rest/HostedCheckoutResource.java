package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.agentcommerce.checkout.application.CheckoutIntentService;
import org.agentcommerce.checkout.application.HostedCheckoutService;
import org.agentcommerce.checkout.application.HostedCheckoutService.HostedCheckoutView;
import org.agentcommerce.checkout.application.HostedPayment;
import org.agentcommerce.checkout.application.HostedPayment.HostedPaymentResult;
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
 * The hosted checkout page's own API. Its credential is the checkout token (X-Checkout-Token, read
 * by the page from its address's fragment): the buyer is present, and the token opens its own
 * intent only, until it expires or the checkout is paid. Answers are never cached.
 *
 * <p>Every operation can refuse the token (401, 410): those answers are declared once on the class;
 * an operation that says more about one declares it again. (Payara adds the class's responses to an
 * operation that declares none, or two or more, of its own.)
 */
@RequestScoped
@Path("/agent/v1/checkout/hosted")
@KeyIfSent
@org.agentcommerce.platform.api.NoStore
@SecurityRequirementsSet
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
@Tag(name = "Checkout")
@Produces(MediaType.APPLICATION_JSON)
@APIResponse(
    responseCode = "401",
    description = "CHECKOUT_TOKEN_INVALID, CHECKOUT_UI_AUTH_REQUIRED, INVALID_API_KEY")
@APIResponse(responseCode = "410", description = "CHECKOUT_TOKEN_EXPIRED, CHECKOUT_TOKEN_USED")
public class HostedCheckoutResource {

  @Inject HostedCheckoutService hosted;
  @Inject HostedPayment payments;
  @Inject Caller caller;
  @Inject PublicBase links;
  @Context UriInfo uri;

  @HeaderParam("X-Checkout-Token")
  String token;

  @HeaderParam("X-Checkout-UI-Key")
  String uiKey;

  @HeaderParam("X-Checkout-UI-Auth")
  String uiAuth;

  /** Where the buyer's address and delivery choice price the checkout. */
  public record HostedPriceRequest(
      @NotNull @Valid WireItems.Address shippingAddress, @Size(max = 64) String deliveryOption) {}

  /** A card token from the PSP's card form. */
  public record HostedPaymentMethod(
      @NotNull @Pattern(regexp = "card") @Schema(description = "card") String type,
      @NotNull
          @Size(max = 120)
          @Schema(
              description = "The PSP form's single-use token (tok_…)",
              pattern = "^tok_[A-Za-z0-9_]{1,100}$")
          String token) {}

  /** The pay button: the method, and the buyer's details when the order is not made yet. */
  public record HostedPayRequest(
      @NotNull @Valid HostedPaymentMethod paymentMethod,
      @NotNull
          @Pattern(regexp = "[0-9]{1,12}(\\.[0-9]{1,4})?")
          @Schema(description = "The total the page showed (decimal string): the charge is of it")
          String expectedTotal,
      @Size(max = 64) @Schema(description = "The quote the page showed") String quoteId,
      @Email @Size(max = 320) String customerEmail,
      @Size(max = 200) String customerName,
      @Valid WireItems.Address shippingAddress) {}

  @GET
  @Parameter(name = "X-Checkout-Token", in = ParameterIn.HEADER, required = true)
  @Parameter(name = "X-Checkout-UI-Key", in = ParameterIn.HEADER)
  @Parameter(name = "X-Checkout-UI-Auth", in = ParameterIn.HEADER)
  @Operation(
      operationId = "getHostedCheckout",
      summary = "The checkout, as the hosted page shows it",
      description =
          "Merchant, lines, totals (decimal strings in major units) and delivery options from the"
              + " server's quote or order; step: details, pay, processing or quote_expired; the"
              + " order's payment once there is one. Nothing changes.")
  @APIResponse(
      responseCode = "200",
      description = "The checkout",
      content = @Content(schema = @Schema(implementation = HostedCheckoutView.class)))
  @APIResponse(
      responseCode = "410",
      description =
          "CHECKOUT_TOKEN_EXPIRED; CHECKOUT_TOKEN_USED (paid: context names order_id and"
              + " return_url)")
  public Response view() {
    return noStore(hosted.view(auth()));
  }

  @POST
  @Path("/price")
  @Consumes(MediaType.APPLICATION_JSON)
  @Parameter(name = "X-Checkout-Token", in = ParameterIn.HEADER, required = true)
  @Parameter(name = "X-Checkout-UI-Key", in = ParameterIn.HEADER)
  @Parameter(name = "X-Checkout-UI-Auth", in = ParameterIn.HEADER)
  @Operation(
      operationId = "priceHostedCheckout",
      summary = "Price the checkout for the buyer's address",
      description =
          "Prices the basket again for this address and delivery option (a new quote the checkout"
              + " then holds): shipping, tax and total as the buyer will pay them. Also the way"
              + " to new prices after the quote expired. Before the order is made only.")
  @APIResponse(
      responseCode = "200",
      description = "The checkout at its new prices",
      content = @Content(schema = @Schema(implementation = HostedCheckoutView.class)))
  @APIResponse(
      responseCode = "409",
      description =
          "INVALID_STATE (the order is made), SHIPPING_NOT_AVAILABLE, OUT_OF_STOCK and the other"
              + " quote refusals")
  @APIResponse(
      responseCode = "429",
      description = "TOO_MANY_PRICINGS (ac.checkout.max-pricings per checkout, default 20)")
  @APIResponse(
      responseCode = "422",
      description = "An incomplete address, an unknown delivery option",
      content = @Content(schema = @Schema(ref = "HTTPValidationError")))
  public Response price(@NotNull @Valid HostedPriceRequest body) {
    return noStore(
        hosted.price(
            auth(),
            WireItems.address(body.shippingAddress(), "shipping_address"),
            body.deliveryOption()));
  }

  @POST
  @Path("/pay")
  @Consumes(MediaType.APPLICATION_JSON)
  @Parameter(name = "X-Checkout-Token", in = ParameterIn.HEADER, required = true)
  @Parameter(name = "X-Checkout-UI-Key", in = ParameterIn.HEADER)
  @Parameter(name = "X-Checkout-UI-Auth", in = ParameterIn.HEADER)
  @Operation(
      operationId = "payHostedCheckout",
      summary = "Pay the checkout (the buyer's pay button)",
      description =
          "Makes the order of the checkout's quote with the buyer's e-mail and address (unless"
              + " it is made) and charges exactly its total once, on-session, with the card"
              + " token of the PSP's form. status: succeeded, failed (error), requires_action"
              + " (send the buyer to next_action_url, the PSP's 3-D Secure page; it returns to"
              + " the page) or processing. Never charges an order twice: a second press while"
              + " the first runs is 409 PAYMENT_IN_PROGRESS, after it 409 or 410.")
  @APIResponse(
      responseCode = "200",
      description = "How the payment stands",
      content = @Content(schema = @Schema(implementation = HostedPaymentResult.class)))
  @APIResponse(
      responseCode = "409",
      description =
          "QUOTE_MISMATCH (the address is not the one priced, or the total or quote is not the"
              + " one the page showed), QUOTE_EXPIRED,"
              + " OUT_OF_STOCK, ORDER_ALREADY_PAID, PAYMENT_IN_PROGRESS")
  @APIResponse(
      responseCode = "422",
      description = "A token that is not the card form's, missing e-mail or address",
      content = @Content(schema = @Schema(ref = "HTTPValidationError")))
  @APIResponse(responseCode = "503", description = "PSP_NOT_CONFIGURED")
  public Response pay(@NotNull @Valid HostedPayRequest body) {
    String base = links.of(uri).toString().replaceAll("/$", "");
    HostedPaymentResult r =
        payments.pay(
            auth(),
            new HostedCheckoutService.Details(
                body.customerEmail(),
                body.customerName(),
                WireItems.address(body.shippingAddress(), "shipping_address")),
            body.paymentMethod().token(),
            new HostedPayment.Shown(new java.math.BigDecimal(body.expectedTotal()), body.quoteId()),
            intentId -> base + "/checkout/" + intentId + "?step=authenticated");
    return noStore(r);
  }

  @POST
  @Path("/refresh")
  @Parameter(name = "X-Checkout-Token", in = ParameterIn.HEADER, required = true)
  @Parameter(name = "X-Checkout-UI-Key", in = ParameterIn.HEADER)
  @Parameter(name = "X-Checkout-UI-Auth", in = ParameterIn.HEADER)
  @Operation(
      operationId = "refreshHostedCheckout",
      summary = "Check the payment again after 3-D Secure",
      description =
          "The page calls this when the buyer comes back from the PSP's 3-D Secure page: the"
              + " payment is checked with the PSP at once (never sent again). Answers the"
              + " checkout; poll GET until the payment is decided (410 CHECKOUT_TOKEN_USED once"
              + " paid).")
  @APIResponse(
      responseCode = "200",
      description = "The checkout",
      content = @Content(schema = @Schema(implementation = HostedCheckoutView.class)))
  @APIResponse(
      responseCode = "410",
      description = "CHECKOUT_TOKEN_EXPIRED; CHECKOUT_TOKEN_USED (paid)")
  public Response refresh() {
    return noStore(hosted.refresh(auth()));
  }

  private CheckoutIntentService.PageAuth auth() {
    if (token == null || token.isBlank()) {
      throw new ApiException(
          401, "CHECKOUT_TOKEN_INVALID", "Send the checkout token in X-Checkout-Token.");
    }
    return new CheckoutIntentService.PageAuth(
        token, uiKey, uiAuth, caller.isEstablished() ? caller.agentId() : null);
  }

  private static Response noStore(Object body) {
    return Response.ok(body).header("Cache-Control", "no-store").build();
  }
}
