package org.agentcommerce.checkout.application.storefront;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.placement.PlacedOrders;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.config.Config;

/**
 * Storefront-platform webhooks (Shopify's form): the HMAC-SHA256 of the raw body with the
 * merchant's webhook secret ({@code ac.storefront.<merchant_id>.webhook-secret}) must match {@code
 * X-Shopify-Hmac-Sha256} (constant-time compare); each {@code X-Shopify-Webhook-Id} is handled
 * once; only metadata is kept, chained per merchant; topics that move our orders do so through the
 * order book (which publishes their events) in the same transaction.
 */
@ApplicationScoped
public class StorefrontWebhookService {

  static final String GENESIS = "0".repeat(64);

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject Config config;
  @Inject Clock clock;
  @Inject OrderBook orderBook;
  @Inject PlacedOrders placedOrders;

  /** What became of one delivery. */
  public record Result(boolean duplicate, String eventId, String outcome, String orderId) {}

  /** One stored event, metadata only. */
  public record Stored(
      String eventId,
      String webhookId,
      String topic,
      String shopDomain,
      String payloadSha256,
      String prevChainHash,
      String chainHash,
      long chainSeq,
      String orderId,
      String outcome,
      Instant receivedAt) {}

  /** Throws 401 unless the signature is the merchant's over exactly these bytes. */
  public void verify(String merchantId, byte[] body, String signature) {
    Optional<String> secret =
        config.getOptionalValue("ac.storefront." + merchantId + ".webhook-secret", String.class);
    byte[] given;
    try {
      given = signature == null ? null : Base64.getDecoder().decode(signature.trim());
    } catch (IllegalArgumentException e) {
      given = null;
    }
    if (secret.isEmpty() || secret.get().isBlank() || given == null) {
      throw unauthorized();
    }
    if (!MessageDigest.isEqual(hmac(secret.get(), body), given)) {
      throw unauthorized();
    }
  }

  private static ApiException unauthorized() {
    return new ApiException(
        401, "WEBHOOK_SIGNATURE_INVALID", "X-Shopify-Hmac-Sha256 is missing or does not match.");
  }

  /** Makes sure the merchant's chain has a head row, in its own transaction. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void ensureChain(String merchantId) {
    Number n =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM storefront_webhook_chains WHERE merchant_id = ?")
                .setParameter(1, merchantId)
                .getSingleResult();
    if (n.longValue() == 0) {
      em.createNativeQuery(
              "INSERT INTO storefront_webhook_chains (merchant_id, head_hash, length) VALUES (?, ?,"
                  + " 0)")
          .setParameter(1, merchantId)
          .setParameter(2, GENESIS)
          .executeUpdate();
    }
  }

  /** Records the (verified) delivery once and applies its topic; duplicates change nothing. */
  @Transactional
  public Result ingest(
      String merchantId, String webhookId, String topic, String shopDomain, byte[] body) {
    Object[] head =
        (Object[])
            em.createNativeQuery(
                    "SELECT head_hash, length FROM storefront_webhook_chains WHERE merchant_id = ?"
                        + " FOR UPDATE")
                .setParameter(1, merchantId)
                .getSingleResult();
    List<?> seen =
        em.createNativeQuery(
                "SELECT id, outcome, order_id FROM storefront_webhook_events WHERE merchant_id = ?"
                    + " AND webhook_id = ?")
            .setParameter(1, merchantId)
            .setParameter(2, webhookId)
            .getResultList();
    if (!seen.isEmpty()) {
      Object[] row = (Object[]) seen.get(0);
      return new Result(true, (String) row[0], (String) row[1], (String) row[2]);
    }
    String prev = (String) head[0];
    long seq = ((Number) head[1]).longValue() + 1;
    Instant now = clock.instant();
    String payloadSha = sha256Hex(body);
    String chain =
        sha256Hex(
            String.join("|", prev, payloadSha, webhookId, topic, now.toString())
                .getBytes(StandardCharsets.UTF_8));
    Applied applied = apply(merchantId, topic, body);
    String id = Ids.newId("sfe", 12);
    em.createNativeQuery(
            "INSERT INTO storefront_webhook_events (id, merchant_id, webhook_id, topic,"
                + " shop_domain, payload_sha256, prev_chain_hash, chain_hash, chain_seq, order_id,"
                + " outcome, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .setParameter(1, id)
        .setParameter(2, merchantId)
        .setParameter(3, webhookId)
        .setParameter(4, topic)
        .setParameter(5, shopDomain)
        .setParameter(6, payloadSha)
        .setParameter(7, prev)
        .setParameter(8, chain)
        .setParameter(9, seq)
        .setParameter(10, applied.orderId())
        .setParameter(11, applied.outcome())
        .setParameter(12, Timestamp.from(now))
        .executeUpdate();
    em.createNativeQuery(
            "UPDATE storefront_webhook_chains SET head_hash = ?, length = ? WHERE merchant_id = ?")
        .setParameter(1, chain)
        .setParameter(2, seq)
        .setParameter(3, merchantId)
        .executeUpdate();
    return new Result(false, id, applied.outcome(), applied.orderId());
  }

  private record Applied(String outcome, String orderId) {}

  /**
   * Moves our order for the topics that concern it: orders/fulfilled (confirmed → fulfilled),
   * refunds/create (refunded by the amount the platform refunded). Other topics, and moves the
   * order's state does not allow, are recorded and change nothing.
   */
  private Applied apply(String merchantId, String topic, byte[] body) {
    boolean fulfil = topic.equals("orders/fulfilled");
    boolean refund = topic.equals("refunds/create");
    if (!fulfil && !refund && !topic.equals("orders/cancelled")) {
      return new Applied("ignored_topic", null);
    }
    JsonObject payload;
    try (var reader =
        Jsonp.PROVIDER.createReader(new StringReader(new String(body, StandardCharsets.UTF_8)))) {
      JsonValue v = reader.readValue();
      if (!(v instanceof JsonObject o)) {
        return new Applied("refused", null);
      }
      payload = o;
    } catch (RuntimeException e) {
      return new Applied("refused", null);
    }
    String platformOrderId = text(payload.get(refund ? "order_id" : "id"));
    Optional<OrderBook.OrderSnapshot> order =
        platformOrderId == null ? Optional.empty() : ours(merchantId, platformOrderId);
    if (order.isEmpty()) {
      return new Applied("order_not_found", null);
    }
    OrderBook.OrderSnapshot o = order.get();
    if (fulfil) {
      if (o.status() != OrderStatus.CONFIRMED) {
        return new Applied("ignored_state", o.orderId());
      }
      placedOrders.fulfilled(o.orderId(), tracking(payload));
      return new Applied("applied", o.orderId());
    }
    if (refund) {
      BigDecimal amount = refundedAmount(payload);
      if (!o.status().isPaid() || amount == null || amount.signum() <= 0) {
        return new Applied("ignored_state", o.orderId());
      }
      Money money;
      try {
        money = Money.of(amount.toPlainString(), o.total().currencyCode());
      } catch (RuntimeException e) {
        return new Applied("refused", o.orderId());
      }
      long left = o.total().minorUnits(); // the order book refuses more than is left
      if (money.minorUnits() > left) {
        return new Applied("refused", o.orderId());
      }
      String platformRefundId = text(payload.get("id"));
      if (platformRefundId == null || platformRefundId.length() > 100) {
        return new Applied("refused", o.orderId());
      }
      // One move per platform refund, whatever webhook id carries it: the row's primary key
      // decides (a concurrent copy waits on it, then fails and is retried by its sender).
      boolean seen =
          !em.createNativeQuery(
                  "SELECT order_id FROM storefront_refunds WHERE merchant_id = ? AND"
                      + " platform_refund_id = ?")
              .setParameter(1, merchantId)
              .setParameter(2, platformRefundId)
              .getResultList()
              .isEmpty();
      if (seen) {
        return new Applied("duplicate_refund", o.orderId());
      }
      em.createNativeQuery(
              "INSERT INTO storefront_refunds (merchant_id, platform_refund_id, order_id,"
                  + " received_at) VALUES (?, ?, ?, CURRENT_TIMESTAMP(6))")
          .setParameter(1, merchantId)
          .setParameter(2, platformRefundId)
          .setParameter(3, o.orderId())
          .executeUpdate();
      orderBook.refunded(o.orderId(), "sfr_" + platformRefundId, money);
      return new Applied("applied", o.orderId());
    }
    // orders/cancelled: the order book has no merchant-side cancel port yet (docs/events.md).
    return new Applied("ignored_topic", o.orderId());
  }

  private Optional<OrderBook.OrderSnapshot> ours(String merchantId, String platformOrderId) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT order_id, agent_id FROM storefront_order_refs WHERE merchant_id = ? AND"
                    + " platform_order_id = ?")
            .setParameter(1, merchantId)
            .setParameter(2, platformOrderId)
            .getResultList();
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    Object[] r = (Object[]) rows.get(0);
    return orderBook
        .order((String) r[1], (String) r[0])
        .filter(o -> merchantId.equals(o.merchantId()));
  }

  private static String tracking(JsonObject payload) {
    if (payload.get("fulfillments") instanceof JsonArray fs) {
      for (JsonValue f : fs) {
        if (f instanceof JsonObject fo && text(fo.get("tracking_number")) != null) {
          return text(fo.get("tracking_number"));
        }
      }
    }
    return null;
  }

  private static BigDecimal refundedAmount(JsonObject payload) {
    if (!(payload.get("transactions") instanceof JsonArray ts)) {
      return null;
    }
    BigDecimal sum = BigDecimal.ZERO;
    for (JsonValue t : ts) {
      if (t instanceof JsonObject to
          && "refund".equals(text(to.get("kind")))
          && "success".equals(text(to.get("status")))) {
        String amount = text(to.get("amount"));
        try {
          sum = sum.add(new BigDecimal(amount));
        } catch (RuntimeException e) {
          return null;
        }
      }
    }
    return sum;
  }

  private static String text(JsonValue v) {
    if (v instanceof JsonString s) {
      return s.getString().length() > 100 ? null : s.getString();
    }
    if (v instanceof JsonNumber n) {
      return n.toString();
    }
    return null;
  }

  /** The merchant's newest events, metadata only. */
  public List<Stored> recent(String merchantId, int limit) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT id, webhook_id, topic, shop_domain, payload_sha256, prev_chain_hash,"
                    + " chain_hash, chain_seq, order_id, outcome, received_at FROM"
                    + " storefront_webhook_events WHERE merchant_id = ? ORDER BY chain_seq DESC")
            .setParameter(1, merchantId)
            .setMaxResults(limit)
            .getResultList();
    return rows.stream()
        .map(
            x -> {
              Object[] r = (Object[]) x;
              return new Stored(
                  (String) r[0],
                  (String) r[1],
                  (String) r[2],
                  (String) r[3],
                  (String) r[4],
                  (String) r[5],
                  (String) r[6],
                  ((Number) r[7]).longValue(),
                  (String) r[8],
                  (String) r[9],
                  ((Timestamp) r[10]).toInstant());
            })
        .toList();
  }

  static byte[] hmac(String secret, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
    }
  }

  static String sha256Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }
}
