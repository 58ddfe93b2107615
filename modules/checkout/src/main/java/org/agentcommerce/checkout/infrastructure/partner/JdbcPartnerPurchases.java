package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases;
import org.agentcommerce.checkout.domain.partner.PurchaseStatus;

/**
 * Partner purchases in SQL, each statement on its own autocommitted connection: a purchase is one
 * row, so every change is one atomic statement, and the poller holds no transaction while it calls
 * the partner. Opening relies on the unique (agent, buyer, idempotency key) constraint, so two
 * concurrent opens with one key store one purchase.
 */
@ApplicationScoped
public class JdbcPartnerPurchases implements PartnerPurchases {

  private static final String NOW = Sql.NOW;
  private static final String ACTIVE = "('resolving','quoted','checkout_created','placed')";
  private static final String COLUMNS =
      "id, agent_id, buyer_key, idempotency_key, fingerprint, fingerprint_version, request_json,"
          + " merchant_id, product_id, variant_id, sku, quantity, unit_price_minor, currency,"
          + " total_minor, status, resume_status, dispatch, place_attempt_id, partner_quote_id,"
          + " partner_checkout_id, partner_order_id, attempts, runs, next_attempt_at, give_up_at,"
          + " contact_expires_at, contact_generation, resumed_generation, failure_reason,"
          + " last_error, created_at, updated_at";

  private final Sql sql = new Sql();

  @Override
  public boolean open(Opening o) {
    try {
      update(
          "INSERT INTO partner_purchases (id, agent_id, buyer_key, idempotency_key, fingerprint,"
              + " fingerprint_version, request_json, merchant_id, product_id, variant_id, sku,"
              + " quantity, unit_price_minor, currency, total_minor, status, dispatch,"
              + " place_attempt_id, attempts, runs, next_attempt_at, give_up_at,"
              + " contact_expires_at, contact_generation, resumed_generation, created_at,"
              + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'resolving',"
              + " 'none', ?, 0, 0, "
              + NOW
              + ", TIMESTAMPADD(MICROSECOND, ?, "
              + NOW
              + "), TIMESTAMPADD(MICROSECOND, ?, "
              + NOW
              + "), 0, 0, "
              + NOW
              + ", "
              + NOW
              + ")",
          o.id(),
          o.agentId(),
          o.buyerKey(),
          o.idempotencyKey(),
          o.fingerprint(),
          o.fingerprintVersion(),
          o.requestJson(),
          o.merchantId(),
          o.productId(),
          o.variantId(),
          o.sku(),
          o.quantity(),
          o.unitPriceMinor(),
          o.currency(),
          o.totalMinor(),
          o.placeAttemptId(),
          o.giveUpAfterMillis() * 1000,
          o.contactWindowMillis() * 1000);
      return true;
    } catch (Sql.DuplicateKey e) {
      return false;
    }
  }

  @Override
  public Optional<PartnerPurchase> find(String id) {
    return one("SELECT " + COLUMNS + " FROM partner_purchases WHERE id = ?", id);
  }

  @Override
  public Optional<PartnerPurchase> owned(String id, String agentId, String buyerKey) {
    return one(
        "SELECT "
            + COLUMNS
            + " FROM partner_purchases WHERE id = ? AND agent_id = ? AND buyer_key = ?",
        id,
        agentId,
        buyerKey);
  }

  @Override
  public Optional<PartnerPurchase> byKey(String agentId, String buyerKey, String idempotencyKey) {
    return one(
        "SELECT "
            + COLUMNS
            + " FROM partner_purchases WHERE agent_id = ? AND buyer_key = ? AND idempotency_key = ?",
        agentId,
        buyerKey,
        idempotencyKey);
  }

  @Override
  public List<PartnerPurchase> list(String agentId, String buyerKey, int offset, int limit) {
    return rows(
        "SELECT "
            + COLUMNS
            + " FROM partner_purchases WHERE agent_id = ? AND buyer_key = ?"
            + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
        agentId,
        buyerKey,
        limit,
        offset);
  }

  @Override
  public long count(String agentId, String buyerKey) {
    return sql.count(
        "SELECT COUNT(*) FROM partner_purchases WHERE agent_id = ? AND buyer_key = ?",
        agentId,
        buyerKey);
  }

  @Override
  public List<String> due(int limit) {
    return sql.rows(
        "SELECT id FROM partner_purchases WHERE status IN "
            + ACTIVE
            + " AND next_attempt_at <= "
            + NOW
            + " AND (lease_until IS NULL OR lease_until < "
            + NOW
            + ") ORDER BY next_attempt_at LIMIT ?",
        rs -> rs.getString(1),
        limit);
  }

  /** A purchase another session holds locked (a node frozen mid-change) is not waited for. */
  @Override
  public Optional<PartnerPurchase> claim(String id, String holder, long leaseMillis) {
    int changed =
        sql.updateIfFree(
            "SELECT id FROM partner_purchases WHERE id = ? AND status IN "
                + ACTIVE
                + " AND next_attempt_at <= "
                + NOW
                + " AND (lease_until IS NULL OR lease_until < "
                + NOW
                + ") FOR UPDATE SKIP LOCKED",
            new Object[] {id},
            "UPDATE partner_purchases SET lease_holder = ?, lease_until = TIMESTAMPADD(MICROSECOND,"
                + " ?, "
                + NOW
                + "), runs = runs + 1 WHERE id = ? AND status IN "
                + ACTIVE
                + " AND next_attempt_at <= "
                + NOW
                + " AND (lease_until IS NULL OR lease_until < "
                + NOW
                + ")",
            holder,
            leaseMillis * 1000,
            id);
    if (changed == 0) {
      return Optional.empty();
    }
    return one(
        "SELECT " + COLUMNS + " FROM partner_purchases WHERE id = ? AND lease_holder = ?",
        id,
        holder);
  }

  @Override
  public boolean renew(String id, String holder, long leaseMillis) {
    return update(
            "UPDATE partner_purchases SET lease_until = TIMESTAMPADD(MICROSECOND, ?, "
                + NOW
                + ") WHERE id = ? AND lease_holder = ? AND lease_until > "
                + NOW,
            leaseMillis * 1000,
            id,
            holder)
        == 1;
  }

  @Override
  public boolean markDispatching(String id, String holder) {
    return update(
            "UPDATE partner_purchases SET dispatch = 'sent', updated_at = "
                + NOW
                + " WHERE id = ? AND lease_holder = ? AND lease_until > "
                + NOW
                + " AND status = 'checkout_created' AND dispatch IN ('none', 'unknown', 'sent')",
            id,
            holder)
        == 1;
  }

  @Override
  public boolean move(String id, String holder, Move m) {
    StringBuilder sql = new StringBuilder("UPDATE partner_purchases SET ");
    List<Object> args = new ArrayList<>();
    if (m.status() == PurchaseStatus.AWAITING_CONTACT) {
      sql.append("resume_status = status, contact_generation = contact_generation + 1, ");
    }
    set(sql, args, "status", m.status() == null ? null : m.status().wireName());
    set(sql, args, "dispatch", m.dispatch() == null ? null : m.dispatch().wireName());
    set(sql, args, "partner_quote_id", m.partnerQuoteId());
    set(sql, args, "partner_checkout_id", m.partnerCheckoutId());
    set(sql, args, "partner_order_id", m.partnerOrderId());
    set(sql, args, "failure_reason", m.failureReason());
    if (m.lastError() != null || m.resetAttempts()) {
      sql.append("last_error = ?, ");
      args.add(truncate(m.lastError()));
    }
    if (m.resetAttempts()) {
      sql.append("attempts = 0, ");
    } else if (m.countFailure()) {
      sql.append("attempts = attempts + 1, ");
    }
    sql.append("next_attempt_at = TIMESTAMPADD(MICROSECOND, ?, ")
        .append(NOW)
        .append("), lease_holder = NULL, lease_until = NULL, updated_at = ")
        .append(NOW)
        .append(" WHERE id = ? AND lease_holder = ?");
    args.add(m.delayMillis() * 1000);
    args.add(id);
    args.add(holder);
    return update(sql.toString(), args.toArray()) == 1;
  }

  private static void set(StringBuilder sql, List<Object> args, String column, Object value) {
    if (value != null) {
      sql.append(column).append(" = ?, ");
      args.add(value);
    }
  }

  @Override
  public boolean resume(String id, int generation, long contactWindowMillis) {
    return update(
            "UPDATE partner_purchases SET status = resume_status, resume_status = NULL,"
                + " resumed_generation = contact_generation, contact_expires_at ="
                + " TIMESTAMPADD(MICROSECOND, ?, "
                + NOW
                + "), attempts = 0, next_attempt_at = "
                + NOW
                + ", updated_at = "
                + NOW
                + " WHERE id = ? AND status = 'awaiting_contact' AND contact_generation = ?",
            contactWindowMillis * 1000,
            id,
            generation)
        == 1;
  }

  private static String truncate(String s) {
    return s == null || s.length() <= 500 ? s : s.substring(0, 500);
  }

  private Optional<PartnerPurchase> one(String query, Object... args) {
    return sql.one(query, JdbcPartnerPurchases::purchase, args);
  }

  private List<PartnerPurchase> rows(String query, Object... args) {
    return sql.rows(query, JdbcPartnerPurchases::purchase, args);
  }

  private static PartnerPurchase purchase(ResultSet rs) throws SQLException {
    String resume = rs.getString("resume_status");
    return new PartnerPurchase(
        rs.getString("id"),
        rs.getString("agent_id"),
        rs.getString("buyer_key"),
        rs.getString("idempotency_key"),
        rs.getString("fingerprint"),
        rs.getInt("fingerprint_version"),
        rs.getString("request_json"),
        rs.getString("merchant_id"),
        rs.getString("product_id"),
        rs.getString("variant_id"),
        rs.getString("sku"),
        rs.getInt("quantity"),
        rs.getLong("unit_price_minor"),
        rs.getString("currency"),
        rs.getLong("total_minor"),
        PurchaseStatus.of(rs.getString("status")),
        resume == null ? null : PurchaseStatus.of(resume),
        PartnerPurchase.Dispatch.of(rs.getString("dispatch")),
        rs.getString("place_attempt_id"),
        rs.getString("partner_quote_id"),
        rs.getString("partner_checkout_id"),
        rs.getString("partner_order_id"),
        rs.getInt("attempts"),
        rs.getInt("runs"),
        instant(rs.getTimestamp("next_attempt_at")),
        instant(rs.getTimestamp("give_up_at")),
        instant(rs.getTimestamp("contact_expires_at")),
        rs.getInt("contact_generation"),
        rs.getInt("resumed_generation"),
        rs.getString("failure_reason"),
        rs.getString("last_error"),
        instant(rs.getTimestamp("created_at")),
        instant(rs.getTimestamp("updated_at")));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }

  private int update(String statement, Object... args) {
    return sql.update(statement, args);
  }
}
