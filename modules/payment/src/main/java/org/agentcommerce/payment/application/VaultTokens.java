package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Money;

/**
 * Delegated payment (ACP {@code delegate_payment}): the sandbox PSP's vault tokens. A token ({@code
 * vt_…}) is shown once and stored only as its SHA-256 hash with its allowance (at most an amount of
 * one currency, for one checkout session of one merchant, before it expires). It pays one payment:
 * {@link #redeem} runs in the payment's own transaction and marks the token with a conditional
 * UPDATE ({@code redeemed_by_payment IS NULL}, a UNIQUE column), so two payments cannot both use it
 * whatever the timing.
 */
@ApplicationScoped
public class VaultTokens {

  /** The payment method type of a vault token. */
  public static final String METHOD = "vault_token";

  /** The token prefix. */
  public static final String PREFIX = "vt_";

  /** The sandbox's test cards and the test methods they stand for. */
  private static final Map<String, String> TEST_CARDS =
      Map.of(
          "4242424242424242", "tok_visa",
          "5555555555554444", "tok_mastercard",
          "4000000000000002", "tok_chargeDeclined",
          "4000000000009995", "tok_chargeDeclinedInsufficientFunds");

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** What to mint: the card's number (never stored), its last four, and the allowance. */
  public record Delegate(
      String agentId,
      String cardNumber,
      String merchantId,
      String checkoutSessionId,
      String currency,
      long maxAmountMinor,
      Instant expiresAt,
      String idempotencyKey,
      String requestHash) {

    @Override
    public String toString() {
      return "Delegate[merchant=" + merchantId + ", session=" + checkoutSessionId + "]";
    }
  }

  /** A minted token: {@code token} is the clear value, shown in this answer only. */
  public record Minted(String id, String token, Instant created) {
    @Override
    public String toString() {
      return "Minted[" + id + "]";
    }
  }

  /**
   * Mints a vault token. The same Idempotency-Key with the same request is 409 duplicate_request
   * (the token was shown once and is not kept, so it cannot be shown again); with another request
   * 422 idempotency_conflict. A card the sandbox does not know is 400 invalid_card.
   */
  @Transactional
  public Minted delegate(Delegate d) {
    repeat(d);
    return mint(d);
  }

  /**
   * Throws what a repeat of {@code d}'s Idempotency-Key answers (409 duplicate_request, 422
   * idempotency_conflict) when a token was minted under it; returns when none was. For a request
   * that lost the race of two at once to the unique key (agent_id, idempotency_key).
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void refuseRepeat(Delegate d) {
    repeat(d);
  }

  private void repeat(Delegate d) {
    @SuppressWarnings("unchecked")
    List<Object[]> previous =
        em.createNativeQuery(
                "SELECT id, request_hash FROM acp_vault_tokens WHERE agent_id = ? AND"
                    + " idempotency_key = ?")
            .setParameter(1, d.agentId())
            .setParameter(2, d.idempotencyKey())
            .getResultList();
    if (!previous.isEmpty()) {
      if (d.requestHash().equals(previous.get(0)[1])) {
        throw refusal(
            409,
            "duplicate_request",
            "This Idempotency-Key already minted vault token "
                + previous.get(0)[0]
                + "; a token is shown once only. Use it, or delegate again with a new key.",
            null);
      }
      throw refusal(
          422,
          "idempotency_conflict",
          "Idempotency-Key has already been used with a different request body",
          null);
    }
  }

  private Minted mint(Delegate d) {
    String method = TEST_CARDS.get(d.cardNumber());
    if (method == null) {
      throw refusal(
          400,
          "invalid_card",
          "The sandbox vault knows only its test cards (4242424242424242, 5555555555554444,"
              + " 4000000000000002, 4000000000009995).",
          "$.payment_method.number");
    }
    if (d.maxAmountMinor() <= 0) {
      throw refusal(
          400, "invalid_allowance", "max_amount must be positive", "$.allowance.max_amount");
    }
    String id = Ids.newId("vt", 12);
    String token = PREFIX + Ids.randomHex(32);
    Instant now = Instant.now();
    em.createNativeQuery(
            "INSERT INTO acp_vault_tokens (id, agent_id, token_hash, merchant_id,"
                + " checkout_session_id, currency, max_amount_minor, method_ref, card_last4,"
                + " idempotency_key, request_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?,"
                + " ?, ?, ?, ?, ?, ?, ?, ?)")
        .setParameter(1, id)
        .setParameter(2, d.agentId())
        .setParameter(3, hash(token))
        .setParameter(4, d.merchantId())
        .setParameter(5, d.checkoutSessionId())
        .setParameter(6, d.currency().toUpperCase(Locale.ROOT))
        .setParameter(7, d.maxAmountMinor())
        .setParameter(8, method)
        .setParameter(9, d.cardNumber().substring(d.cardNumber().length() - 4))
        .setParameter(10, d.idempotencyKey())
        .setParameter(11, d.requestHash())
        .setParameter(12, Timestamp.from(d.expiresAt()))
        .setParameter(13, Timestamp.from(now))
        .executeUpdate();
    return new Minted(id, token, now);
  }

  /**
   * In the payment's transaction: uses the token for this payment or refuses it with 403 and a code
   * of its own — vault_token_unknown (never minted, or another agent's), vault_token_used,
   * vault_token_expired, vault_token_session_mismatch, vault_token_merchant_mismatch,
   * vault_token_currency_mismatch, vault_token_amount_exceeded. Answers the method it stands for.
   */
  public String redeem(
      String agentId,
      String token,
      Money orderTotal,
      String merchantId,
      String checkoutSessionId,
      String paymentId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT id, agent_id, merchant_id, checkout_session_id, currency,"
                    + " max_amount_minor, method_ref, redeemed_by_payment,"
                    + " CASE WHEN expires_at <= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END"
                    + " FROM acp_vault_tokens WHERE token_hash = ? FOR UPDATE")
            .setParameter(1, hash(token))
            .getResultList();
    Object[] r = rows.isEmpty() ? null : rows.get(0);
    String code;
    if (r == null || !agentId.equals(r[1])) {
      code = "vault_token_unknown";
    } else if (r[7] != null) {
      code = "vault_token_used";
    } else if (((Number) r[8]).intValue() == 1) {
      code = "vault_token_expired";
    } else if (checkoutSessionId == null || !checkoutSessionId.equals(r[3])) {
      code = "vault_token_session_mismatch";
    } else if (!merchantId.equals(r[2])) {
      code = "vault_token_merchant_mismatch";
    } else if (!orderTotal.currencyCode().equals(((String) r[4]).trim())) {
      code = "vault_token_currency_mismatch";
    } else if (orderTotal.minorUnits() > ((Number) r[5]).longValue()) {
      code = "vault_token_amount_exceeded";
    } else {
      code = null;
    }
    if (code == null) {
      int used =
          em.createNativeQuery(
                  "UPDATE acp_vault_tokens SET redeemed_by_payment = ?, redeemed_at ="
                      + " CURRENT_TIMESTAMP(6) WHERE id = ? AND redeemed_by_payment IS NULL")
              .setParameter(1, paymentId)
              .setParameter(2, r[0])
              .executeUpdate();
      if (used == 1) {
        return (String) r[6];
      }
      code = "vault_token_used";
    }
    throw refusal(
        403,
        code,
        "The vault token cannot pay this checkout (" + code + "); nothing was charged.",
        "$.payment_data.instrument.credential.token");
  }

  /** Whether a method token is a vault token. */
  public static boolean isVaultToken(String token) {
    return token != null && token.startsWith(PREFIX);
  }

  private static ApiException refusal(int status, String code, String message, String param) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("code", code);
    if (param != null) {
      ctx.put("param", param);
    }
    return new ApiException(status, code, message, ctx, Map.of());
  }

  /** The token's SHA-256 in hex, as mandate tokens are kept. */
  static String hash(String token) {
    return Mandates.hash(token);
  }
}
