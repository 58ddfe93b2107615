package org.agentcommerce.checkout.domain.order;

import java.time.Instant;
import java.util.List;

/** The after-sales requests opened on our orders (refunds, returns, exchanges, support). */
public interface AfterSalesRequests {

  /** One request; {@code refundId} when the action made a refund. */
  record Entry(
      String id,
      String orderId,
      String agentId,
      String action,
      String reason,
      String status,
      String refundId,
      Instant createdAt) {}

  void add(Entry entry);

  /** The order's requests, oldest first. */
  List<Entry> of(String orderId);
}
