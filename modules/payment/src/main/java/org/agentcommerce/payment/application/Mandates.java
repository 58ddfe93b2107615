package org.agentcommerce.payment.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
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
 * Mandates: a buyer's standing permission for one agent to pay without the buyer present, within a
 * currency, a maximum per payment, an optional merchant allowlist and an expiry. From a mandate an
 * agent mints a constrained authorisation ({@link #authorize}): a random token shown once, stored
 * only as its SHA-256 hash, valid {@code ac.payments.mandate-token-ttl} (10 min), for one amount,
 * currency and merchant, redeemable once as an off-session payment method through the gates ({@link
 * #redeem}, in the payment's own transaction). Only the caller's own mandates are visible: another
 * agent's is 404 MANDATE_NOT_FOUND.
 */
@ApplicationScoped
public class Mandates {

  /** The payment method type that redeems a mandate's token. */
  public static final String METHOD = "mandate_token";

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String COLUMNS =
      "id, agent_id, buyer_issuer, buyer_subject, currency, max_amount_minor, merchant_ids,"
          + " confirmation, confirm_above_minor, payment_method_token, status, expires_at,"
          + " created_at";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject Config config;

  private Duration tokenTtl;

  @PostConstruct
  void init() {
    tokenTtl =
        config
            .getOptionalValue("ac.payments.mandate-token-ttl", Duration.class)
            .orElse(Duration.ofMinutes(10));
  }

  /** A mandate. {@code paymentMethodToken} never leaves the module. */
  public record Mandate(
      String mandateId,
      String agentId,
      String buyerIssuer,
      String buyerSubject,
      Money maxAmount,
      List<String> merchantIds,
      String confirmation,
      Money confirmAbove,
      String paymentMethodToken,
      String status,
      Instant expiresAt,
      Instant createdAt) {

    @Override
    public String toString() {
      return "Mandate[" + mandateId + ", " + status + "]";
    }
  }

  /**
   * An authorisation minted from a mandate; {@code token} is set only in the answer that made it.
   */
  public record Authorization(
      String authorizationId,
      String mandateId,
      String token,
      Money amount,
      String merchantId,
      String status,
      Instant expiresAt) {}

  /** What a redeemed token lets a payment do. */
  public record Redeemed(String mandateId, String paymentMethodToken) {}

  @Transactional
  public Mandate create(
      String agentId,
      String buyerIssuer,
      String buyerSubject,
      Money max,
      List<String> merchantIds,
      String confirmation,
      Money confirmAbove,
      String methodToken,
      Instant expiresAt) {
    String id = Ids.newId("mdt", 12);
    em.createNativeQuery(
            "INSERT INTO mandates ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?, 'active', ?, "
                + NOW
                + ")")
        .setParameter(1, id)
        .setParameter(2, agentId)
        .setParameter(3, buyerIssuer)
        .setParameter(4, buyerSubject)
        .setParameter(5, max.currencyCode())
        .setParameter(6, max.minorUnits())
        .setParameter(7, String.join(",", merchantIds))
        .setParameter(8, confirmation)
        .setParameter(9, confirmAbove == null ? null : confirmAbove.minorUnits())
        .setParameter(10, methodToken)
        .setParameter(11, java.sql.Timestamp.from(expiresAt))
        .executeUpdate();
    return find(agentId, id).orElseThrow();
  }

  public Optional<Mandate> find(String agentId, String mandateId) {
    return rows("SELECT " + COLUMNS + " FROM mandates WHERE id = ?", mandateId).stream()
        .filter(m -> m.agentId().equals(agentId))
        .findFirst();
  }

  public List<Mandate> list(String agentId) {
    return rows(
        "SELECT " + COLUMNS + " FROM mandates WHERE agent_id = ? ORDER BY created_at" + " DESC, id",
        agentId);
  }

  /** The buyer revokes; only the buyer the mandate belongs to. */
  @Transactional
  public Mandate revoke(String agentId, String mandateId, String issuer, String subject) {
    Mandate m = mine(agentId, mandateId, true);
    if (!Objects.equals(m.buyerIssuer(), issuer) || !Objects.equals(m.buyerSubject(), subject)) {
      throw new ApiException(403, "BUYER_MISMATCH", "Only the mandate's buyer can revoke it.");
    }
    em.createNativeQuery("UPDATE mandates SET status = 'revoked' WHERE id = ?")
        .setParameter(1, mandateId)
        .executeUpdate();
    return find(agentId, mandateId).orElseThrow();
  }

  /** Mints a constrained authorisation, or asks the buyer first (step-up). */
  @Transactional
  public Authorization authorize(
      String agentId, String mandateId, BigDecimal amount, String currency, String merchantId) {
    Mandate m = mine(agentId, mandateId, true);
    if (!"active".equals(m.status())) {
      throw new ApiException(
          409, "MANDATE_NOT_ACTIVE", "Mandate " + mandateId + " is " + m.status() + ".");
    }
    if (expired("mandates", mandateId)) {
      throw new ApiException(409, "EXPIRED_MANDATE", "Mandate " + mandateId + " has expired.");
    }
    if (!m.maxAmount().currencyCode().equals(currency)) {
      throw refusal(
          403,
          "CURRENCY_NOT_ALLOWED",
          "The mandate allows " + m.maxAmount().currencyCode() + " only.",
          "allowed_currency",
          m.maxAmount().currencyCode());
    }
    Money money;
    try {
      money = new Money(amount, m.maxAmount().currency());
    } catch (IllegalArgumentException e) {
      throw refusal(
          403,
          "EXCEEDED_LIMIT",
          "Too many decimals for " + currency + ".",
          "max_amount",
          m.maxAmount().amount().toPlainString());
    }
    long asked;
    try {
      asked = money.minorUnits();
    } catch (ArithmeticException tooLarge) {
      asked = Long.MAX_VALUE;
    }
    if (asked <= 0 || asked > m.maxAmount().minorUnits()) {
      throw refusal(
          403,
          "EXCEEDED_LIMIT",
          "The mandate allows at most "
              + m.maxAmount().amount().toPlainString()
              + " "
              + currency
              + " per payment.",
          "max_amount",
          m.maxAmount().amount().toPlainString());
    }
    if (merchantId != null && !m.merchantIds().isEmpty() && !m.merchantIds().contains(merchantId)
        || merchantId == null && !m.merchantIds().isEmpty() && m.merchantIds().size() > 1) {
      throw refusal(
          403,
          "NOT_ALLOWED_MERCHANT",
          "The mandate does not allow merchant " + merchantId + ".",
          "allowed_merchants",
          String.join(",", m.merchantIds()));
    }
    String merchant =
        merchantId != null
            ? merchantId
            : m.merchantIds().size() == 1 ? m.merchantIds().get(0) : null;
    boolean stepUp =
        "always".equals(m.confirmation())
            || "above_amount".equals(m.confirmation())
                && m.confirmAbove() != null
                && money.minorUnits() > m.confirmAbove().minorUnits();
    String id = Ids.newId("mau", 12);
    String token = "mtk_" + Ids.randomHex(32);
    em.createNativeQuery(
            "INSERT INTO mandate_tokens (id, mandate_id, agent_id, token_hash,"
                + " amount_minor, currency, merchant_id, status, expires_at, created_at) VALUES (?, ?,"
                + " ?, ?, ?, ?, ?, ?, TIMESTAMPADD(SECOND, ?, "
                + NOW
                + "), "
                + NOW
                + ")")
        .setParameter(1, id)
        .setParameter(2, mandateId)
        .setParameter(3, agentId)
        .setParameter(4, hash(token))
        .setParameter(5, money.minorUnits())
        .setParameter(6, currency)
        .setParameter(7, merchant)
        .setParameter(8, stepUp ? "pending_confirmation" : "active")
        .setParameter(9, tokenTtl.toSeconds())
        .executeUpdate();
    Instant expires =
        Rows.instant(
            em.createNativeQuery("SELECT expires_at FROM mandate_tokens WHERE id = ?")
                .setParameter(1, id)
                .getSingleResult());
    return new Authorization(
        id,
        mandateId,
        token,
        money,
        merchant,
        stepUp ? "requires_user_confirmation" : "authorized",
        expires);
  }

  /** The buyer confirms a stepped-up authorisation; only the mandate's buyer. */
  @Transactional
  public Authorization confirm(
      String agentId, String authorizationId, String issuer, String subject) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT t.mandate_id, t.status, t.amount_minor,"
                    + " t.currency, t.merchant_id, t.expires_at FROM mandate_tokens t WHERE t.id = ? AND"
                    + " t.agent_id = ? FOR UPDATE")
            .setParameter(1, authorizationId)
            .setParameter(2, agentId)
            .getResultList();
    if (rows.isEmpty()) {
      throw new ApiException(
          404,
          "AUTHORIZATION_NOT_FOUND",
          "No authorization " + authorizationId + " of this agent.");
    }
    Object[] r = rows.get(0);
    Mandate m = mine(agentId, (String) r[0], false);
    if (!Objects.equals(m.buyerIssuer(), issuer) || !Objects.equals(m.buyerSubject(), subject)) {
      throw new ApiException(403, "BUYER_MISMATCH", "Only the mandate's buyer can confirm.");
    }
    if (!"pending_confirmation".equals(r[1])) {
      throw new ApiException(409, "INVALID_STATE", "The authorization is " + r[1] + ".");
    }
    if (expired("mandate_tokens", authorizationId)) {
      throw new ApiException(409, "EXPIRED_AUTHORIZATION", "The authorization has expired.");
    }
    em.createNativeQuery("UPDATE mandate_tokens SET status = 'active' WHERE id = ?")
        .setParameter(1, authorizationId)
        .executeUpdate();
    return new Authorization(
        authorizationId,
        m.mandateId(),
        null,
        Money.ofMinor(((Number) r[2]).longValue(), ((String) r[3]).trim()),
        (String) r[4],
        "authorized",
        Rows.instant(r[5]));
  }

  /**
   * Redeems a token for a payment, in the payment's transaction: refused with 403 {@code
   * MANDATE_TOKEN_INVALID} (and a reason) unless it is this agent's, active, unexpired, unused, for
   * this order's merchant, currency and at least its amount, and its mandate is active, unexpired
   * and the paying buyer's.
   */
  public Redeemed redeem(
      String agentId,
      String token,
      Money orderTotal,
      String merchantId,
      String paymentId,
      String buyerIssuer,
      String buyerSubject) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT id, mandate_id, agent_id, status,"
                    + " amount_minor, currency, merchant_id, redeemed_by_payment FROM mandate_tokens"
                    + " WHERE token_hash = ? FOR UPDATE")
            .setParameter(1, hash(token))
            .getResultList();
    String reason = null;
    Object[] r = rows.isEmpty() ? null : rows.get(0);
    Mandate m = null;
    if (r == null || !agentId.equals(r[2])) {
      reason = "unknown_token";
    } else if (r[7] != null || "redeemed".equals(r[3])) {
      reason = "already_used";
    } else if ("pending_confirmation".equals(r[3])) {
      reason = "confirmation_required";
    } else if ("declined".equals(r[3])) {
      reason = "declined_by_buyer";
    } else if (expired("mandate_tokens", (String) r[0])) {
      reason = "expired";
    } else if (!orderTotal.currencyCode().equals(((String) r[5]).trim())) {
      reason = "other_currency";
    } else if (orderTotal.minorUnits() > ((Number) r[4]).longValue()) {
      reason = "over_amount";
    } else if (r[6] != null && !r[6].equals(merchantId)) {
      reason = "other_merchant";
    } else {
      m = mine(agentId, (String) r[1], true);
      if (!"active".equals(m.status()) || expired("mandates", m.mandateId())) {
        reason = "mandate_not_active";
      } else if (!m.merchantIds().isEmpty() && !m.merchantIds().contains(merchantId)) {
        reason = "other_merchant";
      } else if (!Objects.equals(m.buyerIssuer(), buyerIssuer)
          || !Objects.equals(m.buyerSubject(), buyerSubject)) {
        reason = "other_buyer";
      }
    }
    if (reason != null) {
      throw refusal(
          403,
          "MANDATE_TOKEN_INVALID",
          "The mandate token cannot pay this order (" + reason + ").",
          "reason",
          reason);
    }
    em.createNativeQuery(
            "UPDATE mandate_tokens SET status = 'redeemed', redeemed_by_payment = ?"
                + " WHERE id = ? AND redeemed_by_payment IS NULL")
        .setParameter(1, paymentId)
        .setParameter(2, r[0])
        .executeUpdate();
    return new Redeemed(m.mandateId(), m.paymentMethodToken());
  }

  private Mandate mine(String agentId, String mandateId, boolean lock) {
    return rows(
            "SELECT " + COLUMNS + " FROM mandates WHERE id = ?" + (lock ? " FOR UPDATE" : ""),
            mandateId)
        .stream()
        .filter(x -> x.agentId().equals(agentId))
        .findFirst()
        .orElseThrow(
            () ->
                new ApiException(
                    404, "MANDATE_NOT_FOUND", "No mandate " + mandateId + " of this agent."));
  }

  private boolean expired(String table, String id) {
    Number n =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM " + table + " WHERE id = ? AND expires_at <= " + NOW)
                .setParameter(1, id)
                .getSingleResult();
    return n.intValue() > 0;
  }

  private static ApiException refusal(
      int status, String code, String message, String key, Object value) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put(key, value);
    return new ApiException(status, code, message, ctx, Map.of());
  }

  static String hash(String token) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private List<Mandate> rows(String sql, String param) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows = em.createNativeQuery(sql).setParameter(1, param).getResultList();
    return rows.stream()
        .map(
            r -> {
              String currency = ((String) r[4]).trim();
              String ids = (String) r[6];
              return new Mandate(
                  (String) r[0],
                  (String) r[1],
                  (String) r[2],
                  (String) r[3],
                  Money.ofMinor(((Number) r[5]).longValue(), currency),
                  ids == null || ids.isBlank() ? List.of() : Arrays.asList(ids.split(",")),
                  (String) r[7],
                  r[8] == null ? null : Money.ofMinor(((Number) r[8]).longValue(), currency),
                  (String) r[9],
                  (String) r[10],
                  Rows.instant(r[11]),
                  Rows.instant(r[12]));
            })
        .toList();
  }
}
