package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.application.CartService;
import org.agentcommerce.checkout.application.PreflightService;
import org.agentcommerce.checkout.application.QuoteService;
import org.agentcommerce.checkout.application.QuoteView;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.WireJson;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
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

/** Server-locked quotes. */
@RequestScoped
@Path("/agent/v1/quotes")
@Authenticated
@Tag(name = "Quotes", description = "Cart validation, server-locked quotes and offers preflight")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class QuoteResource {

  @Inject QuoteService quotes;
  @Inject CartService carts;
  @Inject PreflightService preflight;
  @Inject Caller caller;
  @Inject Clock clock;

  @Schema(name = "QuotePreviewRequest")
  public record QuoteRequest(
      @Size(max = 64) @Schema(description = "Required unless every item names it")
          String merchantId,
      @NotEmpty
          @Size(max = 60)
          @Valid
          @Schema(required = true, type = SchemaType.ARRAY, implementation = WireItems.Item.class)
          List<WireItems.Item> items,
      @Size(max = 5) List<@NotBlank @Size(max = 40) String> discountCodes,
      @Email @Size(max = 320) String customerEmail,
      @Valid
          @Schema(
              description =
                  "Where it ships: country is enough to quote; state (US) and postal_code refine tax")
          WireItems.Address shippingAddress,
      @Schema(
              description =
                  "standard, express, ... (default: the cheapest); or the origin service's object"
                      + " {id, …}",
              oneOf = {String.class, java.util.Map.class})
          JsonValue selectedDeliveryOption,
      @Size(max = 40) String briefId,
      @Size(max = 255) String idempotencyKey) {}

  @Schema(name = "QuotePreviewResponse")
  public record QuoteResponse(
      String status,
      String quoteId,
      String quoteStatus,
      java.time.Instant expiresAt,
      String merchantId,
      String market,
      String currency,
      QuoteView.Pricing pricing,
      List<QuoteView.LineItem> lineItems,
      @Schema(
              type = SchemaType.ARRAY,
              implementation = QuoteView.PromotionLine.class,
              description =
                  "The promotions applied: ours (code, kind, description, amount) and the origin"
                      + " service's members (id, source, discount_class, method, label,"
                      + " allocations); amount is positive here")
          List<QuoteView.PromotionLine> promotionLines,
      List<QuoteView.DeliveryOption> deliveryOptions,
      String selectedDeliveryOption,
      QuoteView.Destination shipTo,
      String briefId,
      java.time.Instant createdAt,
      @Schema(description = "The origin service's name: the currency shown (= currency)")
          String presentmentCurrency,
      @Schema(description = "The currency charged (= currency)") String chargeCurrency,
      // Not named settlementCurrency: the runtime's OpenAPI scanner takes any accessor whose name
      // holds "set" for a setter and fails on it.
      @Schema(
              name = "settlement_currency",
              description = "The currency settled to the merchant (= currency)")
          @jakarta.json.bind.annotation.JsonbProperty("settlement_currency")
          String payoutCurrency,
      @Schema(
              description =
                  "Always null: a quote is not a checkout. POST /agent/v1/checkout/intents with"
                      + " this quote_id answers the buyer's checkout_url")
          String checkoutUrl) {
    static QuoteResponse of(QuoteView stored, String quoteStatus) {
      QuoteView v = stored.withOriginPromotionMembers();
      return new QuoteResponse(
          "success",
          v.quoteId(),
          quoteStatus,
          v.expiresAt(),
          v.merchantId(),
          v.market(),
          v.currency(),
          v.pricing(),
          v.lineItems(),
          v.promotionLines(),
          v.deliveryOptions(),
          v.selectedDeliveryOption(),
          v.shipTo(),
          v.briefId(),
          v.createdAt(),
          v.currency(),
          v.currency(),
          v.currency(),
          null);
    }
  }

  @POST
  @Path("/preview")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @CountsAs(CountedCall.QUOTE)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "previewQuote",
      summary = "Get a server-locked quote",
      description =
          "Prices the items from the live catalog with the merchant's promotions, shipping and tax"
              + " for the destination (default: the merchant's home market) and stores the quote."
              + " Its total is authoritative until expires_at (10 minutes by default) and it can be"
              + " used by one order. Unknown or inapplicable discount codes are 422. Same refusals"
              + " as order creation for items.")
  @Parameters(@Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = QuoteResponse.class)))
  @APIResponse(responseCode = "409", description = "OUT_OF_STOCK, SHIPPING_UNAVAILABLE")
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND: the merchant named does not exist")
  public QuoteResponse preview(@NotNull @Valid QuoteRequest body) {
    return previewQuote(body);
  }

  /** The preview without the idempotency binding (the v2 route calls it from its own). */
  public QuoteResponse previewQuote(QuoteRequest body) {
    QuoteView v =
        quotes.preview(
            caller.agentId(),
            new QuoteService.Request(
                WireItems.merchant(body.merchantId(), body.items()),
                WireItems.items(body.items()),
                body.discountCodes(),
                WireItems.destination(body.shippingAddress()),
                WireItems.deliveryOption(
                    body.selectedDeliveryOption(), List.of("body", "selected_delivery_option")),
                body.briefId()));
    return QuoteResponse.of(v, "active");
  }

  @GET
  @Path("/{quote_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getQuote",
      summary = "Read a quote back",
      description =
          "The quote as it was answered, with its status now (active, consumed or expired).")
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = QuoteResponse.class)))
  @APIResponse(responseCode = "404", description = "QUOTE_NOT_FOUND")
  public QuoteResponse get(@PathParam("quote_id") @Size(max = 40) String quoteId) {
    Quote q =
        quotes
            .find(caller.agentId(), quoteId)
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "QUOTE_NOT_FOUND",
                        "Quote " + quoteId + " was not found.",
                        Map.of("quote_id", quoteId),
                        Map.of()));
    return QuoteResponse.of(
        WireJson.jsonb().fromJson(q.document(), QuoteView.class), q.statusAt(clock.instant()));
  }
}
