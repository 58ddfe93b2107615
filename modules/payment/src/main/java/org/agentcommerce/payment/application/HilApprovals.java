package org.agentcommerce.payment.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.config.Config;

/**
 * Human-in-the-loop approvals. A payment above the agent's threshold for its currency ({@code
 * ac.payments.hil.thresholds}, major units per currency, default USD=250, EUR=250, GBP=250,
 * JPY=40000 and 250 for any other currency) needs an approval the buyer gave: bound to the agent,
 * the order, the amount and the currency, approved, unexpired and unused. An approval is used by
 * exactly one payment (a unique constraint on used_by_payment, and the row is locked while it is
 * checked).
 */
@ApplicationScoped
public class HilApprovals {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject Config config;
  @Inject PaymentFigures figures;

  private final Map<String, BigDecimal> thresholds = new HashMap<>();
  private BigDecimal defaultThreshold = new BigDecimal("250");
  private Duration ttl;

  @PostConstruct
  void init() {
    String spec =
        config
            .getOptionalValue("ac.payments.hil.thresholds", String.class)
            .orElse("USD=250,EUR=250,GBP=250,JPY=40000,*=250");
    for (String part : spec.split(",")) {
      String[] kv = part.trim().split("=");
      if (kv.length == 2) {
        BigDecimal v = new BigDecimal(kv[1].trim());
        if ("*".equals(kv[0].trim())) {
          defaultThreshold = v;
        } else {
          thresholds.put(kv[0].trim().toUpperCase(java.util.Locale.ROOT), v);
        }
      }
    }
    ttl =
        config
            .getOptionalValue("ac.payments.hil.ttl", Duration.class)
            .orElse(Duration.ofMinutes(15));
  }

  /** Whether a payment of this amount needs a buyer's approval. */
  public boolean required(Money amount) {
    BigDecimal limit = thresholds.getOrDefault(amount.currencyCode(), defaultThreshold);
    return amount.amount().compareTo(limit) > 0;
  }

  public BigDecimal threshold(String currency) {
    return thresholds.getOrDefault(currency, defaultThreshold);
  }

  /** An approval as the API shows it. */
  public record Approval(
      String approvalId,
      String agentId,
      String orderId,
      Money amount,
      String status,
      String buyerIssuer,
      String buyerSubject,
      String usedByPayment,
      Instant expiresAt,
      Instant createdAt) {}

  /** Asks for an approval: its own transaction, so it stays when the payment is refused. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Approval request(
      String agentId, String orderId, Money amount, String buyerIssuer, String buyerSubject) {
    String id = insert(agentId, orderId, amount, buyerIssuer, buyerSubject, "pending", null, null);
    figures.hil("requested");
    return find(agentId, id).orElseThrow();
  }

  public Optional<Approval> find(String agentId, String approvalId) {
    return row(approvalId, false).filter(a -> a.agentId().equals(agentId));
  }

  /**
   * The buyer's decision, in the caller's transaction. Only the buyer the approval was asked for
   * (same issuer and subject) decides, and only while it is pending and unexpired. To another buyer
   * it is not there (404), as another agent's is.
   */
  @Transactional
  public Approval decide(
      String agentId, String approvalId, boolean approve, String buyerIssuer, String buyerSubject) {
    return decide(agentId, approvalId, approve, buyerIssuer, buyerSubject, "buyer_token");
  }

  /** The decision, recording where it was made ({@code via}: buyer_token, approval_page). */
  @Transactional
  public Approval decide(
      String agentId,
      String approvalId,
      boolean approve,
      String buyerIssuer,
      String buyerSubject,
      String via) {
    Approval a =
        row(approvalId, true)
            .filter(x -> x.agentId().equals(agentId))
            .filter(
                x ->
                    Objects.equals(x.buyerIssuer(), buyerIssuer)
                        && Objects.equals(x.buyerSubject(), buyerSubject))
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "HIL_APPROVAL_NOT_FOUND",
                        "No approval " + approvalId + " of this agent and buyer."));
    if (!"pending".equals(a.status())) {
      throw new ApiException(409, "INVALID_STATE", "The approval is already " + a.status() + ".");
    }
    if (expired(approvalId)) {
      throw new ApiException(409, "HIL_APPROVAL_EXPIRED", "The approval has expired.");
    }
    em.createNativeQuery(
            "UPDATE hil_approvals SET status = ?, decided_via = ?, decided_at = "
                + NOW
                + " WHERE id = ?")
        .setParameter(1, approve ? "approved" : "rejected")
        .setParameter(2, via)
        .setParameter(3, approvalId)
        .executeUpdate();
    figures.hil(approve ? "approved" : "rejected");
    return row(approvalId, false).orElseThrow();
  }

  /**
   * Uses the approval for a payment, in the caller's transaction (the payment's own): refused with
   * 403 HIL_APPROVAL_INVALID unless it is this agent's, for this order, amount and currency,
   * approved, unexpired and unused.
   */
  public void use(
      String agentId,
      String approvalId,
      String orderId,
      Money amount,
      String payment,
      String buyerIssuer,
      String buyerSubject) {
    Approval a = row(approvalId, true).orElse(null);
    String reason = null;
    if (a == null || !a.agentId().equals(agentId)) {
      reason = "unknown_approval";
    } else if (!Objects.equals(a.buyerIssuer(), buyerIssuer)
        || !Objects.equals(a.buyerSubject(), buyerSubject)) {
      reason = "other_buyer";
    } else if (!a.orderId().equals(orderId)) {
      reason = "other_order";
    } else if (!a.amount().equals(amount)) {
      reason = "other_amount";
    } else if ("used".equals(a.status())) {
      reason = "already_used";
    } else if (!"approved".equals(a.status())) {
      reason = "not_approved";
    } else if (expired(approvalId)) {
      reason = "expired";
    }
    if (reason != null) {
      Map<String, Object> ctx = new LinkedHashMap<>();
      ctx.put("reason", reason);
      ctx.put("approval_id", approvalId.length() > 60 ? approvalId.substring(0, 60) : approvalId);
      throw new ApiException(
          403,
          "HIL_APPROVAL_INVALID",
          "X-HIL-Approval does not name an approved, unexpired, unused approval of this agent for"
              + " this order, amount and currency ("
              + reason
              + ").",
          ctx,
          Map.of());
    }
    em.createNativeQuery(
            "UPDATE hil_approvals SET status = 'used', used_by_payment = ? WHERE id = ? AND"
                + " status = 'approved'")
        .setParameter(1, payment)
        .setParameter(2, approvalId)
        .executeUpdate();
    figures.hil("used");
  }

  /**
   * The buyer pressed pay on the hosted checkout page with this amount on the button: recorded as
   * their approval of this one payment, used by it, in the payment's own transaction (so it exists
   * exactly when the payment does). Refused with 403 HIL_DECLINED when the buyer declined a payment
   * of this order on their approval page: a press on a page the agent can also reach never
   * overrides an explicit no.
   */
  public String pressedOnPage(
      String agentId,
      String orderId,
      Money amount,
      String buyerIssuer,
      String buyerSubject,
      String paymentId) {
    Number declined =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM hil_approvals WHERE order_id = ? AND status ="
                        + " 'rejected'")
                .setParameter(1, orderId)
                .getSingleResult();
    if (declined.intValue() > 0) {
      throw new ApiException(
          403,
          "HIL_DECLINED",
          "The buyer declined a payment of this order on their approval page; it is not paid"
              + " without a new approval.",
          Map.of("order_id", orderId),
          Map.of());
    }
    String id =
        insert(
            agentId, orderId, amount, buyerIssuer, buyerSubject, "used", paymentId, "hosted_page");
    figures.hil("used");
    return id;
  }

  /** One approval row; decided now when {@code via} is given. */
  private String insert(
      String agentId,
      String orderId,
      Money amount,
      String buyerIssuer,
      String buyerSubject,
      String status,
      String paymentId,
      String via) {
    String id = Ids.newId("hil", 16);
    em.createNativeQuery(
            "INSERT INTO hil_approvals (id, agent_id, order_id, amount_minor, currency,"
                + " buyer_issuer, buyer_subject, status, used_by_payment, decided_via, decided_at,"
                + " expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + (via == null ? "NULL" : NOW)
                + ", TIMESTAMPADD(SECOND, ?, "
                + NOW
                + "), "
                + NOW
                + ")")
        .setParameter(1, id)
        .setParameter(2, agentId)
        .setParameter(3, orderId)
        .setParameter(4, amount.minorUnits())
        .setParameter(5, amount.currencyCode())
        .setParameter(6, buyerIssuer)
        .setParameter(7, buyerSubject)
        .setParameter(8, status)
        .setParameter(9, paymentId)
        .setParameter(10, via)
        .setParameter(11, ttl.toSeconds())
        .executeUpdate();
    return id;
  }

  private boolean expired(String approvalId) {
    Number n =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM hil_approvals WHERE id = ? AND expires_at <= " + NOW)
                .setParameter(1, approvalId)
                .getSingleResult();
    return n.intValue() > 0;
  }

  private Optional<Approval> row(String approvalId, boolean lock) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT id, agent_id, order_id, amount_minor, currency, status, buyer_issuer,"
                    + " buyer_subject, used_by_payment, expires_at, created_at FROM hil_approvals"
                    + " WHERE id = ?"
                    + (lock ? " FOR UPDATE" : ""))
            .setParameter(1, approvalId)
            .getResultList();
    return rows.stream()
        .findFirst()
        .map(
            r ->
                new Approval(
                    (String) r[0],
                    (String) r[1],
                    (String) r[2],
                    Money.ofMinor(((Number) r[3]).longValue(), ((String) r[4]).trim()),
                    (String) r[5],
                    (String) r[6],
                    (String) r[7],
                    (String) r[8],
                    Rows.instant(r[9]),
                    Rows.instant(r[10])));
  }
}
