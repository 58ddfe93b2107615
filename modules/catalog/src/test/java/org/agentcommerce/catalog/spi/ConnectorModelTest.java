package org.agentcommerce.catalog.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.spi.ConnectorException.Kind;
import org.junit.jupiter.api.Test;

/** The connector port's value types and its exception. */
class ConnectorModelTest {

  @Test
  void onlyUnavailableAndRateLimitedAreRetriable() {
    assertFalse(new ConnectorException(Kind.NOT_FOUND, "gone").retriable());
    assertTrue(new ConnectorException(Kind.UNAVAILABLE, "down").retriable());
    assertTrue(new ConnectorException(Kind.RATE_LIMITED, "slow down").retriable());
    assertFalse(new ConnectorException(Kind.INVALID_RESPONSE, "garbage").retriable());
  }

  @Test
  void rateLimitedCarriesRetryAfter() {
    ConnectorException e = ConnectorException.rateLimited("slow down", 429, 30L);
    assertEquals(Kind.RATE_LIMITED, e.kind());
    assertEquals(30, e.retryAfterSeconds().orElseThrow());
    assertEquals(429, e.httpStatus().orElseThrow());
    assertTrue(
        ConnectorException.rateLimited("slow down", 429, null).retryAfterSeconds().isEmpty());
    assertTrue(new ConnectorException(Kind.UNAVAILABLE, "x").httpStatus().isEmpty());
  }

  @Test
  void snapshotsCopyTheirCollections() {
    List<String> tags = new ArrayList<>(List.of("a"));
    Map<String, String> options = new LinkedHashMap<>();
    options.put("Size", "30 ml");
    options.put("Colour", "Red");
    VariantSnapshot variant =
        new VariantSnapshot(
            "1", "30 ml", null, new BigDecimal("24.00"), null, "USD", true, null, options, null, 1);
    List<VariantSnapshot> variants = new ArrayList<>(List.of(variant));
    ProductSnapshot product =
        new ProductSnapshot(
            "9", "h", "T", null, null, null, tags, null, null, variants, Instant.EPOCH);

    tags.add("b");
    variants.clear();
    options.put("Extra", "x");

    assertEquals(List.of("a"), product.tags());
    assertEquals(1, product.variants().size());
    assertEquals(List.of(), product.images());
    assertEquals(List.of("Size", "Colour"), List.copyOf(variant.options().keySet()));
    assertThrows(UnsupportedOperationException.class, () -> product.tags().add("c"));
    assertThrows(UnsupportedOperationException.class, () -> variant.options().put("k", "v"));
    assertEquals(List.of(), new Page(null, null).products());
  }

  @Test
  void aTargetNeedsAnHttpOriginAndAnIsoCurrency() {
    ConnectorTarget ok = new ConnectorTarget("m", URI.create("https://shop.example"), "jpy");
    assertEquals("JPY", ok.currency());
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConnectorTarget("m", URI.create("https://shop.example"), "XYZ1"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConnectorTarget("m", URI.create("ftp://shop.example"), "USD"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConnectorTarget("m", URI.create("/relative"), "USD"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConnectorTarget("m", URI.create("https://shop.example/?a=b"), "USD"));
  }
}
