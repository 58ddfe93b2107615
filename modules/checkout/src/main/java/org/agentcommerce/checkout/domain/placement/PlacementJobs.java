package org.agentcommerce.checkout.domain.placement;

import java.util.Optional;

/** Starts placement (implemented by the placement service). */
public interface PlacementJobs {

  /**
   * Writes the durable placement job for a paid order in the caller's transaction, so the job
   * exists if and only if the order's move to merchant_confirming commits. A second call for the
   * same order changes nothing. Answers the connector kind that will place it.
   */
  String start(String orderId, String merchantId);

  /** The connector placing the order, once {@link #start} wrote its job. */
  Optional<String> connectorOf(String orderId);
}
