package org.agentcommerce.events.infrastructure;

import java.util.List;
import java.util.Optional;

/**
 * Moves committed domain events from the platform's outbox onto the timeline, numbering them in the
 * order this sequencer sees them committed. One sequencer numbers at a time across all nodes (a
 * database row lock, held only while numbering), so an event committed later always gets a larger
 * id than any id a reader could already have seen: the cursor never skips.
 */
public interface OutboxSequencer {

  /** Whether committed outbox rows wait for a timeline id (a cheap check without locks). */
  boolean pending();

  /**
   * Numbers at most {@code batch} waiting outbox rows and answers them. Everything the numbering
   * needs is read first, outside any lock: the rows, their buyers and what {@code fanOut} prepares.
   * Then one short transaction numbers them and hands each to {@code fanOut} (webhook deliveries
   * commit with it). Rows another node numbered in between are read again, never numbered twice.
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

  /** Work that commits with each new timeline event. */
  interface FanOut {
    /**
     * Before the numbering and outside its transaction: reads what the event's writes will need
     * ({@code read} is a connection without a transaction). May be called again for the same event
     * when another node numbered part of the batch first.
     */
    default void prepare(java.sql.Connection read, Waiting event) throws java.sql.SQLException {}

    /**
     * In the numbering transaction, which holds the sequencer's lock: quick statements by key only
     * (the fleet's numbering waits for this transaction); slow reads belong in {@link #prepare}.
     */
    void accept(java.sql.Connection tx, Sequenced event) throws java.sql.SQLException;

    /** Writes what {@link #accept} gathered, still in the transaction, before it commits. */
    default void flush(java.sql.Connection tx) throws java.sql.SQLException {}
  }

  record Buyer(String issuer, String subject) {}

  /** An outbox event about to be numbered. */
  record Waiting(
      String eventId,
      String type,
      String agentId,
      String merchantId,
      String orderId,
      String data,
      java.time.Instant createdAt) {

    public Sequenced numbered(long id) {
      return new Sequenced(id, eventId, type, agentId, merchantId, orderId, data, createdAt);
    }
  }

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
