package org.agentcommerce.checkout.domain.placement;

import java.util.List;
import java.util.Optional;

/**
 * The durable placement jobs ({@code merchant_placements}). Times are the database's. Every change
 * after the claim is a compare-and-set on the lease holder, so a worker that lost its lease (it
 * stalled, another node took the job over) changes nothing.
 */
public interface PlacementStore {

  /** A job as a worker sees it. */
  record Job(String orderId, String merchantId, String connector, int attempts) {}

  /** The W3C {@code traceparent} of the request that started the job (none: tracing was off). */
  default java.util.Optional<String> traceparent(String orderId) {
    return java.util.Optional.empty();
  }

  /** Where a merchant takes orders; a merchant without a row uses the sandbox platform. */
  PlacementRequest.Channel channel(String merchantId);

  /** Writes a pending job in the caller's transaction, unless the order has one already. */
  boolean create(String orderId, String merchantId, String connector);

  /** The connector of the order's job, if it has one. */
  Optional<String> connector(String orderId);

  /** Orders whose jobs are due: pending and due, or running with an expired lease. */
  List<String> due(int limit);

  /** Claims a due job for {@code holder} for {@code leaseMillis}; counts the attempt. */
  Optional<Job> claim(String orderId, String holder, long leaseMillis);

  /** Extends a held lease (a slow platform call). */
  boolean renew(String orderId, String holder, long leaseMillis);

  /** Marks a held job placed, in the caller's transaction. */
  boolean placed(String orderId, String holder, String platformOrderId, String number);

  /** Puts a held job back for a later attempt. */
  boolean retryLater(String orderId, String holder, long delayMillis, String error);

  /** Marks a held job failed, in the caller's transaction. */
  boolean failed(String orderId, String holder, String error);
}
