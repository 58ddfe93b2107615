package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.application.BasketItem;
import org.agentcommerce.checkout.application.CartService;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Cart validation: today's stock, prices, shipping and tax for a basket. */
@RequestScoped
@Path("/agent/v1/cart")
@Authenticated
@Tag(name = "Quotes", description = "Cart validation, server-locked quotes and offers preflight")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class CartResource {

  @Inject CartService carts;

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
  @Path("/validate")
  @Consumes(MediaType.APPLICATION_JSON)
  @CountsAs(CountedCall.CART_VALIDATION)
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
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND: the merchant named does not exist")
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
}
