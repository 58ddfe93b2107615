package org.agentcommerce.webapp;

import static org.agentcommerce.webapp.RelevanceCases.assertTopResults;
import static org.agentcommerce.webapp.RelevanceCases.awaitIndex;
import static org.agentcommerce.webapp.RelevanceCases.category;
import static org.agentcommerce.webapp.RelevanceCases.listHas;
import static org.agentcommerce.webapp.RelevanceCases.titleHas;
import static org.agentcommerce.webapp.RelevanceCases.type;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.agentcommerce.webapp.RelevanceCases.Expect;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Relevance on the demo catalog: what the top result of 25 shopper queries must be. Covers spelling
 * variants (moisturiser/moisturizer, colour/color), synonyms (sun cream, fake tan, blemish,
 * retinoid, dark spots, perfume), "free from" phrases, stop words and off-vertical asks.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SearchRelevanceIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  static final List<Expect> EXPECTED =
      List.of(
          new Expect(
              "vitamin c serum", "a vitamin C serum", type("Serum").and(titleHas("Vitamin C"))),
          new Expect(
              "moisturiser for dry skin", "a moisturizer (British spelling)", type("Moisturizer")),
          new Expect("moisturizer", "a moisturizer", type("Moisturizer")),
          new Expect("sun cream", "sun care (synonym)", category("sun")),
          new Expect("spf 50", "an SPF 50 product", category("sun").and(titleHas("SPF 50"))),
          new Expect(
              "niacinamide", "niacinamide as key active", listHas("key_actives", "niacinamide")),
          new Expect(
              "retinoid night serum",
              "a retinol/retinal serum",
              type("Serum").and(listHas("key_actives", "retinol", "retinal"))),
          new Expect("blemish", "an acne product (synonym)", listHas("concerns", "acne")),
          new Expect(
              "anti dandruff shampoo",
              "an anti-dandruff shampoo",
              type("Shampoo").and(titleHas("Dandruff"))),
          new Expect("fragrance free cleanser", "a cleanser, not a perfume", type("Cleanser")),
          new Expect(
              "sulfate free shampoo",
              "a sulfate-free shampoo",
              type("Shampoo").and(listHas("tags", "sulfate-free"))),
          new Expect("lipstick", "a lipstick", type("Lipstick")),
          new Expect(
              "hyaluronic acid",
              "hyaluronic acid as key active",
              listHas("key_actives", "hyaluronic acid")),
          new Expect("perfume", "a fragrance (synonym)", category("fragrance")),
          new Expect("after sun", "an after-sun", type("After-Sun")),
          new Expect("fake tan", "a self-tanner (synonym)", type("Self-Tanner")),
          new Expect("eye cream for dark circles", "an eye cream", type("Eye Cream")),
          new Expect("foundation", "a foundation", type("Foundation")),
          new Expect("hair oil for frizz", "a hair oil", type("Hair Oil")),
          new Expect("body lotion", "a body lotion", type("Body Lotion")),
          new Expect("mascara", "a mascara", type("Mascara")),
          new Expect(
              "colour protect shampoo",
              "a color-protect shampoo",
              type("Shampoo").and(titleHas("Color"))),
          new Expect(
              "dark spots",
              "a hyperpigmentation product (synonym)",
              listHas("concerns", "hyperpigmentation")),
          new Expect("usb-c charger", "the off-vertical charger", type("Charger")),
          new Expect("deodorant", "a deodorant", type("Deodorant")));

  @Test
  void topResultsMatchWhatTheShopperAskedFor() {
    assertTopResults(base, EXPECTED);
  }

  @Test
  void offVerticalAndNonsenseQueriesReturnNothingRatherThanJunk() {
    Http http = new Http(base);
    String key = Agents.register(http).apiKey();
    awaitIndex(http);
    for (String q : List.of("winter car tyres", "mortgage calculator", "xqzv plorb")) {
      Http.Answer a =
          http.get(
              "/agent/v1/products/search?query=" + URLEncoder.encode(q, StandardCharsets.UTF_8),
              "X-API-Key",
              key);
      assertEquals(200, a.status());
      assertTrue(a.json().getJsonArray("products").isEmpty(), q + " → " + a.body());
    }
    Http.Answer perfume =
        http.get("/agent/v1/products/search?limit=50&query=fragrance+free", "X-API-Key", key);
    perfume
        .json()
        .getJsonArray("products")
        .forEach(
            p ->
                assertFalse(
                    "fragrance".equals(p.asJsonObject().getString("category")),
                    "fragrance-free is not a perfume"));
  }
}
