package org.agentcommerce.catalog.application.brief;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductRecord;

/**
 * Whether one product fits a brief, and why not: over budget, an avoided ingredient, another skin
 * type, out of stock, not sold in the market, an avoided brand, another product type or a merchant
 * outside the brief. What fits is said too, so recommendations can give their reasons.
 */
final class BriefFit {

  /** Ingredient words a shopper uses, and what they look like in an INCI list or in tags. */
  private static final Map<String, List<String>> INGREDIENT_SIGNS =
      Map.ofEntries(
          Map.entry("fragrance", List.of("parfum", "fragrance", "perfume")),
          Map.entry("alcohol", List.of("alcohol denat", "sd alcohol", "ethanol")),
          Map.entry("retinol", List.of("retinol", "retinal", "retinyl")),
          Map.entry("parabens", List.of("paraben")),
          Map.entry("sulfates", List.of("lauryl sulfate", "laureth sulfate", "sulfate")),
          Map.entry("silicones", List.of("dimethicone", "siloxane", "cyclomethicone")),
          Map.entry("essential oils", List.of("essential oil", "lavandula", "citrus limon peel")),
          Map.entry("aluminum", List.of("aluminum", "aluminium")));

  /** A reason a product does not fit. */
  record Reason(String code, String message) {}

  /** The verdict on one product. */
  record Verdict(ProductView product, boolean fits, List<Reason> reasons, List<String> matches) {}

  private BriefFit() {}

  static Verdict check(ProductRecord p, BriefConstraints c) {
    ProductView view = ProductViews.render(p, c.market());
    List<Reason> no = new ArrayList<>();
    List<String> yes = new ArrayList<>();
    if (!"active".equals(p.status())) {
      no.add(new Reason("NOT_AVAILABLE", "The product is no longer sold."));
    }
    if (c.market() != null && !c.market().equalsIgnoreCase(view.market())) {
      no.add(
          new Reason(
              "NOT_SOLD_IN_MARKET", "Not offered in market " + c.market() + " (only elsewhere)."));
    }
    if (!view.inStock()) {
      no.add(new Reason("OUT_OF_STOCK", "Out of stock in market " + view.market() + "."));
    }
    budget(view, c, no, yes);
    if (!c.allowedMerchantIds().isEmpty() && !c.allowedMerchantIds().contains(p.merchantId())) {
      no.add(new Reason("MERCHANT_NOT_ALLOWED", "Sold by a merchant the brief does not allow."));
    }
    if (p.vendor() != null
        && c.brandsAvoided().stream().anyMatch(b -> b.equalsIgnoreCase(p.vendor()))) {
      no.add(new Reason("BRAND_AVOIDED", "The buyer wants to avoid " + p.vendor() + "."));
    }
    if (c.productType() != null
        && p.productType() != null
        && !c.productType().equalsIgnoreCase(p.productType())) {
      no.add(
          new Reason(
              "DIFFERENT_PRODUCT_TYPE",
              "A " + p.productType() + ", not the " + c.productType() + " the brief asks for."));
    } else if (c.productType() == null
        && c.category() != null
        && p.category() != null
        && !c.category().equalsIgnoreCase(p.category())) {
      no.add(
          new Reason(
              "DIFFERENT_CATEGORY",
              "In " + p.category() + ", not the " + c.category() + " the brief asks for."));
    }
    skinType(p, c, no, yes);
    ingredients(p, c, no, yes);
    for (String concern : c.concerns()) {
      if (p.concerns().stream().anyMatch(x -> x.equalsIgnoreCase(concern))) {
        yes.add("addresses " + concern);
      }
    }
    return new Verdict(view, no.isEmpty(), List.copyOf(no), List.copyOf(yes));
  }

  private static void budget(ProductView v, BriefConstraints c, List<Reason> no, List<String> yes) {
    if (c.budgetMax() == null && c.budgetMin() == null || v.price() == null) {
      return;
    }
    if (c.currency() == null) {
      no.add(
          new Reason(
              "PRICE_NOT_COMPARABLE",
              "The budget names no currency and the brief no market; prices cannot be compared."));
      return;
    }
    if (!c.currency().equalsIgnoreCase(v.currency())) {
      no.add(
          new Reason(
              "PRICE_NOT_COMPARABLE",
              "Priced in " + v.currency() + "; the budget is in " + c.currency() + "."));
      return;
    }
    if (c.budgetMax() != null && v.price().compareTo(c.budgetMax()) > 0) {
      no.add(
          new Reason(
              "OVER_BUDGET",
              money(v.price(), v.currency())
                  + " is over the budget of "
                  + money(c.budgetMax(), v.currency())
                  + "."));
    } else if (c.budgetMin() != null && v.price().compareTo(c.budgetMin()) < 0) {
      no.add(
          new Reason(
              "UNDER_BUDGET_MIN",
              money(v.price(), v.currency())
                  + " is below the range starting at "
                  + money(c.budgetMin(), v.currency())
                  + "."));
    } else if (c.budgetMax() != null) {
      yes.add(
          "within budget: "
              + money(v.price(), v.currency())
              + " ≤ "
              + money(c.budgetMax(), v.currency()));
    }
  }

  private static void skinType(
      ProductRecord p, BriefConstraints c, List<Reason> no, List<String> yes) {
    if (c.sensitiveSkin()
        && !"sensitive".equals(c.skinType())
        && p.skinTypes().stream().anyMatch(s -> s.equalsIgnoreCase("sensitive"))) {
      yes.add("made for sensitive skin");
    }
    if (c.skinType() == null || p.skinTypes().isEmpty()) {
      return;
    }
    boolean suits =
        p.skinTypes().stream()
            .anyMatch(s -> s.equalsIgnoreCase(c.skinType()) || s.equalsIgnoreCase("all"));
    if (suits) {
      yes.add("suits " + c.skinType() + " skin");
    } else {
      no.add(
          new Reason(
              "SKIN_TYPE_MISMATCH",
              "Made for " + String.join(", ", p.skinTypes()) + " skin, not " + c.skinType() + "."));
    }
  }

  private static void ingredients(
      ProductRecord p, BriefConstraints c, List<Reason> no, List<String> yes) {
    String inci = p.ingredients() == null ? "" : p.ingredients().toLowerCase(Locale.ROOT);
    for (String avoid : c.avoidIngredients()) {
      String word = avoid.toLowerCase(Locale.ROOT);
      boolean freeTag =
          p.tags().stream().anyMatch(t -> t.equalsIgnoreCase(word.replace(' ', '-') + "-free"));
      List<String> signs = INGREDIENT_SIGNS.getOrDefault(word, List.of(word));
      boolean contains =
          signs.stream().anyMatch(inci::contains)
              || p.keyActives().stream().anyMatch(a -> a.equalsIgnoreCase(word));
      if (contains && !freeTag) {
        no.add(
            new Reason("EXCLUDED_INGREDIENT", "Contains " + avoid + ", which the buyer avoids."));
      } else if (freeTag || !inci.isEmpty()) {
        yes.add(avoid + "-free");
      }
    }
    for (String want : c.wantedIngredients()) {
      if (p.keyActives().stream().anyMatch(a -> a.equalsIgnoreCase(want))
          || inci.contains(want.toLowerCase(Locale.ROOT))) {
        yes.add("contains " + want);
      }
    }
  }

  private static String money(BigDecimal amount, String currency) {
    return amount.toPlainString() + " " + currency;
  }
}
