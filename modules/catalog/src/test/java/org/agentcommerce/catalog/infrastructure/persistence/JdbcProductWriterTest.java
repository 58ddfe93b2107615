package org.agentcommerce.catalog.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.spi.VariantSnapshot;
import org.junit.jupiter.api.Test;

/** The writer's pure rules: ids, categories, minor units, stock, column fitting. */
class JdbcProductWriterTest {

  @Test
  void idsAreDeterministicPrefixedSha256() {
    String id = JdbcProductWriter.productId("shopify", "merch_1", "7001234567890");
    assertTrue(id.matches("prod_[0-9a-f]{16}"), id);
    assertEquals(id, JdbcProductWriter.productId("shopify", "merch_1", "7001234567890"));
    // SHA-256("shopify:merch_1:7001234567890"), first 8 bytes.
    assertEquals("prod_" + JdbcProductWriter.hex16("shopify:merch_1:7001234567890"), id);
    assertTrue(!id.equals(JdbcProductWriter.productId("shopify", "merch_2", "7001234567890")));
    String variant = JdbcProductWriter.variantId(id, "41234567890123");
    assertTrue(variant.matches("var_[0-9a-f]{16}"), variant);
    assertTrue(JdbcProductWriter.offerId(variant, "US").matches("off_[0-9a-f]{16}"));
    // SHA-256("abc") starts ba7816bf8f01cfea.
    assertEquals("ba7816bf8f01cfea", JdbcProductWriter.hex16("abc"));
  }

  @Test
  void categoryComesFromTheTypeThenTheTags() {
    assertEquals("skincare", JdbcProductWriter.category("Serum", List.of()));
    assertEquals("skincare", JdbcProductWriter.category("Face Moisturizer", null));
    assertEquals("makeup", JdbcProductWriter.category("Make-up", List.of()));
    assertEquals("makeup", JdbcProductWriter.category("Foundation SPF 30", List.of()));
    assertEquals("hair", JdbcProductWriter.category("Shampoo", List.of("skin")));
    assertEquals("fragrance", JdbcProductWriter.category("Eau de Parfum", List.of()));
    assertEquals("body", JdbcProductWriter.category("Hand Cream", List.of()));
    assertEquals("sun", JdbcProductWriter.category("Body Sunscreen", List.of()));
    assertEquals("sun", JdbcProductWriter.category(null, List.of("new", "SPF-50")));
    assertEquals("skincare", JdbcProductWriter.category("Gift", List.of("skincare")));
    assertEquals("other", JdbcProductWriter.category("Gift Card", List.of("sunflower-free")));
    assertEquals("other", JdbcProductWriter.category(null, null));
    assertEquals("beauty", JdbcProductWriter.surface("sun"));
    assertEquals("general", JdbcProductWriter.surface("other"));
  }

  @Test
  void pricesAreExactMinorUnitsOfTheCurrencyExponent() {
    assertEquals(2400, JdbcProductWriter.minorUnits(new BigDecimal("24.00"), "USD"));
    assertEquals(2450, JdbcProductWriter.minorUnits(new BigDecimal("24.5"), "USD"));
    assertEquals(3300, JdbcProductWriter.minorUnits(new BigDecimal("3300"), "JPY"));
    assertEquals(12345, JdbcProductWriter.minorUnits(new BigDecimal("12.345"), "KWD"));
    assertThrows(
        ArithmeticException.class,
        () -> JdbcProductWriter.minorUnits(new BigDecimal("24.005"), "USD"));
    assertThrows(
        ArithmeticException.class,
        () -> JdbcProductWriter.minorUnits(new BigDecimal("3300.5"), "JPY"));
  }

  @Test
  void stockIsTheCountWhenKnownElseAvailability() {
    assertEquals(7, JdbcProductWriter.inventory(variant(7, false)));
    assertEquals(0, JdbcProductWriter.inventory(variant(-3, true)));
    assertEquals(1, JdbcProductWriter.inventory(variant(null, true)));
    assertEquals(0, JdbcProductWriter.inventory(variant(null, false)));
  }

  @Test
  void textIsFittedToItsColumns() {
    assertNull(JdbcProductWriter.tags(List.of()));
    assertEquals("vegan, dry skin", JdbcProductWriter.tags(List.of("vegan", " ", "dry skin")));
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      many.add("tag-" + i);
    }
    String fitted = JdbcProductWriter.tags(many);
    assertTrue(fitted.length() <= 1000);
    assertTrue(fitted.endsWith(many.get(fitted.split(", ").length - 1)));

    assertEquals("ab", JdbcProductWriter.clip("abc", 2));
    assertEquals("a", JdbcProductWriter.clip("a\uD83D\uDE00", 2), "no half surrogate pair");
    assertNull(JdbcProductWriter.clip(null, 2));

    Map<String, String> options = new LinkedHashMap<>();
    options.put("Size", "50 ml");
    options.put("Colour", "Rosé \"1\"");
    assertEquals(
        "{\"Size\":\"50 ml\",\"Colour\":\"Rosé \\\"1\\\"\"}",
        JdbcProductWriter.optionsJson(options));
    assertNull(JdbcProductWriter.optionsJson(Map.of()));
    assertNull(JdbcProductWriter.optionsJson(Map.of("x", "y".repeat(2000))));
  }

  private static VariantSnapshot variant(Integer inventory, boolean available) {
    return new VariantSnapshot(
        "1", "Default", null, BigDecimal.ONE, null, "USD", available, inventory, Map.of(), null, 1);
  }
}
