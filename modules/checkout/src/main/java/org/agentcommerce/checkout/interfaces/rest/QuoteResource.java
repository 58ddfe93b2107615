package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.application.BasketItem;
import org.agentcommerce.checkout.application.CartService;
import org.agentcommerce.checkout.application.PreflightService;
import org.agentcommerce.checkout.application.QuoteService;
import org.agentcommerce.checkout.application.QuoteView;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Cart validation, quotes and offers preflight: pricing before an order. */
@RequestScoped
@Path("/agent/v1")
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
      @NotBlank @Size(max = 64) @Schema(required = true) String merchantId,
      @NotEmpty @Size(max = 60) @Valid @Schema(required = true) List<WireItems.Item> items,
      @Size(max = 5) List<@NotBlank @Size(max = 40) String> discountCodes,
      @Email @Size(max = 320) String customerEmail,
      @Valid
          @Schema(
              description =
                  "Where it ships: country is enough to quote; state (US) and postal_code refine tax")
          WireItems.Address shippingAddress,
      @Size(max = 20) @Schema(description = "standard, express, ... (default: the cheapest)")
          String selectedDeliveryOption,
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
      List<QuoteView.PromotionLine> promotionLines,
      List<QuoteView.DeliveryOption> deliveryOptions,
      String selectedDeliveryOption,
      QuoteView.Destination shipTo,
      String briefId,
      java.time.Instant createdAt) {
    static QuoteResponse of(QuoteView v, String quoteStatus) {
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
          v.createdAt());
    }
  }

  @POST
  @Path("/quotes/preview")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
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
  @Parameter(
      name = "Idempotency-Key",
      in = ParameterIn.HEADER,
      schema = @Schema(type = SchemaType.STRING))
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = QuoteResponse.class)))
  @APIResponse(
      responseCode = "409",
      description = "OUT_OF_STOCK, SHIPPING_UNAVAILABLE",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  public QuoteResponse preview(@NotNull @Valid QuoteRequest body) {
    QuoteView v =
        quotes.preview(
            caller.agentId(),
            new QuoteService.Request(
                body.merchantId(),
                WireItems.items(body.items()),
                body.discountCodes(),
                WireItems.destination(body.shippingAddress()),
                body.selectedDeliveryOption(),
                body.briefId()));
    return QuoteResponse.of(v, "active");
  }

  @GET
  @Path("/quotes/{quote_id}")
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
  @APIResponse(
      responseCode = "404",
      description = "QUOTE_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
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

  @Schema(name = "CartValidationResponse")
  public record CartResponse(
      String status,
      boolean valid,
      String merchantId,
      String market,
      String currency,
      List<CartService.Item> items,
      List<CartService.ItemError> errors,
      CartService.Pricing pricing,
      CartService.Shipping shipping) {}

  @POST
  @Path("/cart/validate")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "validateCart",
      summary = "Validate a cart",
      description =
          "Checks each item (product_id or a variant id, optional variant_id, quantity default 1)"
              + " against today's catalog: stock, current price, and per-item errors (Product not"
              + " found, Out of stock, Missing variant_id, Variant not found, Invalid quantity)."
              + " Prices the valid items with the shipping and tax to shipping_country. Writes"
              + " nothing.")
  @RequestBody(
      required = true,
      content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Object.class)))
  @APIResponse(
      responseCode = "200",
      description = "The cart as it stands",
      content = @Content(schema = @Schema(implementation = CartResponse.class)))
  public CartResponse validate(
      @QueryParam("merchant_id") @NotBlank @Size(max = 64) String merchantId,
      @QueryParam("shipping_country") @DefaultValue("US") @Pattern(regexp = "[A-Za-z]{2}")
          String shippingCountry,
      @NotNull JsonArray body) {
    List<BasketItem> items = new ArrayList<>();
    List<CartService.ItemError> invalid = new ArrayList<>();
    for (int i = 0; i < body.size(); i++) {
      JsonValue v = body.get(i);
      if (!(v instanceof JsonObject o)) {
        invalid.add(
            new CartService.ItemError(i, null, "INVALID_ITEM", "Item is not an object", Map.of()));
        continue;
      }
      String product = text(o, "product_id");
      if (product == null) {
        product = text(o, "variant_id");
      }
      if (product == null) {
        product = text(o, "id");
      }
      if (product == null) {
        invalid.add(
            new CartService.ItemError(i, null, "INVALID_ITEM", "Missing product_id", Map.of()));
        continue;
      }
      Integer quantity = 1;
      if (o.containsKey("quantity") && o.get("quantity") != JsonValue.NULL) {
        quantity =
            o.get("quantity") instanceof JsonNumber n
                    && n.isIntegral()
                    && n.longValue() >= 1
                    && n.longValue() <= 1000
                ? n.intValue()
                : null;
      }
      if (quantity == null) {
        invalid.add(
            new CartService.ItemError(
                i, product, "INVALID_QUANTITY", "Invalid quantity", Map.of("allowed", "1-1000")));
        continue;
      }
      String variant = text(o, "product_id") != null ? text(o, "variant_id") : null;
      items.add(new BasketItem(i, product, variant, quantity, null, null));
    }
    if (body.size() > 60) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(List.of("body"), "At most 60 items", "too_long"));
    }
    CartService.Validation r =
        carts.validate(
            merchantId, shippingCountry.toUpperCase(java.util.Locale.ROOT), items, invalid);
    return new CartResponse(
        "success",
        r.valid(),
        r.merchantId(),
        r.market(),
        r.currency(),
        r.items(),
        r.errors(),
        r.pricing(),
        r.shipping());
  }

  private static String text(JsonObject o, String key) {
    JsonValue v = o.get(key);
    if (v instanceof JsonString s && !s.getString().isBlank()) {
      return s.getString();
    }
    if (v instanceof JsonNumber n) {
      return n.toString();
    }
    return null;
  }

  @Schema(name = "OfferPreflightRequest")
  public record PreflightRequest(
      @NotBlank @Size(max = 40) @Schema(required = true) String quoteId,
      @Size(max = 64) String merchantId,
      @Valid WireItems.Address shippingAddress) {}

  @Schema(name = "OfferPreflightResponse")
  public record PreflightResponse(
      String status,
      String quoteId,
      String quoteStatus,
      String merchantId,
      @Schema(description = "pass | warn | fail: the worst of the checks") String preflightResult,
      @Schema(description = "low | medium | high") String riskTier,
      @Schema(
              description =
                  "Whether a failing preflight blocks order creation here (409 PREFLIGHT_FAILED)")
          boolean enforcement,
      List<PreflightService.Offer> offers,
      List<PreflightService.Check> checks,
      List<String> requiredActions,
      List<String> fallbackOptions) {}

  @POST
  @Path("/offers/preflight")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "preflightOffers",
      summary = "Preflight the offers of a quote",
      description =
          "Canonical offer objects (one per quote line) and structured checks — pricing, inventory,"
              + " delivery, policy_disclosure, each pass, warn or fail — with required actions,"
              + " fallback options and a risk tier. Writes nothing. Additive: it does not replace"
              + " quotes or orders. With the deployment flag ac.orders.preflight-enforcement on, an"
              + " order from a quote whose preflight fails is refused (409 PREFLIGHT_FAILED).")
  @APIResponse(
      responseCode = "200",
      description = "The preflight",
      content = @Content(schema = @Schema(implementation = PreflightResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "QUOTE_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  public PreflightResponse preflight(@NotNull @Valid PreflightRequest body) {
    PreflightService.Result r =
        preflight.run(
            caller.agentId(),
            body.quoteId(),
            body.merchantId(),
            WireItems.destination(body.shippingAddress()));
    return new PreflightResponse(
        "success",
        r.quoteId(),
        r.quoteStatus(),
        r.merchantId(),
        r.overall(),
        r.riskTier(),
        r.enforcement(),
        r.offers(),
        r.checks(),
        r.requiredActions(),
        r.fallbackOptions());
  }
}
