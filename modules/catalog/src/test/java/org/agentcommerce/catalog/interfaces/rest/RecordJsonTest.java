package org.agentcommerce.catalog.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.interfaces.rest.SearchExecution.FiltersApplied;
import org.agentcommerce.catalog.interfaces.rest.SearchExecution.Pagination;
import org.agentcommerce.catalog.interfaces.rest.SearchExecution.SearchContext;
import org.agentcommerce.catalog.interfaces.rest.SearchExecution.SearchResponse;
import org.agentcommerce.platform.api.RecordJson;
import org.junit.jupiter.api.Test;

/** The search answer's writer against JSON-B as the service configures it, byte for byte. */
class RecordJsonTest {

  private static final String[] TEXTS = {
    "Rosée Shea & Cocoa Butter Body Lotion",
    "quote \" backslash \\ slash / end",
    "controls \u0000 \u0001 \u001f \b \f \n \r \t",
    "日焼け止め 선크림 😀 \u2028 \u007f",
    "",
    "<script>alert('x')</script>"
  };

  @Test
  void aSearchAnswerIsWrittenExactlyAsJsonbWritesIt() {
    Random random = new Random(11);
    for (int round = 0; round < 200; round++) {
      List<ProductView> products = new ArrayList<>();
      for (int i = 0; i < random.nextInt(4); i++) {
        products.add(product(random));
      }
      SearchResponse answer =
          new SearchResponse(
              "success",
              products,
              new Pagination(
                  random.nextInt(100_000), 20, random.nextInt(50), 1, 5, random.nextBoolean()),
              new SearchContext(
                  text(random),
                  random.nextBoolean() ? null : java.util.Arrays.asList("merch_a", text(random)),
                  List.of("merch_a", "merch_b"),
                  random.nextBoolean(),
                  random.nextBoolean() ? null : "FR"),
              new FiltersApplied(
                  text(random),
                  null,
                  text(random),
                  random.nextBoolean() ? null : new BigDecimal("10.50"),
                  random.nextBoolean() ? null : new BigDecimal("1E+3"),
                  random.nextBoolean(),
                  payment(random)));
      assertSame(answer);
    }
  }

  @Test
  void aProductWrittenFromItsTemplateWithAScoreIsWhatJsonbWrites() {
    Random random = new Random(12);
    for (int round = 0; round < 300; round++) {
      ProductView scoreless = product(random, null);
      ProductJson template = ProductJson.of(scoreless);
      for (Double score : SCORES) {
        StringBuilder out = new StringBuilder();
        template.write(out, score);
        assertEquals(
            JSONB.toJson(score == null ? scoreless : scoreless.withScore(score)), out.toString());
      }
    }
    assertThrows(
        IllegalArgumentException.class, () -> ProductJson.of(product(random, 1.5)), "scored");
  }

  @Test
  void aTypeWithoutAKnownFormIsRefused() {
    record Odd(Object value) {}
    assertThrows(IllegalArgumentException.class, () -> RecordJson.write(new Odd(new Object())));
  }

  /** JSON-B as the service configures it (JsonbProvider): wire names, nulls written out. */
  private static final jakarta.json.bind.Jsonb JSONB =
      jakarta.json.bind.JsonbBuilder.create(
          new jakarta.json.bind.JsonbConfig()
              .withPropertyNamingStrategy(
                  (jakarta.json.bind.config.PropertyNamingStrategy)
                      name -> name.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT))
              .withNullValues(true));

  private static void assertSame(Object value) {
    String expected = JSONB.toJson(value);
    assertEquals(expected, new String(RecordJson.write(value), StandardCharsets.UTF_8));
  }

  private static Map<String, String> payment(Random random) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < random.nextInt(3); i++) {
      map.put("k" + i + text(random), random.nextBoolean() ? null : text(random));
    }
    return map;
  }

  private static String text(Random random) {
    return random.nextInt(5) == 0 ? null : TEXTS[random.nextInt(TEXTS.length)];
  }

  private static List<String> texts(Random random) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < random.nextInt(3); i++) {
      String t = text(random);
      out.add(t == null ? "x" : t);
    }
    return out;
  }

  private static BigDecimal money(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> null;
      case 1 -> new BigDecimal("36.00");
      case 2 -> BigDecimal.valueOf(random.nextInt(100_000), 2);
      default -> new BigDecimal("0");
    };
  }

  private static final Double[] SCORES = {null, 10.341, 0.0, 1.0E-4, 1234567.891, 3.0};

  private static ProductView product(Random random) {
    return product(random, SCORES[random.nextInt(SCORES.length)]);
  }

  private static ProductView product(Random random, Double score) {
    List<ProductView.Variant> variants = new ArrayList<>();
    for (int i = 0; i < random.nextInt(3); i++) {
      Map<String, String> options = new LinkedHashMap<>();
      options.put("Size", text(random) == null ? "400 ml" : "750 ml");
      options.put("Shade", text(random));
      variants.add(
          new ProductView.Variant(
              text(random),
              text(random),
              text(random),
              text(random),
              money(random),
              money(random),
              "EUR",
              random.nextInt(1000),
              random.nextBoolean(),
              options,
              text(random),
              i + 1));
    }
    Instant[] times = {
      null, Instant.parse("2026-02-07T08:15:00Z"), Instant.parse("2026-02-07T08:15:00.123456789Z")
    };
    return new ProductView(
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        text(random),
        texts(random),
        texts(random),
        texts(random),
        texts(random),
        money(random),
        money(random),
        text(random),
        text(random),
        random.nextInt(500),
        random.nextBoolean(),
        text(random),
        text(random),
        texts(random),
        variants,
        text(random),
        text(random),
        times[random.nextInt(times.length)],
        times[random.nextInt(times.length)],
        score);
  }
}
