package org.agentcommerce.catalog.domain.brief;

import java.util.Comparator;
import org.agentcommerce.catalog.domain.brief.Lexicon.Sense;
import org.agentcommerce.catalog.domain.brief.Scan.SkinFind;
import org.agentcommerce.catalog.domain.brief.Scan.TypeFind;

/**
 * Reads the fields the phrases found give directly, in text order: wanted and avoided brands,
 * wanted ingredients and exclusions (a negated ingredient is an exclusion and never wanted),
 * product types, categories, concerns, pregnancy, off-vertical products, gift, stock, price tier
 * and market words, and Japanese skin-type compounds.
 */
final class HitInterpreter {

  private HitInterpreter() {}

  static void interpret(Scan scan) {
    scan.hits.sort(Comparator.comparingInt((Hit h) -> h.start).thenComparingInt(h -> -h.end));
    for (Hit h : scan.hits) {
      if (h.brand != null) {
        scan.signal(h, "brand " + h.brand);
        if (h.negated()) {
          scan.brandsAvoided.add(h.brand);
          scan.evidence.add(
              scan.ev("brand.avoid", "brandsAvoided", h, negationReason(scan, h), h.brand));
        } else {
          scan.brandsWanted.add(h.brand);
          scan.evidence.add(scan.ev("brand.want", "brandsWanted", h, "known brand", h.brand));
        }
        continue;
      }
      for (Sense s : h.senses) {
        switch (s.kind()) {
          case INGREDIENT -> {
            if (h.negated()) {
              exclude(scan, s.value(), h);
            } else if (!s.secondary()) {
              scan.signal(h, "ingredient " + s.value());
              scan.wanted.add(s.value());
              scan.evidence.add(
                  scan.ev("ingredient.wanted", "wantedIngredients", h, "active named", s.value()));
              scan.typo(h, "wantedIngredients", s.value());
            }
          }
          case EXCLUDE -> {
            scan.signal(h, "exclusion " + s.value());
            scan.exclusions.add(s.value());
            scan.evidence.add(
                scan.ev("exclusion.direct", "exclusions", h, "an exclusion by itself", s.value()));
          }
          case PRODUCT_TYPE -> {
            if (!h.negated()) {
              scan.typeFinds.add(new TypeFind(s.value(), s.secondary(), h));
            }
          }
          case CATEGORY -> {
            if (!h.negated()) {
              (s.secondary() ? scan.weakCategories : scan.strongCategories).add(h);
            }
          }
          case CONCERN -> {
            if (!h.negated()) {
              scan.signal(h, "concern " + s.value());
              if (scan.concerns.add(s.value())) {
                scan.concernHits.add(h);
              }
              scan.evidence.add(
                  scan.ev("concern.keyword", "concerns", h, "concern word", s.value()));
              scan.typo(h, "concerns", s.value());
            }
          }
          case PREGNANCY -> {
            scan.exclusions.add("retinol");
            scan.evidence.add(
                scan.ev(
                    "pregnancy.retinoids",
                    "exclusions",
                    h,
                    "retinoids are commonly avoided in pregnancy and while breastfeeding",
                    "retinol"));
            scan.assumptions.add(
                new Assumption(
                    "pregnancy.retinoids",
                    "Pregnancy or breastfeeding mentioned: retinol and other retinoids excluded",
                    0.9));
          }
          case OFF_VERTICAL -> {
            if ("pet".equals(s.value())) {
              if (scan.firstPet == null) {
                scan.firstPet = h;
              }
            } else if (scan.firstOff == null) {
              scan.firstOff = h;
            }
          }
          case BEAUTY -> scan.signal(h, "beauty word");
          case GIFT -> {
            scan.gift = true;
            scan.evidence.add(scan.ev("gift.keyword", "giftIntent", h, "gift word", "true"));
          }
          case IN_STOCK -> {
            scan.inStock = true;
            scan.evidence.add(
                scan.ev("stock.in_stock", "inStockOnly", h, "availability wanted", "true"));
          }
          case PRICE_TIER -> {
            if (scan.priceTier == null) {
              scan.priceTier = s.value();
              scan.evidence.add(scan.ev(s.ruleId(), "priceTier", h, "price words", s.value()));
            }
          }
          case MARKET -> {
            if (scan.textMarket == null) {
              scan.textMarket = s.value();
              scan.evidence.add(
                  scan.ev("market.country_name", "market", h, "place named", s.value()));
            }
          }
          case SKIN_COMPOUND -> {
            if (!h.negated()) {
              scan.skinFinds.add(new SkinFind(s.value(), h.start, h.end, "skin.type_compound"));
            }
          }
          default -> {}
        }
      }
    }
    scan.wanted.removeAll(scan.exclusions);
    scan.brandsWanted.removeAll(scan.brandsAvoided);
  }

  private static void exclude(Scan scan, String value, Hit h) {
    scan.signal(h, "exclusion " + value);
    scan.exclusions.add(value);
    String rule = h.negationRule;
    if ("brand.avoid".equals(rule)) {
      rule = "exclusion.no_x";
    }
    scan.evidence.add(scan.ev(rule, "exclusions", h, negationReason(scan, h), value));
    scan.typo(h, "exclusions", value);
  }

  private static String negationReason(Scan scan, Hit h) {
    if (h.trigger == null || h.trigger == h) {
      return "negated by the word after it";
    }
    return "negated by \"" + scan.raw.substring(h.trigger.start, h.trigger.end) + "\"";
  }
}
