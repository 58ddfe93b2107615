package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.domain.order.AfterSalesRequests;
import org.agentcommerce.platform.api.Database;

/** After-sales requests in {@code after_sales_requests}, written in the caller's transaction. */
@ApplicationScoped
public class JpaAfterSalesRequests implements AfterSalesRequests {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public void add(Entry e) {
    em.createNativeQuery(
            "INSERT INTO after_sales_requests (id, order_id, agent_id, action, reason, status,"
                + " refund_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .setParameter(1, e.id())
        .setParameter(2, e.orderId())
        .setParameter(3, e.agentId())
        .setParameter(4, e.action())
        .setParameter(5, e.reason())
        .setParameter(6, e.status())
        .setParameter(7, e.refundId())
        .setParameter(8, Timestamp.from(e.createdAt()))
        .executeUpdate();
  }

  @Override
  public List<Entry> of(String orderId) {
    List<Entry> out = new ArrayList<>();
    for (Object row :
        em.createNativeQuery(
                "SELECT id, order_id, agent_id, action, reason, status, refund_id, created_at FROM"
                    + " after_sales_requests WHERE order_id = ? ORDER BY created_at, id")
            .setParameter(1, orderId)
            .getResultList()) {
      Object[] r = (Object[]) row;
      out.add(
          new Entry(
              (String) r[0],
              (String) r[1],
              (String) r[2],
              (String) r[3],
              (String) r[4],
              (String) r[5],
              (String) r[6],
              r[7] instanceof Timestamp t ? t.toInstant() : null));
    }
    return out;
  }
}
