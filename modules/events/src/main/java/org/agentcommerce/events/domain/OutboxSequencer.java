package org.agentcommerce.events.domain;

import java.util.List;
import java.util.Optional;

/**
 * Moves committed domain events from the platform's outbox onto the timeline, numbering them in the
 * order this sequencer sees them committed. One sequencer runs at a time across all nodes (a
 * database row lock), so an event committed later always gets a larger id than any id a reader
 * could already have seen: the cursor never skips.
 */
public interface OutboxSequencer {

  /** Whether committed outbox rows wait for a timeline id (a cheap check without locks). */
  boolean pending();

  /**
   * Numbers at most {@code batch} waiting outbox rows in one transaction and answers them; each is
   * also handed to {@code fanOut} inside that transaction (webhook deliveries commit with it).
   */
  List<Sequenced> sequence(int batch, BuyerOf buyers, FanOut fanOut);

  /** The verified buyer of an order, for buyer-token reads. */
  interface BuyerOf {
    Optional<Buyer> of(String agentId, String orderId);

    /**
     * The buyers of several orders ({@code agentByOrder}: order id → its event's agent), asked
     * before a batch is numbered; orders without a verified buyer are absent.
     */
    default java.util.Map<String, Buyer> ofAll(java.util.Map<String, String> agentByOrder) {
      java.util.Map<String, Buyer> out = new java.util.HashMap<>();
      agentByOrder.forEach((order, agent) -> of(agent, order).ifPresent(b -> out.put(order, b)));
      return out;
    }
  }

  /** Work done in the sequencing transaction for each new timeline event. */
  interface FanOut {
    void accept(java.sql.Connection tx, Sequenced event) throws java.sql.SQLException;

    /** Writes what {@link #accept} gathered, still in the transaction, before it commits. */
    default void flush(java.sql.Connection tx) throws java.sql.SQLException {}
  }

  record Buyer(String issuer, String subject) {}

  /** A timeline event just numbered. */
  record Sequenced(
      long id,
      String eventId,
      String type,
      String agentId,
      String merchantId,
      String orderId,
      String data,
      java.time.Instant createdAt) {}
}
