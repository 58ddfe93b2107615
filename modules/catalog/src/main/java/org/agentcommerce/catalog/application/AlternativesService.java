package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.catalog.api.AlternativesView;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * Alternatives to a product: similar products in the same category, graded by how much they share
 * with the anchor (type, key actives, concerns), with the price relationship computed in the
 * anchor's currency. Candidates priced in another currency cannot be compared and are left out.
 */
@ApplicationScoped
public class AlternativesService {

  static final BigDecimal SIMILAR_BAND = new BigDecimal("0.10");
  static final Set<String> RELATIONS = Set.of("any", "cheaper", "similar", "pricier");

  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;

  public AlternativesView alternatives(
      String productId, String merchantId, String relation, int limit) {
    String wanted = relation == null ? "any" : relation.toLowerCase(Locale.ROOT);
    if (!RELATIONS.contains(wanted)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("relation"),
              "Input should be 'any', 'cheaper', 'similar' or 'pricier'",
              "enum"));
    }
    Set<String> visible = catalog.visibleMerchants();
    ProductRecord anchorRecord =
        search
            .find(merchantId, productId)
            .filter(r -> visible.contains(r.merchantId()))
            .orElseThrow(() -> ApiException.notFound("Product " + productId));
    ProductView anchor = ProductViews.render(anchorRecord, null);
    List<AlternativesView.Alternative> out = new ArrayList<>();
    for (ProductRecord candidate : search.related(anchorRecord, visible, Math.max(limit * 5, 25))) {
      if (out.size() >= limit) {
        break;
      }
      if (!Objects.equals(candidate.category(), anchorRecord.category())
          || Objects.equals(candidate.productGroupId(), anchorRecord.productGroupId())
              && candidate.productGroupId() != null) {
        continue;
      }
      ProductView view = ProductViews.render(candidate, anchor.market());
      if (view.price() == null
          || anchor.price() == null
          || !Objects.equals(view.currency(), anchor.currency())) {
        continue;
      }
      BigDecimal ratio = view.price().divide(anchor.price(), 3, RoundingMode.HALF_UP);
      String relationship =
          ratio.subtract(BigDecimal.ONE).abs().compareTo(SIMILAR_BAND) <= 0
              ? "similar"
              : ratio.compareTo(BigDecimal.ONE) < 0 ? "cheaper" : "pricier";
      if (!"any".equals(wanted) && !wanted.equals(relationship)) {
        continue;
      }
      List<String> reasons = new ArrayList<>();
      int points = 0;
      if (Objects.equals(candidate.productType(), anchorRecord.productType())) {
        reasons.add("same product type (" + candidate.productType() + ")");
        points += 2;
      }
      Set<String> actives = shared(candidate.keyActives(), anchorRecord.keyActives());
      if (!actives.isEmpty()) {
        reasons.add("shares key actives: " + String.join(", ", actives));
        points += 2;
      }
      Set<String> concerns = shared(candidate.concerns(), anchorRecord.concerns());
      if (!concerns.isEmpty()) {
        reasons.add("targets the same concerns: " + String.join(", ", concerns));
        points += 1;
      }
      reasons.add(describe(relationship, ratio));
      if (view.inStock()) {
        reasons.add("in stock");
        points += 1;
      }
      String grade = points >= 5 ? "A" : points >= 3 ? "B" : "C";
      out.add(
          new AlternativesView.Alternative(
              view, relationship, ratio, view.price(), view.currency(), grade, reasons));
    }
    out.sort(java.util.Comparator.comparing(AlternativesView.Alternative::grade));
    return new AlternativesView(anchor, out);
  }

  private static Set<String> shared(List<String> a, List<String> b) {
    Set<String> common = new TreeSet<>(a);
    common.retainAll(b);
    return common;
  }

  private static String describe(String relationship, BigDecimal ratio) {
    int percent =
        ratio
            .subtract(BigDecimal.ONE)
            .movePointRight(2)
            .abs()
            .setScale(0, RoundingMode.HALF_UP)
            .intValue();
    return switch (relationship) {
      case "cheaper" -> percent + "% cheaper";
      case "pricier" -> percent + "% pricier";
      default -> "similar price";
    };
  }
}
