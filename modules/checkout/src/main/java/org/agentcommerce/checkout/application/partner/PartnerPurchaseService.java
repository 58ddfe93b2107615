package org.agentcommerce.checkout.application.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.catalog.api.SellableCatalog.Offer;
import org.agentcommerce.catalog.api.SellableCatalog.Sellable;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.catalog.api.SellableCatalog.Variant;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases;
import org.agentcommerce.checkout.domain.partner.PurchaseStatus;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;

/**
 * Partner purchases for their owner (an agent and a verified buyer): the read-only selection
 * witness, opening a purchase at the price of our own catalog (no partner call: the poller makes
 * those), reads, resume and recover, with the semantics docs/partner-purchases.md gives. Another
 * owner's purchase is answered exactly as a purchase that does not exist (404).
 */
@ApplicationScoped
public class PartnerPurchaseService {

  @Inject SellableCatalog catalog;
  @Inject PartnerPurchases purchases;
  @Inject PartnerSettings settings;
  @Inject PartnerPoller poller;

  /** Who a purchase belongs to: the agent and the buyer (the token's issuer and subject). */
  public record Owner(String agentId, String buyerKey) {
    public static Owner of(String agentId, String issuer, String subject) {
      return new Owner(agentId, PurchaseRequest.sha256(issuer + "\n" + subject));
    }
  }

  /** The one live SKU a selector resolved to, at our catalog's price. */
  public record Selection(
      String merchantId,
      String productId,
      String variantId,
      String sku,
      String title,
      String variantTitle,
      long unitPriceMinor,
      String currency,
      int available,
      String market,
      String merchantDomain) {}

  /**
   * A selector: a 1-based position among the product's variants, a SKU key, or a variant's id (the
   * merchant platform's, as the product lists it).
   */
  public sealed interface Selector {
    record Position(int position) implements Selector {}

    record SkuKey(String sku) implements Selector {}

    record VariantId(String variantId) implements Selector {}
  }

  /** The answer to a create: the purchase's view, and whether this request opened it. */
  public record Opened(PurchaseView view, boolean replayed) {}

  /** The answer to a resume: the view, and whether this submission renewed the contact. */
  public record Resumed(PurchaseView view, boolean renewed) {}

  /**
   * Resolves a selector to exactly one live SKU of the product, or refuses. Reads the catalog only:
   * writes nothing and calls no partner.
   */
  public Selection prepare(String merchantId, String productId, Selector selector) {
    Resolved r = resolve(merchantId, productId, selector);
    return r.selection();
  }

  /**
   * As {@link #prepare(String, String, Selector)}, and also refuses a selection outside {@code
   * market} (when given: the SKU must be on sale there; 409 SELECTION_REFUSED {@code other_market})
   * or whose stock does not cover {@code quantity} (when given; 409 OUT_OF_STOCK).
   */
  public Selection prepare(
      String merchantId, String productId, Selector selector, String market, Integer quantity) {
    Selection s = prepare(merchantId, productId, selector);
    if (market != null && !market.equalsIgnoreCase(s.market())) {
      throw refused(
          "other_market", "The product is sold in " + s.market() + " here, not in " + market + ".");
    }
    if (quantity != null) {
      requireStock(s, quantity);
    }
    return s;
  }

  /**
   * The id of the one merchant whose store is on {@code domain} (lower case, one leading www.
   * ignored) that {@code visible} lets the caller see; 404 MERCHANT_NOT_FOUND when none is (or
   * several are, or the caller's key is scoped to other merchants: a scoped key does not learn
   * which merchant is on a host).
   */
  public String merchantIdForDomain(String domain, java.util.function.Predicate<String> visible) {
    return catalog
        .sellerByDomain(domain)
        .map(Seller::merchantId)
        .filter(visible)
        .orElseThrow(
            () ->
                new ApiException(
                    404,
                    "MERCHANT_NOT_FOUND",
                    "No merchant's store is on " + domain + ".",
                    Map.of("merchant_domain", domain),
                    Map.of()));
  }

  private static void requireStock(Selection s, int quantity) {
    if (s.available() < quantity) {
      throw new ApiException(
          409,
          "OUT_OF_STOCK",
          "Only " + s.available() + " of " + s.sku() + " are in stock.",
          Map.of("sku", s.sku(), "requested", quantity, "available", s.available()),
          Map.of());
    }
  }

  private record Resolved(Selection selection, Offer offer) {}

  private Resolved resolve(String merchantId, String productId, Selector selector) {
    Optional<Seller> seller = catalog.seller(merchantId);
    if (seller.isEmpty()) {
      throw new ApiException(
          404,
          "MERCHANT_NOT_FOUND",
          "Merchant " + merchantId + " was not found.",
          Map.of("merchant_id", merchantId),
          Map.of());
    }
    if (!seller.get().isActive()) {
      throw new ApiException(
          403,
          "MERCHANT_INACTIVE",
          "Merchant " + merchantId + " is not taking orders.",
          Map.of("merchant_id", merchantId),
          Map.of());
    }
    Sellable p =
        catalog
            .sellable(merchantId, productId)
            .filter(Sellable::isActive)
            .filter(s -> productId.equals(s.productId()) || productId.equals(s.platformProductId()))
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "PRODUCT_NOT_FOUND",
                        "Product " + productId + " of merchant " + merchantId + " was not found.",
                        Map.of("merchant_id", merchantId, "product_id", productId),
                        Map.of()));
    String market = p.homeMarket();
    Variant chosen;
    if (selector instanceof Selector.Position pos) {
      if (pos.position() < 1 || pos.position() > p.variants().size()) {
        throw refused(
            "no_such_position",
            "The product has "
                + p.variants().size()
                + " variants; position "
                + pos.position()
                + " names none of them.");
      }
      chosen = p.variants().get(pos.position() - 1);
    } else if (selector instanceof Selector.VariantId id) {
      chosen =
          p.variants().stream()
              .filter(v -> id.variantId().equals(v.variantId()))
              .findFirst()
              .orElseThrow(
                  () ->
                      refused(
                          "unknown_variant",
                          "No variant of the product has the id " + id.variantId() + "."));
    } else {
      String sku = ((Selector.SkuKey) selector).sku();
      List<Variant> matching = p.variants().stream().filter(v -> sku.equals(v.sku())).toList();
      if (matching.isEmpty()) {
        throw refused("unknown_sku", "No variant of the product has the SKU " + sku + ".");
      }
      chosen = matching.get(0);
    }
    String sku = chosen.sku();
    if (sku == null || sku.isBlank()) {
      throw refused("no_sku", "The selected variant has no SKU key, so it cannot be bought.");
    }
    long sameSku = p.variants().stream().filter(v -> sku.equals(v.sku())).count();
    if (sameSku != 1) {
      throw refused(
          "ambiguous_sku",
          "The SKU " + sku + " names " + sameSku + " variants of the product, not exactly one.");
    }
    Offer offer =
        chosen
            .offerIn(market)
            .orElseThrow(
                () -> refused("not_live", "The SKU " + sku + " is not on sale in " + market + "."));
    return new Resolved(
        new Selection(
            merchantId,
            p.productId(),
            chosen.variantId(),
            sku,
            p.title(),
            chosen.title(),
            offer.priceMinor(),
            offer.currency(),
            Math.max(0, offer.inventoryQuantity()),
            market,
            storeHost(seller.get().storeUrl())),
        offer);
  }

  /** The host of a store address, or null. */
  private static String storeHost(String url) {
    if (url == null) {
      return null;
    }
    try {
      return java.net.URI.create(url.trim()).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static ApiException refused(String reason, String message) {
    return new ApiException(409, "SELECTION_REFUSED", message, Map.of("reason", reason), Map.of());
  }

  /**
   * Opens a purchase, or answers the one this owner opened with the same idempotency key (the same
   * body: its view; another body: 409 idempotency_conflict). The price is our catalog's: an
   * expected price or currency that differs is 409 price_changed. No partner call.
   */
  public Opened create(Owner owner, PurchaseRequest request) {
    if (!settings.createEnabled()) {
      throw new ApiException(
          503,
          "PARTNER_CREATE_DISABLED",
          "Opening partner purchases is switched off on this deployment"
              + " (ac.partner.create-enabled). Existing purchases go on, and recover finds a"
              + " purchase by its original create body.");
    }
    String fingerprint = request.fingerprint();
    Optional<Opened> replay = replay(owner, request, fingerprint);
    if (replay.isPresent()) {
      return replay.get();
    }
    Resolved r =
        resolve(request.merchantId(), request.productId(), new Selector.SkuKey(request.sku()));
    Selection s = r.selection();
    requireStock(s, request.quantity());
    if (s.unitPriceMinor() != request.expectedUnitPriceMinor()
        || !s.currency().equals(request.expectedCurrency())) {
      Map<String, Object> context = new LinkedHashMap<>();
      context.put("sku", s.sku());
      context.put("expected_unit_price_minor", request.expectedUnitPriceMinor());
      context.put("expected_currency", request.expectedCurrency());
      context.put("current_unit_price_minor", s.unitPriceMinor());
      context.put("current_currency", s.currency());
      throw new ApiException(
          409,
          "price_changed",
          "The price of "
              + s.sku()
              + " is "
              + s.unitPriceMinor()
              + " "
              + s.currency()
              + " (minor units), not what the request expects. Nothing was opened.",
          context,
          Map.of());
    }
    long total = Math.multiplyExact(s.unitPriceMinor(), (long) request.quantity());
    boolean opened =
        purchases.open(
            new PartnerPurchases.Opening(
                Ids.newId("rp", 12),
                owner.agentId(),
                owner.buyerKey(),
                request.idempotencyKey(),
                fingerprint,
                PurchaseRequest.FINGERPRINT_VERSION,
                request.canonicalJson(),
                s.merchantId(),
                s.productId(),
                s.variantId(),
                s.sku(),
                request.quantity(),
                s.unitPriceMinor(),
                s.currency(),
                total,
                Ids.newId("ppa", 16),
                settings.giveUpAfter().toMillis(),
                settings.contactWindow().toMillis()));
    if (!opened) {
      // a concurrent request with the same key stored its purchase first
      return replay(owner, request, fingerprint)
          .orElseThrow(() -> new IllegalStateException("purchase vanished after a key conflict"));
    }
    PartnerPurchase p =
        purchases.byKey(owner.agentId(), owner.buyerKey(), request.idempotencyKey()).orElseThrow();
    poller.wake();
    return new Opened(PurchaseView.of(p, Instant.now()), false);
  }

  private Optional<Opened> replay(Owner owner, PurchaseRequest request, String fingerprint) {
    return purchases
        .byKey(owner.agentId(), owner.buyerKey(), request.idempotencyKey())
        .map(
            p -> {
              if (!p.fingerprint().equals(fingerprint)) {
                throw conflict();
              }
              return new Opened(PurchaseView.of(p, Instant.now()), true);
            });
  }

  private static ApiException conflict() {
    return new ApiException(
        409,
        "idempotency_conflict",
        "This idempotency key already opened a purchase with another request; send the original"
            + " request, or use a new key for a new purchase.");
  }

  public record Page(List<PurchaseView> purchases, long total) {}

  public Page list(Owner owner, int offset, int limit) {
    Instant now = Instant.now();
    return new Page(
        purchases.list(owner.agentId(), owner.buyerKey(), offset, limit).stream()
            .map(p -> PurchaseView.of(p, now))
            .toList(),
        purchases.count(owner.agentId(), owner.buyerKey()));
  }

  public PurchaseView get(Owner owner, String purchaseId) {
    return PurchaseView.of(owned(owner, purchaseId), Instant.now());
  }

  private PartnerPurchase owned(Owner owner, String purchaseId) {
    return purchases
        .owned(purchaseId, owner.agentId(), owner.buyerKey())
        .orElseThrow(
            () ->
                new ApiException(
                    404,
                    "PURCHASE_NOT_FOUND",
                    "Partner purchase " + purchaseId + " was not found.",
                    Map.of("purchase_id", purchaseId),
                    Map.of()));
  }

  /**
   * Explicit contact re-entry: the owner sends the original canonical request (contact included)
   * again. A purchase waiting for contact goes back to its step with a fresh contact clock; a
   * repeat of an accepted submission (or a submission while nothing waits) answers the same view
   * and renews nothing. Never a replacement write: another request is 409 request_mismatch.
   */
  public Resumed resume(Owner owner, String purchaseId, PurchaseRequest request) {
    PartnerPurchase p = owned(owner, purchaseId);
    if (p.status().isTerminal()) {
      throw new ApiException(
          409,
          "PURCHASE_TERMINAL",
          "Partner purchase " + purchaseId + " is " + p.status().wireName() + "; it cannot resume.",
          Map.of("purchase_id", purchaseId, "purchase_status", p.status().wireName()),
          Map.of());
    }
    if (p.fingerprintVersion() != PurchaseRequest.FINGERPRINT_VERSION
        || p.dispatch().isUncertain()
        || (p.status() == PurchaseStatus.AWAITING_CONTACT && p.resumeStatus() == null)) {
      throw new ApiException(
          409,
          "PURCHASE_NOT_RESUMABLE",
          "Partner purchase "
              + purchaseId
              + " cannot be rehydrated: its record predates this request format or its order"
              + " may already be with the partner. Read it or recover it instead.",
          Map.of("purchase_id", purchaseId),
          Map.of());
    }
    if (!p.idempotencyKey().equals(request.idempotencyKey())
        || !p.fingerprint().equals(request.fingerprint())) {
      throw new ApiException(
          409,
          "request_mismatch",
          "Resume needs the original create request, contact included, exactly as it was sent;"
              + " it never replaces a purchase's request.",
          Map.of("purchase_id", purchaseId),
          Map.of());
    }
    if (p.status() == PurchaseStatus.AWAITING_CONTACT
        && purchases.resume(p.id(), p.contactGeneration(), settings.contactWindow().toMillis())) {
      poller.wake();
      return new Resumed(
          PurchaseView.of(purchases.find(p.id()).orElseThrow(), Instant.now()), true);
    }
    return new Resumed(PurchaseView.of(purchases.find(p.id()).orElseThrow(), Instant.now()), false);
  }

  /**
   * Read-only exact-attempt lookup by the original create body: no catalog or merchant lookup, no
   * write, no partner call. A missing mapping is 404 and never an invitation to open another
   * attempt; another body under the key is 409 idempotency_conflict.
   */
  public PurchaseView recover(Owner owner, PurchaseRequest request) {
    PartnerPurchase p =
        purchases
            .byKey(owner.agentId(), owner.buyerKey(), request.idempotencyKey())
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "PURCHASE_NOT_FOUND",
                        "No purchase of this agent and buyer was opened with this idempotency"
                            + " key. Recovery never authorises another attempt: when create is"
                            + " enabled, send the same create request with the same key.",
                        Map.of("create_permitted", false),
                        Map.of()));
    if (p.fingerprintVersion() != PurchaseRequest.FINGERPRINT_VERSION) {
      throw new ApiException(
          409,
          "MAPPING_UNCERTAIN",
          "The purchase under this key was recorded in an older format, so this request cannot"
              + " be proven to be its request. No other attempt may be opened under this key.",
          Map.of("create_permitted", false),
          Map.of());
    }
    if (!p.fingerprint().equals(request.fingerprint())) {
      throw conflict();
    }
    return PurchaseView.of(p, Instant.now());
  }
}
