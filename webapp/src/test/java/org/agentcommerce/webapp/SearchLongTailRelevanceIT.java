package org.agentcommerce.webapp;

import static org.agentcommerce.webapp.RelevanceCases.assertTopResults;
import static org.agentcommerce.webapp.RelevanceCases.awaitIndex;
import static org.agentcommerce.webapp.RelevanceCases.category;
import static org.agentcommerce.webapp.RelevanceCases.listHas;
import static org.agentcommerce.webapp.RelevanceCases.titleHas;
import static org.agentcommerce.webapp.RelevanceCases.type;
import static org.agentcommerce.webapp.RelevanceCases.vendor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.URL;
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
 * Long-tail relevance on the demo catalog: typos, a brand with a product type, attributes alone,
 * and beauty words in the languages agents pass through from shoppers (French, Spanish, Italian,
 * German, Japanese, Korean, romanised Japanese). Each expectation is what the catalog holds for
 * what the shopper meant.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SearchLongTailRelevanceIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  static final List<Expect> TYPOS =
      List.of(
          new Expect("moisturzer", "a moisturizer", type("Moisturizer")),
          new Expect("shampo", "a shampoo", type("Shampoo")),
          new Expect(
              "niacinimide", "niacinamide as key active", listHas("key_actives", "niacinamide")),
          new Expect("sunscren", "a sunscreen", type("Sunscreen")),
          new Expect(
              "condtioner", "a conditioner", type("Conditioner").or(type("Leave-In Conditioner"))),
          new Expect("mascarra", "a mascara", type("Mascara")),
          new Expect("lipstik", "a lipstick", type("Lipstick")),
          new Expect("deodorent", "a deodorant", type("Deodorant")),
          new Expect(
              "salicylic acid clenser",
              "a salicylic acid cleanser",
              type("Cleanser").and(listHas("key_actives", "salicylic acid"))),
          new Expect(
              "hyaluronic serun",
              "a hyaluronic acid serum",
              type("Serum").and(listHas("key_actives", "hyaluronic acid"))),
          new Expect("perfum", "a fragrance", category("fragrance")),
          new Expect(
              "fragrence free", "a fragrance-free product", listHas("tags", "fragrance-free")));

  static final List<Expect> BRAND_AND_TYPE =
      List.of(
          new Expect("kumo toner", "a Kumo Skin toner", vendor("Kumo Skin").and(type("Toner"))),
          new Expect(
              "haze shield sunscreen stick",
              "a Haze Shield sunscreen stick",
              vendor("Haze Shield").and(type("Sunscreen")).and(titleHas("Stick"))),
          new Expect(
              "coilcraft curl cream",
              "a Coilcraft curl cream",
              vendor("Coilcraft").and(type("Styling Cream"))),
          new Expect(
              "scalpwise shampoo", "a Scalpwise shampoo", vendor("Scalpwise").and(type("Shampoo"))),
          new Expect(
              "peptica eye cream", "a Peptica eye cream", vendor("Peptica").and(type("Eye Cream"))),
          new Expect(
              "maison cerise lipstick",
              "a Maison Cerise lipstick",
              vendor("Maison Cerise").and(type("Lipstick"))),
          new Expect(
              "nordlys hand cream",
              "a Nordlys hand cream",
              vendor("Nordlys").and(type("Hand Cream"))),
          new Expect(
              "sunline self tan",
              "a Sunline self-tanner",
              vendor("Sunline").and(type("Self-Tanner"))),
          new Expect(
              "verdelune micellar water",
              "a Verdelune micellar water",
              vendor("Verdelune").and(titleHas("Micellar Water"))),
          new Expect("kiyomi blush", "a Kiyomi blush", vendor("Kiyomi Color").and(type("Blush"))),
          new Expect(
              "hiyake guard after sun",
              "a Hiyake Guard after-sun",
              vendor("Hiyake Guard").and(type("After-Sun"))));

  static final List<Expect> ATTRIBUTES =
      List.of(
          new Expect("vegan", "a vegan product", listHas("tags", "vegan")),
          new Expect(
              "fragrance free", "a fragrance-free product", listHas("tags", "fragrance-free")),
          new Expect("for oily skin", "a product for oily skin", listHas("skin_types", "oily")),
          new Expect("spf 30", "an SPF 30 product", titleHas("SPF 30")),
          new Expect("cruelty free", "a cruelty-free product", listHas("tags", "cruelty-free")),
          new Expect(
              "aluminium free",
              "an aluminium-free deodorant (British spelling)",
              listHas("tags", "aluminum-free")),
          new Expect(
              "non comedogenic", "a non-comedogenic product", listHas("tags", "non-comedogenic")),
          new Expect(
              "water resistant", "a water-resistant sunscreen", listHas("tags", "water-resistant")),
          new Expect(
              "for sensitive skin",
              "a product for sensitive skin",
              listHas("skin_types", "sensitive")));

  static final List<Expect> OTHER_LANGUAGES =
      List.of(
          new Expect("crème hydratante", "a moisturizer (French)", type("Moisturizer")),
          new Expect("protector solar", "a sunscreen (Spanish)", type("Sunscreen")),
          new Expect("sérum", "a serum (French, accented)", type("Serum")),
          new Expect("parfum", "a fragrance (French/German)", category("fragrance")),
          new Expect("eau de toilette", "an eau de toilette", type("Eau de Toilette")),
          new Expect("Sonnencreme", "a sunscreen (German)", type("Sunscreen")),
          new Expect("Feuchtigkeitscreme", "a moisturizer (German)", type("Moisturizer")),
          new Expect("champú", "a shampoo (Spanish)", type("Shampoo")),
          new Expect("化粧水", "a toner (Japanese keshōsui)", type("Toner")),
          new Expect("keshosui", "a toner (romanised Japanese)", type("Toner")),
          new Expect("日焼け止め", "a sunscreen (Japanese)", type("Sunscreen")),
          new Expect("선크림", "a sunscreen (Korean)", type("Sunscreen")),
          new Expect("shampooing", "a shampoo (French)", type("Shampoo")),
          new Expect("après-shampooing", "a conditioner (French)", type("Conditioner")),
          new Expect("rouge à lèvres", "a lipstick (French)", type("Lipstick")),
          new Expect("gel douche", "a body wash (French)", type("Body Wash")),
          new Expect("Haaröl", "a hair oil (German)", type("Hair Oil")),
          new Expect("crema idratante", "a moisturizer (Italian)", type("Moisturizer")),
          new Expect("nettoyant visage", "a face cleanser (French)", type("Cleanser")),
          new Expect(
              "piel grasa", "a product for oily skin (Spanish)", listHas("skin_types", "oily")));

  @Test
  void typosFindWhatWasMeant() {
    assertTopResults(base, TYPOS);
  }

  @Test
  void aBrandWithAProductTypeFindsThatBrandsProduct() {
    assertTopResults(base, BRAND_AND_TYPE);
  }

  @Test
  void anAttributeAloneFindsProductsWithIt() {
    assertTopResults(base, ATTRIBUTES);
  }

  @Test
  void beautyWordsInOtherLanguagesFindWhatTheyName() {
    assertTopResults(base, OTHER_LANGUAGES);
  }

  @Test
  void aCorrectedQueryIsStillEchoedAsSent() {
    Http http = new Http(base);
    String key = Agents.register(http).apiKey();
    awaitIndex(http);
    Http.Answer a = http.get("/agent/v1/products/search?query=moisturzer", "X-API-Key", key);
    assertEquals(200, a.status(), a::toString);
    assertEquals("moisturzer", a.json().getJsonObject("filters_applied").getString("query"));
    assertFalse(a.json().getJsonArray("products").isEmpty(), a::toString);
  }
}
