package org.agentcommerce.catalog.application.brief;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.CatalogIds;
import org.agentcommerce.catalog.application.CatalogQueries;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.SearchWarmingUp;
import org.agentcommerce.catalog.domain.brief.BriefInput;
import org.agentcommerce.catalog.domain.brief.BriefParser;
import org.agentcommerce.catalog.domain.brief.BriefStore;
import org.agentcommerce.catalog.domain.brief.ParsedBrief;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;

/**
 * Shopping briefs: clarifying questions, building (deterministic rule-based parsing, then stored
 * for the agent that built it), reading back, and checking products against a brief.
 */
@ApplicationScoped
public class BriefService {

  @Inject BriefStore store;
  @Inject CatalogIndex index;
  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;
  @Inject Clock clock;

  private volatile Parsers parsers = new Parsers(Set.of(), new BriefParser(List.of()));

  private record Parsers(Set<String> brands, BriefParser parser) {}

  /** What the buyer's words leave open, as at most two questions. */
  public record Clarification(
      String suggestedVertical, List<String> missingFields, ParsedBrief parsed) {}

  /** A built brief: its document as stored. */
  public record Built(String briefId, double confidence, JsonObject document) {}

  /** One product's verdict against a brief. */
  public record Compatibility(
      String productId,
      String merchantId,
      String title,
      boolean compatible,
      java.math.BigDecimal price,
      String currency,
      List<Map<String, String>> reasons,
      List<String> matches) {}

  /** Parses a brief with the catalog's current brands. The same input gives the same result. */
  public ParsedBrief parse(String text, String market, String locale, String currency) {
    return parser().parse(new BriefInput(text, market, locale, currency));
  }

  public Clarification clarify(
      String text, Map<String, Object> partial, String market, String locale, String currency) {
    ParsedBrief parsed = parse(text, market, locale, currency);
    if (partial != null && !partial.isEmpty()) {
      parsed = Answers.apply(parser(), parsed, partial, "partial_brief");
    }
    return new Clarification(parsed.suggestedVertical(), parsed.unknowns(), parsed);
  }

  /** Builds and stores a brief for the agent; answers to earlier questions refine it. */
  public Built build(
      String agentId,
      String text,
      Map<String, Object> answers,
      String market,
      String locale,
      String currency) {
    ParsedBrief parsed = parse(text, market, locale, currency);
    if (answers != null && !answers.isEmpty()) {
      parsed = Answers.apply(parser(), parsed, answers, "answers");
    }
    String id = Ids.newId(CatalogIds.BRIEF, 12);
    var created = clock.instant();
    JsonObject doc = BriefDocuments.document(parsed, id, created);
    store.save(
        new BriefStore.StoredBrief(
            id, agentId, BriefDocuments.SCHEMA_VERSION, text, doc.toString(), created));
    return new Built(id, parsed.confidence(), doc);
  }

  /** Learns the catalog's brand names and runs the parser once before the node takes traffic. */
  void warmUp(@jakarta.enterprise.event.Observes SearchWarmingUp ready) {
    for (int i = 0; i < 200; i++) {
      parse("fragrance-free moisturiser for dry skin under $30, no retinol", null, null, null);
      parse("crème solaire SPF 50 moins de 25 €", null, null, null);
    }
  }

  /** The brief's clarifying questions as agents receive them. */
  public jakarta.json.JsonArray questions(ParsedBrief parsed) {
    return BriefDocuments.questions(parsed.questions());
  }

  /** A brief the agent built, or 404 (also for another agent's brief). */
  public JsonObject find(String agentId, String briefId) {
    return store
        .find(agentId, briefId)
        .map(b -> BriefDocuments.parse(b.document()))
        .orElseThrow(() -> ApiException.notFound("Brief " + briefId));
  }

  /** Checks each product against the brief. */
  public List<Compatibility> compatibility(JsonObject brief, List<ProductRef> products) {
    BriefConstraints c = BriefConstraints.of(brief);
    Set<String> visible = catalog.visibleMerchants();
    List<Compatibility> out = new ArrayList<>();
    for (ProductRef ref : products) {
      ProductRecord p =
          search
              .find(ref.merchantId(), ref.productId())
              .filter(r -> visible.contains(r.merchantId()))
              .orElse(null);
      if (p == null) {
        out.add(
            new Compatibility(
                ref.productId(),
                ref.merchantId(),
                null,
                false,
                null,
                null,
                List.of(
                    Map.of("code", "NOT_FOUND", "message", "No such product is visible to you.")),
                List.of()));
        continue;
      }
      BriefFit.Verdict v = BriefFit.check(p, c);
      out.add(
          new Compatibility(
              p.id(),
              p.merchantId(),
              p.title(),
              v.fits(),
              v.product().price(),
              v.product().currency(),
              v.reasons().stream()
                  .map(r -> Map.of("code", r.code(), "message", r.message()))
                  .toList(),
              v.matches()));
    }
    return out;
  }

  /** A product to check: our id, or the platform's id or handle with the merchant. */
  public record ProductRef(String productId, String merchantId) {}

  BriefParser parser() {
    Set<String> brands = index.isReady() ? index.vendors() : Set.of();
    Parsers current = parsers;
    if (!current.brands().equals(brands)) {
      current = new Parsers(brands, new BriefParser(brands));
      parsers = current;
    }
    return current.parser();
  }
}
