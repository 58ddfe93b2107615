package org.agentcommerce.checkout.interfaces.rest;

import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.application.BasketItem;
import org.agentcommerce.checkout.application.ShipTo;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireDecimal;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The item and address shapes orders and quotes share, and their conversion. */
final class WireItems {

  private WireItems() {}

  /** An item of an order or quote. */
  @Schema(name = "OrderItem")
  public record Item(
      @NotBlank
          @Size(max = 200)
          @Schema(
              required = true,
              description =
                  "Our product id, the platform's product id or handle, or a variant id or SKU")
          String productId,
      @Size(max = 200)
          @Schema(description = "Required for a product with several variants (VARIANT_REQUIRED)")
          String variantId,
      @Size(max = 200) @Schema(description = "Alias of variant_id") String skuId,
      @Size(max = 64)
          @Schema(
              description =
                  "Optional; every item must be of the order's one merchant"
                      + " (MULTI_MERCHANT_NOT_SUPPORTED otherwise)")
          String merchantId,
      @Schema(
              required = true,
              type = SchemaType.INTEGER,
              format = "int32",
              minimum = "1",
              maximum = "1000",
              description = "A whole JSON number (not 1.5, not \"1\")")
          JsonValue quantity,
      @Size(max = 300) @Schema(description = "Informational; ignored") String productTitle,
      @Schema(
              description =
                  "Optional check, never a price: the unit price the client expects (decimal string"
                      + " or number). A different current price is 409 PRICE_CHANGED.",
              oneOf = {String.class, BigDecimal.class})
          JsonValue unitPrice,
      @Schema(
              description =
                  "Optional check: unit price × quantity as the client expects it (decimal string"
                      + " or number).",
              oneOf = {String.class, BigDecimal.class})
          JsonValue subtotal) {}

  /** A shipping address. */
  @Schema(name = "ShippingAddress")
  public record Address(
      @Size(max = 200) String name,
      @Size(max = 300) String addressLine1,
      @Size(max = 300) String addressLine2,
      @Size(max = 120) String city,
      @Size(max = 10) @Schema(description = "State or region code (US state for tax)") String state,
      @Size(max = 20) String postalCode,
      @Pattern(regexp = "[A-Za-z]{2}") @Schema(description = "ISO 3166-1 alpha-2") String country,
      @Size(max = 40) String phone) {}

  /**
   * The one merchant of a basket: the body's merchant_id and the items' own. Several merchants are
   * refused (400 MULTI_MERCHANT_NOT_SUPPORTED) with the split that would work.
   */
  static String merchant(String bodyMerchant, List<Item> items) {
    java.util.Map<String, List<Integer>> byMerchant = new java.util.LinkedHashMap<>();
    if (items != null) {
      for (int i = 0; i < items.size(); i++) {
        Item it = items.get(i);
        String m = it == null || it.merchantId() == null ? bodyMerchant : it.merchantId();
        if (m != null) {
          byMerchant.computeIfAbsent(m, k -> new ArrayList<>()).add(i);
        }
      }
    }
    if (bodyMerchant != null) {
      byMerchant.putIfAbsent(bodyMerchant, new ArrayList<>());
    }
    if (byMerchant.size() > 1) {
      StringBuilder split = new StringBuilder();
      byMerchant.forEach(
          (m, idx) ->
              split
                  .append(split.length() == 0 ? "" : "; ")
                  .append(m)
                  .append(": items ")
                  .append(idx));
      throw new org.agentcommerce.platform.api.ApiException(
          400,
          "MULTI_MERCHANT_NOT_SUPPORTED",
          "One checkout holds one merchant's items. Split this into "
              + byMerchant.size()
              + " orders, one per merchant ("
              + split
              + ").",
          java.util.Map.of("merchants", byMerchant),
          java.util.Map.of());
    }
    return byMerchant.isEmpty() ? null : byMerchant.keySet().iterator().next();
  }

  static List<BasketItem> items(List<Item> items) {
    List<BasketItem> out = new ArrayList<>();
    if (items == null) {
      return out;
    }
    for (int i = 0; i < items.size(); i++) {
      Item it = items.get(i);
      if (it == null) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "items", i), "Input should be an object", "model_type"));
      }
      out.add(
          new BasketItem(
              i,
              it.productId(),
              it.variantId() != null ? it.variantId() : it.skuId(),
              quantity(it.quantity(), List.of("body", "items", i, "quantity")),
              decimal(it.unitPrice(), List.of("body", "items", i, "unit_price")),
              decimal(it.subtotal(), List.of("body", "items", i, "subtotal"))));
    }
    return out;
  }

  /**
   * A quantity: a whole JSON number (2 or 2.0) from 1 to 1000. A fraction is not truncated and a
   * string is not parsed; both are 422.
   */
  /**
   * A delivery option as a client names it: its id as a string (ours), or the origin service's
   * object carrying it as {@code id} (or {@code method}). Null when absent; anything else is 422.
   */
  static String deliveryOption(JsonValue v, List<Object> loc) {
    if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
      return null;
    }
    String id = null;
    if (v instanceof jakarta.json.JsonString s) {
      id = s.getString();
    } else if (v instanceof jakarta.json.JsonObject o) {
      for (String key : List.of("id", "method")) {
        if (o.get(key) instanceof jakarta.json.JsonString s) {
          id = s.getString();
          break;
        }
      }
    }
    if (id == null || id.isBlank() || id.length() > 20) {
      throw new org.agentcommerce.platform.api.InvalidInputException(
          new org.agentcommerce.platform.api.InvalidInputException.Violation(
              loc,
              "A delivery option id (at most 20 characters), or an object with its id",
              "value_error.delivery_option"));
    }
    return id;
  }

  static int quantity(JsonValue v, List<Object> loc) {
    if (v == null || v == JsonValue.NULL) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(loc, "Field required", "missing"));
    }
    BigDecimal q = v instanceof JsonNumber n ? n.bigDecimalValue() : null;
    if (q == null || q.stripTrailingZeros().scale() > 0) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "Input should be a whole JSON number", "int_type"));
    }
    if (q.compareTo(BigDecimal.ONE) < 0) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "Input should be greater than or equal to 1", "greater_than_equal"));
    }
    if (q.compareTo(BigDecimal.valueOf(1000)) > 0) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "Input should be less than or equal to 1000", "less_than_equal"));
    }
    return q.intValueExact();
  }

  /** The most significant digits a client's decimal may carry. */
  static final int MAX_PRECISION = 20;

  /** The largest scale (either sign) a client's decimal may carry: 1E+10 to 1E-10. */
  static final int MAX_SCALE = 10;

  /**
   * A decimal sent as a JSON string or number; anything else is a 422. So is a decimal with more
   * than {@value #MAX_PRECISION} digits or an exponent beyond ±{@value #MAX_SCALE}: a price check
   * needs neither, and {@code 1E+2000000000} would cost gigabytes the moment anything printed it.
   */
  static BigDecimal decimal(JsonValue v, List<Object> loc) {
    return WireDecimal.parse(v, loc, MAX_PRECISION, MAX_SCALE);
  }

  /**
   * The address, when sent. An address that is sent must be complete: name, address_line1, city,
   * postal_code and country together (422 naming each missing one).
   */
  static ShipTo address(Address a, String field) {
    if (a == null) {
      return null;
    }
    List<InvalidInputException.Violation> missing = new ArrayList<>();
    check(missing, field, "name", a.name());
    check(missing, field, "address_line1", a.addressLine1());
    check(missing, field, "city", a.city());
    check(missing, field, "postal_code", a.postalCode());
    check(missing, field, "country", a.country());
    if (!missing.isEmpty()) {
      throw new InvalidInputException(missing);
    }
    return new ShipTo(
        a.name(),
        a.addressLine1(),
        a.addressLine2(),
        a.city(),
        a.state(),
        a.postalCode(),
        a.country(),
        a.phone());
  }

  /** The destination of a quote: only country is required there (address may come later). */
  static ShipTo destination(Address a) {
    if (a == null) {
      return null;
    }
    if (a.country() == null || a.country().isBlank()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "shipping_address", "country"),
              "Field required: shipping and tax depend on the country",
              "missing"));
    }
    return new ShipTo(
        a.name(),
        a.addressLine1(),
        a.addressLine2(),
        a.city(),
        a.state(),
        a.postalCode(),
        a.country(),
        a.phone());
  }

  private static void check(
      List<InvalidInputException.Violation> out, String field, String name, String value) {
    if (value == null || value.isBlank()) {
      out.add(
          new InvalidInputException.Violation(
              List.of("body", field, name),
              "Field required: a shipping address needs name, address_line1, city, postal_code"
                  + " and country",
              "missing"));
    }
  }
}
