package org.agentcommerce.catalog.infrastructure.connector;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;

/**
 * Maps the two public product shapes of a Shopify storefront to snapshots: the entries of {@code
 * /products.json} (prices as decimal strings in major units, {@code body_html}, {@code
 * product_type}, option1..3) and the object of {@code /products/{handle}.js} (prices as integer
 * minor units, {@code description}, {@code type}, {@code variants[].options}, images as strings).
 * Either mapping accepts the other's field names where they differ, so a shop that mixes them still
 * reads. Ids keep their exact digits. Throws {@link Malformed} on a shape it cannot read.
 */
final class ShopifyProductMapper {

  /** How a payload writes its prices. */
  enum PriceUnits {
    /** Decimal strings in major units: {@code "24.00"}, as {@code /products.json} sends. */
    MAJOR,
    /** Integers in the currency's minor units: {@code 2400}, as {@code .js} sends. */
    MINOR
  }

  /** The payload does not have the shape of a Shopify product. */
  static final class Malformed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  // Shopify gives every product without real options one option "Title" valued "Default Title".
  private static final String PLACEHOLDER_OPTION = "Title";
  private static final String PLACEHOLDER_VALUE = "Default Title";

  private final URI base;
  private final String currency;
  private final int exponent;
  private final PriceUnits units;

  ShopifyProductMapper(URI base, String currencyCode, PriceUnits units) {
    this.base = base;
    Currency c = Currency.getInstance(currencyCode);
    this.currency = c.getCurrencyCode();
    this.exponent = Math.max(0, c.getDefaultFractionDigits());
    this.units = units;
  }

  ProductSnapshot product(JsonValue value) {
    JsonObject p = asObject(value, "product");
    List<String> imageSources = new ArrayList<>();
    Map<String, String> imagesById = new HashMap<>();
    for (JsonValue image : arrayOrEmpty(p, "images")) {
      String src = imageSource(image);
      if (src != null) {
        imageSources.add(src);
        if (image instanceof JsonObject o && o.containsKey("id")) {
          imagesById.put(id(o, "id"), src);
        }
      }
    }
    String imageUrl = imageSource(p.get("featured_image"));
    if (imageUrl == null) {
      imageUrl = imageSource(p.get("image"));
    }
    if (imageUrl == null && !imageSources.isEmpty()) {
      imageUrl = imageSources.get(0);
    }
    // The main image first, then the others, each once.
    Set<String> images = new LinkedHashSet<>();
    if (imageUrl != null) {
      images.add(imageUrl);
    }
    images.addAll(imageSources);

    List<String> optionNames = optionNames(p);
    List<VariantSnapshot> variants = new ArrayList<>();
    JsonArray variantArray = arrayOrEmpty(p, "variants");
    for (int i = 0; i < variantArray.size(); i++) {
      variants.add(variant(variantArray.get(i), i, optionNames, imagesById));
    }

    String html = string(p, "body_html");
    if (html == null) {
      html = string(p, "description");
    }
    String productType = string(p, "product_type");
    if (productType == null) {
      productType = string(p, "type");
    }
    String title = string(p, "title");
    return new ProductSnapshot(
        id(p, "id"),
        requiredString(p, "handle"),
        title == null ? "" : title,
        HtmlText.toPlainText(html),
        blankToNull(string(p, "vendor")),
        blankToNull(productType),
        tags(p.get("tags")),
        imageUrl,
        List.copyOf(images),
        variants,
        instant(p, "updated_at"));
  }

  private VariantSnapshot variant(
      JsonValue value, int index, List<String> optionNames, Map<String, String> imagesById) {
    JsonObject v = asObject(value, "variant");
    BigDecimal price = money(v.get("price"));
    if (price == null) {
      throw new Malformed("variant " + index + " has no price");
    }
    BigDecimal compareAt = money(v.get("compare_at_price"));
    if (compareAt != null && compareAt.signum() <= 0) {
      compareAt = null;
    }
    Integer inventory = integerOrNull(v, "inventory_quantity");
    boolean available;
    JsonValue availableValue = v.get("available");
    if (availableValue == null || availableValue.getValueType() == JsonValue.ValueType.NULL) {
      available = inventory != null && inventory > 0;
    } else if (availableValue.getValueType() == JsonValue.ValueType.TRUE) {
      available = true;
    } else if (availableValue.getValueType() == JsonValue.ValueType.FALSE) {
      available = false;
    } else {
      throw new Malformed("variant " + index + " has a non-boolean 'available'");
    }
    String imageUrl = imageSource(v.get("featured_image"));
    if (imageUrl == null && v.containsKey("image_id") && !v.isNull("image_id")) {
      imageUrl = imagesById.get(id(v, "image_id"));
    }
    Integer position = integerOrNull(v, "position");
    String title = string(v, "title");
    return new VariantSnapshot(
        id(v, "id"),
        title == null ? "" : title,
        blankToNull(string(v, "sku")),
        price,
        compareAt,
        currency,
        available,
        inventory,
        variantOptions(v, optionNames),
        imageUrl,
        position == null ? index + 1 : position);
  }

  /** The option names in order: {@code ["Size"]} or {@code [{"name":"Size",...}]}. */
  private static List<String> optionNames(JsonObject p) {
    List<String> names = new ArrayList<>();
    for (JsonValue option : arrayOrEmpty(p, "options")) {
      if (option instanceof JsonString s) {
        names.add(blankToNull(s.getString()));
      } else if (option instanceof JsonObject o) {
        names.add(blankToNull(string(o, "name")));
      } else {
        throw new Malformed("an option is neither a name nor an object");
      }
    }
    return names;
  }

  private static Map<String, String> variantOptions(JsonObject v, List<String> optionNames) {
    List<String> values = new ArrayList<>();
    JsonValue options = v.get("options");
    if (options instanceof JsonArray array) {
      for (JsonValue value : array) {
        values.add(value instanceof JsonString s ? s.getString() : null);
      }
    } else {
      for (int i = 1; i <= 3; i++) {
        values.add(string(v, "option" + i));
      }
    }
    Map<String, String> result = new LinkedHashMap<>();
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i);
      if (value == null) {
        continue;
      }
      String name = i < optionNames.size() ? optionNames.get(i) : null;
      result.putIfAbsent(name == null ? "Option " + (i + 1) : name, value);
    }
    if (result.size() == 1 && PLACEHOLDER_VALUE.equals(result.get(PLACEHOLDER_OPTION))) {
      return Map.of();
    }
    return result;
  }

  /** A price in major units at the currency's exponent, or null when absent or empty. */
  private BigDecimal money(JsonValue value) {
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return null;
    }
    BigDecimal number;
    if (value instanceof JsonNumber n) {
      number = n.bigDecimalValue();
    } else if (value instanceof JsonString s) {
      String text = s.getString().strip();
      if (text.isEmpty()) {
        return null;
      }
      try {
        number = new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw new Malformed("price is not a number");
      }
    } else {
      throw new Malformed("price is neither a number nor a string");
    }
    try {
      if (units == PriceUnits.MINOR) {
        BigInteger minor = number.toBigIntegerExact();
        return new BigDecimal(minor, exponent);
      }
      return number.setScale(exponent, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new Malformed(
          "price " + abbreviate(number.toPlainString()) + " does not fit " + currency);
    }
  }

  /** An id's exact digits: numbers via BigInteger (never double), strings as sent. */
  static String id(JsonObject o, String key) {
    JsonValue value = o.get(key);
    if (value instanceof JsonNumber n) {
      try {
        BigInteger digits = n.bigDecimalValue().toBigIntegerExact();
        if (digits.signum() < 0) {
          throw new Malformed("'" + key + "' is negative");
        }
        return digits.toString();
      } catch (ArithmeticException e) {
        throw new Malformed("'" + key + "' is not an integer");
      }
    }
    if (value instanceof JsonString s && !s.getString().isBlank()) {
      return s.getString().strip();
    }
    throw new Malformed("'" + key + "' is missing or not an id");
  }

  private List<String> tags(JsonValue value) {
    Set<String> tags = new LinkedHashSet<>();
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return List.of();
    } else if (value instanceof JsonString s) {
      for (String tag : s.getString().split(",")) {
        addTag(tags, tag);
      }
    } else if (value instanceof JsonArray array) {
      for (JsonValue tag : array) {
        if (!(tag instanceof JsonString s)) {
          throw new Malformed("a tag is not a string");
        }
        addTag(tags, s.getString());
      }
    } else {
      throw new Malformed("'tags' is neither a list nor a string");
    }
    return List.copyOf(tags);
  }

  private static void addTag(Set<String> tags, String tag) {
    String trimmed = tag.strip();
    if (!trimmed.isEmpty()) {
      tags.add(trimmed);
    }
  }

  /** An image's absolute URL, from a string or an object's {@code src}; null when none. */
  private String imageSource(JsonValue value) {
    String src = null;
    if (value instanceof JsonString s) {
      src = s.getString();
    } else if (value instanceof JsonObject o) {
      src = string(o, "src");
    }
    return absoluteUrl(src);
  }

  String absoluteUrl(String url) {
    if (url == null || url.isBlank()) {
      return null;
    }
    String u = url.strip();
    if (u.startsWith("//")) {
      return "https:" + u;
    }
    if (u.startsWith("/")) {
      try {
        return base.resolve(u).toString();
      } catch (IllegalArgumentException e) {
        throw new Malformed("image URL is not a URL");
      }
    }
    return u;
  }

  private static Instant instant(JsonObject o, String key) {
    String text = string(o, key);
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(text.strip()).toInstant();
    } catch (DateTimeParseException e) {
      throw new Malformed("'" + key + "' is not an ISO 8601 date-time");
    }
  }

  private static JsonObject asObject(JsonValue value, String what) {
    if (value instanceof JsonObject o) {
      return o;
    }
    throw new Malformed(what + " is not a JSON object");
  }

  private static JsonArray arrayOrEmpty(JsonObject o, String key) {
    JsonValue value = o.get(key);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return JsonValue.EMPTY_JSON_ARRAY;
    }
    if (value instanceof JsonArray a) {
      return a;
    }
    throw new Malformed("'" + key + "' is not a list");
  }

  /** A string field, null when absent or null; numbers and booleans are given as text. */
  private static String string(JsonObject o, String key) {
    JsonValue value = o.get(key);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return null;
    }
    if (value instanceof JsonString s) {
      return s.getString();
    }
    if (value instanceof JsonNumber
        || value.getValueType() == JsonValue.ValueType.TRUE
        || value.getValueType() == JsonValue.ValueType.FALSE) {
      return value.toString();
    }
    throw new Malformed("'" + key + "' is not text");
  }

  private static String requiredString(JsonObject o, String key) {
    String value = string(o, key);
    if (value == null || value.isBlank()) {
      throw new Malformed("'" + key + "' is missing");
    }
    return value;
  }

  private static Integer integerOrNull(JsonObject o, String key) {
    JsonValue value = o.get(key);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return null;
    }
    try {
      if (value instanceof JsonNumber n) {
        return n.bigDecimalValue().intValueExact();
      }
      if (value instanceof JsonString s) {
        return new BigDecimal(s.getString().strip()).intValueExact();
      }
    } catch (ArithmeticException | NumberFormatException e) {
      throw new Malformed("'" + key + "' is not an integer");
    }
    throw new Malformed("'" + key + "' is not an integer");
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
