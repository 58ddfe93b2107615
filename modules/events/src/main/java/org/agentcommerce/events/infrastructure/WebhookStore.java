package org.agentcommerce.events.infrastructure;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Webhook endpoints, deliveries and their attempts, as stored. */
public interface WebhookStore {

  /** An agent's endpoint; the secrets are ciphertexts, never clear. */
  record Endpoint(
      String agentId,
      boolean enabled,
      String destinationUrl,
      List<String> subscribedEvents,
      String secretCiphertext,
      String secretLast4,
      String previousSecretCiphertext,
      Instant previousSecretExpiresAt,
      String disabledReason,
      Instant lastTestAt,
      String lastTestStatus,
      String format) {

    /** Our Standard Webhooks deliveries (docs/events.md). */
    public static final String STANDARD = "standard";

    /** The Agentic Commerce Protocol's order webhooks (docs/acp.md). */
    public static final String ACP = "acp";

    /** Whether the endpoint takes the protocol's order webhooks instead of ours. */
    public boolean acp() {
      return ACP.equals(format);
    }

    /** Whether deliveries of this event type go to the endpoint. */
    public boolean wants(String eventType) {
      return subscribedEvents.isEmpty() || subscribedEvents.contains(eventType);
    }
  }

  record Delivery(
      String id,
      String agentId,
      String messageId,
      String eventType,
      Long timelineId,
      String payload,
      String status,
      int attempts,
      int step,
      Instant nextAttemptAt,
      Integer lastStatusCode,
      String lastError,
      Instant lastAttemptAt,
      Instant deliveredAt,
      Instant createdAt) {}

  record Attempt(
      int attempt,
      Instant attemptedAt,
      String destinationHost,
      Integer httpStatus,
      Integer latencyMs,
      String error) {}

  /** The 24-hour counts for the config view, computed from the deliveries. */
  record Summary(long total, long succeeded, long failed, long retrying, Instant lastDeliveryAt) {}

  Optional<Endpoint> endpoint(String agentId);

  /**
   * Writes the agent's endpoint if nobody changed it since it was read: {@code readSecret} is the
   * secret ciphertext it was read with (null: there was no endpoint, so it is inserted). False when
   * another change came first (read again and retry): two rotations at once never lose a secret.
   */
  boolean save(Endpoint endpoint, String readSecret);

  /** Turns the endpoint off with a reason (a 410 from the receiver). */
  void disable(String agentId, String reason);

  void recordTest(String agentId, String status);

  /**
   * A new delivery, stored already claimed by {@code holder} for {@code leaseMillis} with its first
   * attempt counted (as {@link #claim} would leave it), so that no poll takes it first.
   */
  Delivery enqueueClaimed(Queued delivery, String holder, long leaseMillis);

  /**
   * The agent's endpoint, read on the caller's connection {@code tx} (in its transaction, if any).
   */
  Optional<Endpoint> endpoint(java.sql.Connection tx, String agentId) throws java.sql.SQLException;

  /** A delivery to queue: its agent's endpoint, the webhook-id, type, timeline id and body. */
  record Queued(String agentId, String messageId, String eventType, Long timelineId, String body) {

    /** The same delivery for the event once it is numbered. */
    public Queued withTimelineId(long id) {
      return new Queued(agentId, messageId, eventType, id, body);
    }
  }

  /** In the caller's transaction {@code tx}: new pending deliveries, due now, in one batch. */
  void enqueueAll(java.sql.Connection tx, List<Queued> deliveries) throws java.sql.SQLException;

  Optional<Delivery> delivery(String agentId, String deliveryId);

  /** The agent's deliveries, newest first, after the cursor's position; limit+1 rows at most. */
  List<Delivery> deliveries(String agentId, String status, Cursor after, int limit);

  /** Where a page of deliveries ended. */
  record Cursor(Instant createdAt, String id) {}

  List<Attempt> attempts(String deliveryId);

  /** Puts a delivery back to pending, due now, its schedule started again. False if unknown. */
  boolean redeliver(String agentId, String deliveryId);

  Summary summary24h(String agentId);

  // ----- the worker

  /** Deliveries due now or whose lease ran out, oldest first. */
  default List<Due> due(int max) {
    return due(max, List.of());
  }

  /** As {@link #due(int)}, leaving out the deliveries to these agents' endpoints. */
  List<Due> due(int max, java.util.Collection<String> exceptAgents);

  /** A delivery due and whose endpoint it goes to. */
  record Due(String deliveryId, String agentId) {}

  /** Claims the delivery for {@code holder} for {@code leaseMillis}; counts the attempt. */
  Optional<Delivery> claim(String deliveryId, String holder, long leaseMillis);

  /**
   * The W3C {@code traceparent} of the request whose change caused the delivery's event (stored
   * with its outbox row); none when tracing was off or the event is not an order event.
   */
  default Optional<String> traceparentOf(Delivery delivery) {
    return Optional.empty();
  }

  /**
   * Claims those of the deliveries still due, in one transaction, for {@code holder} (a token
   * unique to this claim, so that exactly the rows this call won are answered) for {@code
   * leaseMillis}; counts their attempts. Rows another worker claimed meanwhile are left out.
   */
  List<Delivery> claimAll(List<String> deliveryIds, String holder, long leaseMillis);

  /**
   * One attempt's outcome to record: {@code status} succeeded, failed or pending (then due after
   * {@code retryInMillis}).
   */
  record Finished(
      String deliveryId,
      String agentId,
      String holder,
      Attempt attempt,
      String status,
      long retryInMillis,
      boolean delivered) {}

  /**
   * Records several attempts and their outcomes in one transaction, each only if its holder still
   * holds the lease; answers for each whether it was recorded (false: another worker holds it).
   */
  boolean[] finishAll(List<Finished> done);

  /** Whether an operator paused every delivery (all nodes read it). */
  boolean deliveryPaused();

  /** Pauses or resumes every delivery; {@code who}: the operator, kept with the change. */
  void pauseDelivery(boolean paused, String who);
}
