package org.agentcommerce.packs.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.PackFacts;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.packs.api.PackContent.Claim;
import org.agentcommerce.packs.api.PackContent.Evidence;
import org.agentcommerce.packs.api.PackContent.Recommendation;
import org.agentcommerce.packs.api.PackStatus;
import org.agentcommerce.packs.api.Validation;
import org.agentcommerce.packs.domain.Pack;
import org.agentcommerce.packs.domain.PackStore;
import org.agentcommerce.packs.domain.PackValidator;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.security.Caller;

/**
 * Operations packs: created as drafts (written or generated from cached product rows), validated
 * against the rules, published once validated (docs/packs.md). A pack is its agent's alone and
 * within its key's merchants; anything else is not there.
 */
@ApplicationScoped
public class PackService {

  @Inject PackStore store;
  @Inject PackFacts facts;
  @Inject Caller caller;
  @Inject Clock clock;

  /** A generation request: which products (or the merchant's first ones) and for what. */
  public record Generation(
      String merchantId,
      String sessionId,
      String title,
      String language,
      String geo,
      PackContent.Location location,
      List<String> productIds,
      int limit) {}

  public Pack draft(String merchantId, PackContent content) {
    requireMerchant(merchantId);
    return create(merchantId, "draft", content);
  }

  public Pack generate(Generation g) {
    requireMerchant(g.merchantId());
    List<String> unknown = facts.unknownProducts(g.merchantId(), g.productIds());
    if (!unknown.isEmpty()) {
      throw new org.agentcommerce.platform.api.InvalidInputException(
          new org.agentcommerce.platform.api.InvalidInputException.Violation(
              List.of("body", "product_ids"),
              "No active product with an offer at merchant "
                  + g.merchantId()
                  + ": "
                  + String.join(", ", unknown),
              "value_error.unknown_product"));
    }
    List<Recommendation> recommendations =
        facts.products(g.merchantId(), g.productIds(), g.geo(), g.limit()).stream()
            .map(PackService::recommend)
            .toList();
    String title = g.title() == null || g.title().isBlank() ? "Our picks" : g.title();
    String narrative =
        recommendations.isEmpty()
            ? null
            : "Picks from the catalog: "
                + String.join(", ", recommendations.stream().map(Recommendation::title).toList())
                + ".";
    PackContent content =
        new PackContent(
            g.sessionId(),
            title,
            narrative,
            g.language(),
            g.geo(),
            false,
            recommendations,
            List.of(),
            List.of(),
            g.location());
    return create(g.merchantId(), "generated", content);
  }

  /** A product row as a recommendation: its intel claims with their citations, else none. */
  private static Recommendation recommend(PackFacts.ProductRow row) {
    List<Claim> claims =
        row.claims().stream()
            .map(
                c ->
                    new Claim(
                        c.claim(),
                        List.of(
                            new Evidence(
                                "citation", jakarta.json.Json.createValue(c.citationId()))),
                        null,
                        null))
            .toList();
    return new Recommendation(
        row.offerId(), row.productId(), row.title(), claims, null, null, null);
  }

  public Pack read(String packId) {
    return store
        .find(packId)
        .filter(p -> p.agentId().equals(caller.agentId()))
        .filter(p -> caller.mayAccessMerchant(p.merchantId()))
        .orElseThrow(
            () -> new ApiException(404, "PACK_NOT_FOUND", "No pack " + packId + " of this agent."));
  }

  /**
   * Validates the pack as it is now. A draft or validated pack becomes validated when it passes and
   * draft when it does not; a published pack stays published either way.
   */
  public Pack validate(String packId) {
    Pack p = read(packId);
    Validation result = new PackValidator(facts).validate(p.merchantId(), p.content());
    PackStatus to =
        p.status() == PackStatus.PUBLISHED
            ? PackStatus.PUBLISHED
            : result.ok() ? PackStatus.VALIDATED : PackStatus.DRAFT;
    Instant now = clock.instant();
    if (!store.update(packId, p.status(), to, result, now, now, p.publishedAt())) {
      throw changed(packId);
    }
    return read(packId);
  }

  /** Publishes a validated pack; publishing a published pack answers it unchanged. */
  public Pack publish(String packId) {
    Pack p = read(packId);
    if (p.status() == PackStatus.PUBLISHED) {
      return p;
    }
    if (!p.status().canMoveTo(PackStatus.PUBLISHED)) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Only a validated pack can be published; validate it first.",
          Map.of("pack_status", p.status().wireName()),
          Map.of());
    }
    Instant now = clock.instant();
    if (!store.update(
        packId, p.status(), PackStatus.PUBLISHED, p.validation(), now, p.validatedAt(), now)) {
      throw changed(packId);
    }
    return read(packId);
  }

  private Pack create(String merchantId, String source, PackContent content) {
    Instant now = clock.instant();
    Pack p =
        new Pack(
            Ids.newId("ops", 8),
            caller.agentId(),
            merchantId,
            PackStatus.DRAFT,
            source,
            content,
            null,
            now,
            now,
            null,
            null);
    store.insert(p);
    return p;
  }

  private void requireMerchant(String merchantId) {
    caller.requireMerchantAccess(merchantId);
    if (!facts.merchantExists(merchantId)) {
      throw new ApiException(404, "MERCHANT_NOT_FOUND", "No merchant " + merchantId + ".");
    }
  }

  private static ApiException changed(String packId) {
    return new ApiException(
        409, "INVALID_STATE", "Pack " + packId + " changed meanwhile; read it and try again.");
  }
}
