package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.platform.api.Ids;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The built-in sandbox purchasing partner's own books and behaviour, behind its HTTP API ({@code
 * /sandbox/partner/v1}). It prices SKUs of the merchants in our catalog, keeps quotes, checkouts
 * and orders in tables of its own, places an order once per idempotency key, and completes an order
 * {@code ac.partner.sandbox.complete-after} after placing it. Faults, as a real partner has them:
 * {@code ac.partner.sandbox.latency} and {@code ac.partner.sandbox.failure-rate} for every call,
 * and per operation the rows of {@code sandbox_partner_faults} (latency, outage, the next N calls
 * failing, the next N place calls losing their answer or answering without an order id).
 */
@ApplicationScoped
public class SandboxPartnerBooks {

  private static final String NOW = Sql.NOW;

  @Inject SellableCatalog catalog;

  @Inject
  @ConfigProperty(name = "ac.partner.sandbox.latency", defaultValue = "PT0S")
  Duration latency;

  @Inject
  @ConfigProperty(name = "ac.partner.sandbox.failure-rate", defaultValue = "0")
  double failureRate;

  @Inject
  @ConfigProperty(name = "ac.partner.sandbox.complete-after", defaultValue = "PT1S")
  Duration completeAfter;

  @Inject
  @ConfigProperty(name = "ac.partner.sandbox.quote-ttl", defaultValue = "PT15M")
  Duration quoteTtl;

  private final Sql sql = new Sql();

  /** The sandbox refuses a call before acting (as a partner in an outage would). */
  public static final class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unavailable(String message) {
      super(message);
    }
  }

  /** A refusal with the partner's error code and HTTP status. */
  public static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String code;

    public Refusal(int status, String code, String message) {
      super(message);
      this.status = status;
      this.code = code;
    }

    public int status() {
      return status;
    }

    public String code() {
      return code;
    }
  }

  /** The order was placed but the sandbox loses the answer (the caller sees a 502). */
  public static final class LostAnswer extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LostAnswer() {
      super("The sandbox partner lost its answer (sandbox_partner_faults.lose_answer_next)");
    }
  }

  /** The order was placed but the sandbox answers 200 without its order id. */
  public static final class MalformedAnswer extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MalformedAnswer() {
      super("The sandbox partner answers malformed (sandbox_partner_faults.malformed_next)");
    }
  }

  public record QuoteRow(
      String quoteId, long unitPriceMinor, String currency, int quantity, Instant expiresAt) {}

  public record OrderRow(String orderId, String status, long totalMinor, String currency) {}

  /** Logs the request and applies the configured and injected faults of the operation. */
  public void arrive(String operation, String reference) {
    sql.update(
        "INSERT INTO sandbox_partner_requests (operation, reference, answered, created_at)"
            + " VALUES (?, ?, 0, "
            + NOW
            + ")",
        operation,
        reference);
    long sleep = latency.toMillis();
    boolean outage = false;
    for (Object[] f :
        sql.rows(
            "SELECT latency_ms, outage FROM sandbox_partner_faults WHERE operation IN (?, '*')",
            rs -> new Object[] {rs.getInt(1), rs.getInt(2)},
            operation)) {
      sleep = Math.max(sleep, ((Integer) f[0]).longValue());
      outage |= ((Integer) f[1]) != 0;
    }
    if (sleep > 0) {
      try {
        Thread.sleep(sleep);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (outage) {
      throw new Unavailable("The sandbox partner is in an outage (sandbox_partner_faults)");
    }
    if (sql.update(
            "UPDATE sandbox_partner_faults SET fail_next = fail_next - 1 WHERE operation IN (?,"
                + " '*') AND fail_next > 0",
            operation)
        > 0) {
      throw new Unavailable("The sandbox partner failed this call (fail_next)");
    }
    if (failureRate > 0 && ThreadLocalRandom.current().nextDouble() < failureRate) {
      throw new Unavailable(
          "The sandbox partner failed this call (ac.partner.sandbox.failure-rate)");
    }
  }

  public QuoteRow quote(String merchantId, String sku, int quantity, String currency) {
    SellableCatalog.Sellable p =
        catalog
            .sellable(merchantId, sku)
            .filter(SellableCatalog.Sellable::isActive)
            .orElseThrow(() -> new Refusal(404, "sku_not_found", "No such SKU at this merchant"));
    SellableCatalog.Variant v =
        p.variants().stream()
            .filter(x -> sku.equals(x.sku()))
            .findFirst()
            .orElseThrow(() -> new Refusal(404, "sku_not_found", "No such SKU at this merchant"));
    SellableCatalog.Offer offer =
        v.offerIn(p.homeMarket())
            .orElseThrow(() -> new Refusal(409, "not_available", "The SKU is not on sale"));
    if (!offer.currency().equals(currency)) {
      throw new Refusal(409, "currency_not_supported", "The SKU is sold in " + offer.currency());
    }
    if (offer.inventoryQuantity() < quantity) {
      throw new Refusal(409, "out_of_stock", "Not enough stock");
    }
    String id = Ids.newId("spq", 10);
    sql.update(
        "INSERT INTO sandbox_partner_quotes (id, merchant_id, sku, quantity, unit_price_minor,"
            + " currency, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?,"
            + " TIMESTAMPADD(MICROSECOND, ?, "
            + NOW
            + "), "
            + NOW
            + ")",
        id,
        merchantId,
        sku,
        quantity,
        offer.priceMinor(),
        offer.currency(),
        quoteTtl.toMillis() * 1000);
    return findQuote(id).orElseThrow();
  }

  private Optional<QuoteRow> findQuote(String id) {
    return sql.one(
        "SELECT id, unit_price_minor, currency, quantity, expires_at FROM sandbox_partner_quotes"
            + " WHERE id = ?",
        rs ->
            new QuoteRow(
                rs.getString(1),
                rs.getLong(2),
                rs.getString(3),
                rs.getInt(4),
                rs.getTimestamp(5).toInstant()),
        id);
  }

  /** Opens a checkout for a live quote, or answers the one already opened under the key. */
  public String checkout(String quoteId, String email, String key) {
    Optional<String> existing = checkoutByKey(key);
    if (existing.isPresent()) {
      return existing.get();
    }
    if (findQuote(quoteId).isEmpty()) {
      throw new Refusal(404, "quote_not_found", "No such quote");
    }
    if (sql.count(
            "SELECT COUNT(*) FROM sandbox_partner_quotes WHERE id = ? AND expires_at > " + NOW,
            quoteId)
        == 0) {
      throw new Refusal(409, "quote_expired", "The quote expired");
    }
    try {
      sql.update(
          "INSERT INTO sandbox_partner_checkouts (id, idempotency_key, quote_id, contact_email,"
              + " created_at) VALUES (?, ?, ?, ?, "
              + NOW
              + ")",
          Ids.newId("spc", 10),
          key,
          quoteId,
          email);
    } catch (Sql.DuplicateKey raced) {
      // a concurrent call with the same key opened it
    }
    return checkoutByKey(key).orElseThrow();
  }

  private Optional<String> checkoutByKey(String key) {
    return sql.one(
        "SELECT id FROM sandbox_partner_checkouts WHERE idempotency_key = ?",
        rs -> rs.getString(1),
        key);
  }

  /** Places the checkout's order once per idempotency key; a repeat answers the same order. */
  public OrderRow place(String checkoutId, String key, boolean loseAnswer) {
    Optional<OrderRow> existing = orderByKey(key);
    if (existing.isPresent()) {
      return existing.get();
    }
    Optional<Object[]> checkout =
        sql.one(
            "SELECT q.unit_price_minor * q.quantity, q.currency FROM sandbox_partner_checkouts c"
                + " JOIN sandbox_partner_quotes q ON q.id = c.quote_id WHERE c.id = ?",
            rs -> new Object[] {rs.getLong(1), rs.getString(2)},
            checkoutId);
    if (checkout.isEmpty()) {
      throw new Refusal(404, "checkout_not_found", "No such checkout");
    }
    try {
      sql.update(
          "INSERT INTO sandbox_partner_orders (id, idempotency_key, checkout_id, total_minor,"
              + " currency, created_at) VALUES (?, ?, ?, ?, ?, "
              + NOW
              + ")",
          Ids.newId("spo", 10),
          key,
          checkoutId,
          checkout.get()[0],
          checkout.get()[1]);
    } catch (Sql.DuplicateKey raced) {
      // a concurrent call with the same key placed it
    }
    if (loseAnswer
        && sql.update(
                "UPDATE sandbox_partner_faults SET lose_answer_next = lose_answer_next - 1 WHERE"
                    + " operation IN ('place', '*') AND lose_answer_next > 0")
            > 0) {
      throw new LostAnswer();
    }
    if (loseAnswer
        && sql.update(
                "UPDATE sandbox_partner_faults SET malformed_next = malformed_next - 1 WHERE"
                    + " operation IN ('place', '*') AND malformed_next > 0")
            > 0) {
      throw new MalformedAnswer();
    }
    return orderByKey(key).orElseThrow();
  }

  public Optional<OrderRow> orderByKey(String key) {
    return orders("idempotency_key = ?", key).stream().findFirst();
  }

  public Optional<OrderRow> order(String id) {
    return orders("id = ?", id).stream().findFirst();
  }

  private List<OrderRow> orders(String where, String value) {
    return sql.rows(
        "SELECT id, created_at, total_minor, currency FROM sandbox_partner_orders WHERE " + where,
        rs -> {
          Timestamp created = rs.getTimestamp(2);
          boolean done = created.toInstant().plus(completeAfter).isBefore(Instant.now());
          return new OrderRow(
              rs.getString(1), done ? "completed" : "placed", rs.getLong(3), rs.getString(4));
        },
        value);
  }
}
