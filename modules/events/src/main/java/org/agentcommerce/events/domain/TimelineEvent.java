package org.agentcommerce.events.domain;

import java.time.Instant;

/**
 * One order event on the timeline. {@code id} is its place in commit order (the cursor); {@code
 * eventId} the outbox's stable {@code evt_…} id; {@code data} the event's JSON object as published.
 */
public record TimelineEvent(
    long id,
    String eventId,
    String type,
    String agentId,
    String merchantId,
    String orderId,
    String status,
    Long amountMinor,
    String currency,
    String data,
    Instant createdAt) {}
