package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.domain.order.OrderReturns;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn;
import org.agentcommerce.platform.api.Database;

/** Synced returns in {@code order_returns}. */
@ApplicationScoped
public class JpaOrderReturns implements OrderReturns {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  @Transactional
  public void store(String orderId, List<PlatformReturn> returns, Instant syncedAt) {
    for (PlatformReturn r : returns) {
      String lines =
          org.agentcommerce.checkout.infrastructure.placement.ReturnLines.toJson(r.lines());
      Timestamp requested = r.requestedAt() == null ? null : Timestamp.from(r.requestedAt());
      int updated =
          em.createNativeQuery(
                  "UPDATE order_returns SET status = ?, line_items = ?, requested_at = ?, synced_at = ?"
                      + " WHERE order_id = ? AND return_id = ?")
              .setParameter(1, r.status())
              .setParameter(2, lines)
              .setParameter(3, requested)
              .setParameter(4, Timestamp.from(syncedAt))
              .setParameter(5, orderId)
              .setParameter(6, r.returnId())
              .executeUpdate();
      if (updated == 0) {
        em.createNativeQuery(
                "INSERT INTO order_returns (order_id, return_id, status, line_items, requested_at,"
                    + " synced_at) VALUES (?, ?, ?, ?, ?, ?)")
            .setParameter(1, orderId)
            .setParameter(2, r.returnId())
            .setParameter(3, r.status())
            .setParameter(4, lines)
            .setParameter(5, requested)
            .setParameter(6, Timestamp.from(syncedAt))
            .executeUpdate();
      }
    }
  }

  @Override
  public List<PlatformReturn> of(String orderId) {
    List<PlatformReturn> out = new ArrayList<>();
    for (Object row :
        em.createNativeQuery(
                "SELECT return_id, status, line_items, requested_at FROM order_returns WHERE order_id ="
                    + " ? ORDER BY requested_at, return_id")
            .setParameter(1, orderId)
            .getResultList()) {
      Object[] r = (Object[]) row;
      List<PlatformReturn.Line> lines =
          org.agentcommerce.checkout.infrastructure.placement.ReturnLines.fromJson(
              String.valueOf(r[2]));
      out.add(
          new PlatformReturn(
              (String) r[0],
              (String) r[1],
              lines,
              r[3] instanceof Timestamp t ? t.toInstant() : null));
    }
    return out;
  }
}
