package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.checkout.api.AcpOrders;
import org.agentcommerce.events.infrastructure.OutboxSequencer;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.Jsonp;

/**
 * Queues a webhook delivery for each new timeline event whose agent has an enabled endpoint
 * subscribed to its type, in the transaction that numbers the event: the delivery exists if and
 * only if the event is on the timeline. The endpoint is read and the body built just before that
 * transaction, which only writes. The webhook-id is the event's stable id. An endpoint in the
 * {@code acp} format gets the Agentic Commerce Protocol's order webhooks instead (docs/acp.md):
 * {@code order_create} when an order made through an ACP session is paid, {@code order_update} on
 * each later change, each with the full Order as it now is.
 */
@ApplicationScoped
public class WebhookFanOut implements EventPump.TimelineFanOut {

  private static final Logger LOG = Logger.getLogger(WebhookFanOut.class.getName());

  @Inject WebhookDeliverer deliverer;
  @Inject WebhookStore store;
  @Inject AcpOrders acpOrders;

  private final AtomicBoolean queued = new AtomicBoolean();

  @Override
  public void accept(Connection tx, OutboxSequencer.Sequenced event) throws SQLException {
    Batch one = new Batch();
    one.prepare(
        tx,
        new OutboxSequencer.Waiting(
            event.eventId(),
            event.type(),
            event.agentId(),
            event.merchantId(),
            event.orderId(),
            event.data(),
            event.createdAt()));
    one.accept(tx, event);
    one.flush(tx);
  }

  @Override
  public OutboxSequencer.FanOut begin() {
    return new Batch();
  }

  /**
   * One sequencing run's deliveries: each agent's endpoint is read once and each delivery built (an
   * ACP order read in full) before the numbering; the numbering transaction only writes them, with
   * their timeline ids, together just before it commits.
   */
  private final class Batch implements OutboxSequencer.FanOut {
    private final Map<String, Optional<WebhookStore.Endpoint>> endpoints = new HashMap<>();
    private final Map<String, Optional<WebhookStore.Queued>> prepared = new HashMap<>();
    private final List<WebhookStore.Queued> rows = new ArrayList<>();

    @Override
    public void prepare(Connection read, OutboxSequencer.Waiting event) throws SQLException {
      Optional<WebhookStore.Endpoint> endpoint = endpoints.get(event.agentId());
      if (endpoint == null) {
        endpoint = store.endpoint(read, event.agentId());
        endpoints.put(event.agentId(), endpoint);
      }
      prepared.put(event.eventId(), queue(endpoint, event));
    }

    @Override
    public void accept(Connection tx, OutboxSequencer.Sequenced event) {
      Optional<WebhookStore.Queued> q = prepared.get(event.eventId());
      if (q == null) {
        throw new IllegalStateException("Event " + event.eventId() + " was not prepared");
      }
      q.map(d -> d.withTimelineId(event.id())).ifPresent(rows::add);
    }

    @Override
    public void flush(Connection tx) throws SQLException {
      store.enqueueAll(tx, rows);
      if (!rows.isEmpty()) {
        queued.set(true);
      }
      rows.clear();
    }
  }

  /** The delivery this event makes for the endpoint, if it wants one. */
  private Optional<WebhookStore.Queued> queue(
      Optional<WebhookStore.Endpoint> endpoint, OutboxSequencer.Waiting event) {
    if (endpoint.isEmpty()
        || !endpoint.get().enabled()
        || endpoint.get().destinationUrl() == null
        || !endpoint.get().wants(event.type())) {
      return Optional.empty();
    }
    String type = event.type();
    String body;
    if (endpoint.get().acp()) {
      Optional<String> acpType = acpType(event.type());
      Optional<String> order = acpType.isEmpty() ? Optional.empty() : acpOrder(event);
      if (order.isEmpty()) {
        return Optional.empty(); // not an order the agent platform has seen completed through ACP
      }
      type = acpType.get();
      body = "{\"type\":" + Jsonp.PROVIDER.createValue(type) + ",\"data\":" + order.get() + "}";
    } else {
      body = body(event.type(), event.createdAt(), event.data());
    }
    return Optional.of(new WebhookStore.Queued(event.agentId(), event.eventId(), type, null, body));
  }

  /**
   * The event's order as the protocol's Order. A failure to build it never stops the timeline
   * (every agent's events wait on this run): it is logged and this delivery left out.
   */
  private Optional<String> acpOrder(OutboxSequencer.Waiting event) {
    if (event.orderId() == null) {
      return Optional.empty();
    }
    try {
      return acpOrders.order(event.agentId(), event.orderId());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "No ACP order webhook for event " + event.eventId() + " of order " + event.orderId(),
          e);
      return Optional.empty();
    }
  }

  /**
   * The protocol's event for one of ours: the order exists for the agent platform once it is paid
   * ({@code order_create}); later moves are {@code order_update}; what happens before the payment
   * (created, attempted, failed) is not the platform's order yet.
   */
  static Optional<String> acpType(String type) {
    return switch (type) {
      case "order.payment_succeeded" -> Optional.of("order_create");
      case "order.merchant_confirming",
              "order.confirmed",
              "order.fulfilled",
              "order.refunded",
              "order.cancelled" ->
          Optional.of("order_update");
      default -> Optional.empty();
    };
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
