package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;

/**
 * The buyer's own pages for the two decisions only a buyer makes: approving one payment above the
 * agent's threshold (a HIL approval) and confirming one stepped-up mandate payment. Each is opened
 * with a page token made when the decision is asked for; it travels in the page address's fragment
 * (never to a server log), is kept only as its SHA-256, and decides that one request for the buyer
 * it was asked of, once, before it expires. The agent never needs the buyer's own token for this.
 */
@ApplicationScoped
public class BuyerPages {

  public static final String APPROVAL = "approval";
  public static final String AUTHORIZATION = "authorization";

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final SecureRandom RANDOM = new SecureRandom();

  @PersistenceContext(unitName = org.agentcommerce.platform.api.Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject HilApprovals approvals;
  @Inject Mandates mandates;
  @Inject OrderBook orders;
  @Inject SellableCatalog catalog;

  /** What the page shows. {@code status}: pending, approved, rejected (declined) or expired. */
  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "DecisionView")
  public record DecisionView(
      String kind,
      String id,
      String status,
      String amount,
      String currency,
      String merchantId,
      String merchantName,
      String orderId,
      String agentId,
      String agentName,
      Instant expiresAt) {}

  /**
   * Makes the page token of a decision just asked for (shown once, in the page's address). Its own
   * transaction: the request that asks for the decision is refused (and rolls back) right after.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public String issue(String kind, String id) {
    byte[] raw = new byte[24];
    RANDOM.nextBytes(raw);
    String token = "bpt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    em.createNativeQuery("UPDATE " + table(kind) + " SET page_token_hash = ? WHERE id = ?")
        .setParameter(1, hash(token))
        .setParameter(2, id)
        .executeUpdate();
    return token;
  }

  /** The decision as its page shows it: 401 PAGE_TOKEN_INVALID unless the token is this one's. */
  @Transactional
  public DecisionView view(String kind, String id, String token) {
    return read(kind, id, token, false);
  }

  /**
   * The buyer's answer: approve or decline, once. 409 ALREADY_DECIDED (with the status), 410
   * EXPIRED.
   */
  @Transactional
  public DecisionView decide(String kind, String id, String token, boolean approve) {
    DecisionView d = read(kind, id, token, true);
    if (!"pending".equals(d.status())) {
      Map<String, Object> ctx = new LinkedHashMap<>();
      ctx.put("status", d.status());
      if ("expired".equals(d.status())) {
        throw new ApiException(
            410, "EXPIRED", "This request expired; nothing was approved.", ctx, Map.of());
      }
      throw new ApiException(
          409, "ALREADY_DECIDED", "This request was already answered.", ctx, Map.of());
    }
    if (APPROVAL.equals(kind)) {
      HilApprovals.Approval a = approvals.find(d.agentId(), id).orElseThrow();
      approvals.decide(
          d.agentId(), id, approve, a.buyerIssuer(), a.buyerSubject(), "approval_page");
    } else if (approve) {
      Mandates.Mandate m = mandates.find(d.agentId(), mandateOf(id)).orElseThrow();
      mandates.confirm(d.agentId(), id, m.buyerIssuer(), m.buyerSubject());
    } else {
      em.createNativeQuery("UPDATE mandate_tokens SET status = 'declined' WHERE id = ?")
          .setParameter(1, id)
          .executeUpdate();
    }
    return read(kind, id, token, false);
  }

  private DecisionView read(String kind, String id, String token, boolean lock) {
    String sql =
        APPROVAL.equals(kind)
            ? "SELECT agent_id, order_id, amount_minor, currency, status, expires_at,"
                + " page_token_hash, CASE WHEN expires_at <= "
                + NOW
                + " THEN 1 ELSE 0 END, NULL FROM hil_approvals WHERE id = ?"
            : "SELECT agent_id, NULL, amount_minor, currency, status, expires_at,"
                + " page_token_hash, CASE WHEN expires_at <= "
                + NOW
                + " THEN 1 ELSE 0 END, merchant_id FROM mandate_tokens WHERE id = ?";
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(sql + (lock ? " FOR UPDATE" : "")).setParameter(1, id).getResultList();
    Object[] r = rows.isEmpty() ? null : rows.get(0);
    if (r == null
        || r[6] == null
        || token == null
        || !MessageDigest.isEqual(
            ((String) r[6]).trim().getBytes(StandardCharsets.US_ASCII),
            hash(token).getBytes(StandardCharsets.US_ASCII))) {
      throw new ApiException(
          401, "PAGE_TOKEN_INVALID", "This page's link is not valid (or not for this request).");
    }
    String agentId = (String) r[0];
    String orderId = (String) r[1];
    Money amount = Money.ofMinor(((Number) r[2]).longValue(), ((String) r[3]).trim());
    String status = status((String) r[4]);
    if ("pending".equals(status) && ((Number) r[7]).intValue() == 1) {
      status = "expired";
    }
    String merchantId =
        orderId != null
            ? orders.order(agentId, orderId).map(OrderBook.OrderSnapshot::merchantId).orElse(null)
            : (String) r[8];
    String merchantName =
        merchantId == null
            ? null
            : catalog.seller(merchantId).map(SellableCatalog.Seller::name).orElse(merchantId);
    @SuppressWarnings("unchecked")
    List<Object> names =
        em.createNativeQuery("SELECT name FROM agents WHERE id = ?")
            .setParameter(1, agentId)
            .getResultList();
    return new DecisionView(
        kind,
        id,
        status,
        amount.amount().toPlainString(),
        amount.currencyCode(),
        merchantId,
        merchantName,
        orderId,
        agentId,
        names.isEmpty() ? null : (String) names.get(0),
        org.agentcommerce.payment.application.Rows.instant(r[5]));
  }

  /** One vocabulary for both kinds: pending, approved, rejected, used. */
  private static String status(String raw) {
    return switch (raw) {
      case "pending_confirmation" -> "pending";
      case "active" -> "approved";
      case "declined" -> "rejected";
      case "redeemed" -> "used";
      default -> raw;
    };
  }

  private String mandateOf(String authorizationId) {
    return (String)
        em.createNativeQuery("SELECT mandate_id FROM mandate_tokens WHERE id = ?")
            .setParameter(1, authorizationId)
            .getSingleResult();
  }

  private static String table(String kind) {
    return switch (kind) {
      case APPROVAL -> "hil_approvals";
      case AUTHORIZATION -> "mandate_tokens";
      default -> throw new IllegalArgumentException(kind);
    };
  }

  private static String hash(String token) {
    return Mandates.hash(token);
  }
}
