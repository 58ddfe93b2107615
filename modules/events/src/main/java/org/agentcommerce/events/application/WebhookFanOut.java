package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.agentcommerce.events.domain.OutboxSequencer;
import org.agentcommerce.events.domain.webhook.WebhookStore;
import org.agentcommerce.platform.api.Jsonp;

/**
 * Queues a webhook delivery for each new timeline event whose agent has an enabled endpoint
 * subscribed to its type, in the transaction that numbers the event: the delivery exists if and
 * only if the event is on the timeline. The webhook-id is the event's stable id.
 */
@ApplicationScoped
public class WebhookFanOut implements EventPump.TimelineFanOut {

  @Inject WebhookDeliverer deliverer;
  @Inject WebhookStore store;

  private final AtomicBoolean queued = new AtomicBoolean();

  @Override
  public void accept(Connection tx, OutboxSequencer.Sequenced event) throws SQLException {
    if (store.enqueueIfSubscribed(
        tx,
        event.agentId(),
        event.eventId(),
        event.type(),
        event.id(),
        body(event.type(), event.createdAt(), event.data()))) {
      queued.set(true);
    }
  }

  @Override
  public void committed() {
    if (queued.getAndSet(false)) {
      deliverer.kick();
    }
  }

  /** The Standard Webhooks body: {@code {type, timestamp, data}}, data as the event's JSON. */
  static String body(String type, java.time.Instant at, String dataJson) {
    return "{\"type\":"
        + Jsonp.PROVIDER.createValue(type)
        + ",\"timestamp\":"
        + Jsonp.PROVIDER.createValue(at == null ? "" : at.toString())
        + ",\"data\":"
        + dataJson
        + "}";
  }
}
