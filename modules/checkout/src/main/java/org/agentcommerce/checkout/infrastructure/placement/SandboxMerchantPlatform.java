package org.agentcommerce.checkout.infrastructure.placement;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.checkout.domain.placement.MerchantOrderConnector;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn;
import org.agentcommerce.checkout.domain.placement.PlacementException;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementResult;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.WireJson;

/**
 * The sandbox merchant platform the demo merchants use: our own tables stand in for a merchant's
 * back office. An order is keyed by (merchant, our order id), so a second call with the same
 * reference returns the order the first one created. A channel's base URL can make it misbehave for
 * tests and demos: {@code sandbox:fail-first=N} fails the first N attempts of each order as a
 * platform outage would (retryable), {@code sandbox:hang-first=N} makes them hang for a minute (a
 * platform that accepted the call and never answered), {@code sandbox:refuse} refuses every order
 * (not retryable).
 */
@ApplicationScoped
public class SandboxMerchantPlatform
    implements MerchantOrderConnector, org.agentcommerce.checkout.domain.placement.MerchantReturns {

  private static final Pattern FAIL_FIRST = Pattern.compile("fail-first=(\\d+)");
  private static final Pattern HANG_FIRST = Pattern.compile("hang-first=(\\d+)");
  private static final Pattern LOSE_FIRST = Pattern.compile("lose-answer-first=(\\d+)");

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject SandboxMerchantPlatform self;

  @Override
  public String kind() {
    return "sandbox";
  }

  @Override
  public PlacementResult place(PlacementRequest request) throws PlacementException {
    String behaviour = request.channel() == null ? null : request.channel().baseUrl();
    if (behaviour != null) {
      int attempt = self.attempts(request.reference());
      if (behaviour.contains("refuse")) {
        throw new PlacementException(
            "The sandbox platform refused the order (sandbox:refuse)", false, (Long) null);
      }
      Matcher hang = HANG_FIRST.matcher(behaviour);
      if (hang.find() && attempt <= Integer.parseInt(hang.group(1))) {
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new PlacementException(
            "The sandbox platform did not answer (hang-first)", true, (Long) null);
      }
      Matcher fail = FAIL_FIRST.matcher(behaviour);
      if (fail.find() && attempt <= Integer.parseInt(fail.group(1))) {
        throw new PlacementException(
            "The sandbox platform is unavailable (503, attempt " + attempt + ")",
            true,
            (Long) null);
      }
    }
    PlacementResult result = self.createOrFind(request);
    if (behaviour != null) {
      Matcher lose = LOSE_FIRST.matcher(behaviour);
      if (lose.find() && self.attempts(request.reference()) <= Integer.parseInt(lose.group(1))) {
        throw new PlacementException(
            "The sandbox platform took the order but its answer was lost (lose-answer-first)",
            true,
            (Long) null);
      }
    }
    return result;
  }

  /** The job's attempt count (what the failure modes count). */
  @Transactional
  public int attempts(String orderId) {
    Object n =
        em
            .createNativeQuery("SELECT attempts FROM merchant_placements WHERE order_id = ?")
            .setParameter(1, orderId)
            .getResultList()
            .stream()
            .findFirst()
            .orElse(0);
    return ((Number) n).intValue();
  }

  /** Creates the platform order, or answers the one already created for the reference. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public PlacementResult createOrFind(PlacementRequest r) {
    // The merchant's row is the platform's order-number sequence lock.
    em.createNativeQuery("SELECT id FROM merchants WHERE id = ? FOR UPDATE")
        .setParameter(1, r.merchantId())
        .getResultList();
    List<?> existing =
        em.createNativeQuery(
                "SELECT id, order_number FROM sandbox_merchant_orders WHERE merchant_id = ? AND"
                    + " reference = ?")
            .setParameter(1, r.merchantId())
            .setParameter(2, r.reference())
            .getResultList();
    if (!existing.isEmpty()) {
      Object[] row = (Object[]) existing.get(0);
      return new PlacementResult((String) row[0], (String) row[1], true);
    }
    Number count =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM sandbox_merchant_orders WHERE merchant_id = ?")
                .setParameter(1, r.merchantId())
                .getSingleResult();
    String id = Ids.newId("smo", 10);
    String number = "#" + (1001 + count.longValue());
    Jsonb json = WireJson.jsonb();
    em.createNativeQuery(
            "INSERT INTO sandbox_merchant_orders (id, merchant_id, reference, order_number, status,"
                + " fulfillment_status, currency, total_minor, line_items, created_at, updated_at)"
                + " VALUES (?, ?, ?, ?, 'open', 'unfulfilled', ?, ?, ?, CURRENT_TIMESTAMP(6),"
                + " CURRENT_TIMESTAMP(6))")
        .setParameter(1, id)
        .setParameter(2, r.merchantId())
        .setParameter(3, r.reference())
        .setParameter(4, number)
        .setParameter(5, r.currency())
        .setParameter(6, r.totalMinor())
        .setParameter(7, json.toJson(r.lines()))
        .executeUpdate();
    return new PlacementResult(id, number, false);
  }

  /** A sandbox order as its back office sees it. */
  public record SandboxOrder(
      String id,
      String merchantId,
      String reference,
      String orderNumber,
      String fulfillmentStatus) {}

  /** The sandbox order, for the fulfilment control. */
  @Transactional
  public java.util.Optional<SandboxOrder> find(String id) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT id, merchant_id, reference, order_number, fulfillment_status FROM"
                    + " sandbox_merchant_orders WHERE id = ?")
            .setParameter(1, id)
            .getResultList();
    if (rows.isEmpty()) {
      return java.util.Optional.empty();
    }
    Object[] r = (Object[]) rows.get(0);
    return java.util.Optional.of(
        new SandboxOrder(
            (String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4]));
  }

  /** Marks the sandbox order shipped, in the caller's transaction. */
  @Transactional(Transactional.TxType.MANDATORY)
  public void ship(String id, String trackingNumber) {
    em.createNativeQuery(
            "UPDATE sandbox_merchant_orders SET fulfillment_status = 'fulfilled', tracking_number ="
                + " ?, updated_at = CURRENT_TIMESTAMP(6) WHERE id = ?")
        .setParameter(1, trackingNumber)
        .setParameter(2, id)
        .executeUpdate();
  }

  /** Records a return in the sandbox back office, in the caller's transaction. */
  @Transactional(Transactional.TxType.MANDATORY)
  public String recordReturn(String merchantOrderId, List<PlatformReturn.Line> lines) {
    String id = "sbr_" + org.agentcommerce.platform.api.Ids.randomHex(8);
    em.createNativeQuery(
            "INSERT INTO sandbox_merchant_returns (id, merchant_order_id, status, line_items,"
                + " created_at) VALUES (?, ?, 'requested', ?, CURRENT_TIMESTAMP(6))")
        .setParameter(1, id)
        .setParameter(2, merchantOrderId)
        .setParameter(3, ReturnLines.toJson(lines))
        .executeUpdate();
    return id;
  }

  @Override
  @Transactional
  public List<PlatformReturn> returns(
      org.agentcommerce.checkout.domain.placement.PlacementRequest.Channel channel,
      String merchantId,
      String merchantOrderId) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT r.id, r.status, r.line_items, r.created_at FROM sandbox_merchant_returns r JOIN"
                    + " sandbox_merchant_orders o ON o.id = r.merchant_order_id WHERE"
                    + " r.merchant_order_id = ? AND o.merchant_id = ? ORDER BY r.created_at, r.id")
            .setParameter(1, merchantOrderId)
            .setParameter(2, merchantId)
            .getResultList();
    List<PlatformReturn> out = new java.util.ArrayList<>();
    for (Object row : rows) {
      Object[] r = (Object[]) row;
      List<PlatformReturn.Line> lines = ReturnLines.fromJson(String.valueOf(r[2]));
      out.add(
          new PlatformReturn(
              (String) r[0],
              (String) r[1],
              lines,
              r[3] instanceof java.sql.Timestamp t ? t.toInstant() : null));
    }
    return out;
  }
}
