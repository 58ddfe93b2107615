package org.agentcommerce.events.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.infrastructure.WebhookStore;

/**
 * Writes the outcomes of attempts in batches, one thread at a time, then lets go of the deliveries
 * ({@code held}), counts the attempts and disables an endpoint that answered 410. One per {@link
 * WebhookDeliverer}, which hands it its own {@code held} set; the store and the figures are read
 * from the deliverer when used (they are injected after the deliverer is built). Logs under the
 * deliverer's logger.
 */
final class AttemptRecorder {

  private static final Logger LOG = Logger.getLogger(WebhookDeliverer.class.getName());

  private final Set<String> held;
  private final Supplier<WebhookStore> store;
  private final Supplier<EventFigures> figures;
  private final Consumer<String> endpointChanged;

  AttemptRecorder(
      Set<String> held,
      Supplier<WebhookStore> store,
      Supplier<EventFigures> figures,
      Consumer<String> endpointChanged) {
    this.held = held;
    this.store = store;
    this.figures = figures;
    this.endpointChanged = endpointChanged;
  }

  private final java.util.concurrent.ConcurrentLinkedQueue<WebhookStore.Finished> toRecord =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final AtomicBoolean recording = new AtomicBoolean();

  /**
   * Records an outcome. Outcomes that finish while another thread records are written with the next
   * batch of that thread (one transaction for all of them); until then the delivery stays leased,
   * so a node that dies here sends it again after the lease (at least once).
   */
  void record(WebhookStore.Finished done) {
    toRecord.add(done);
    while (!toRecord.isEmpty() && recording.compareAndSet(false, true)) {
      try {
        List<WebhookStore.Finished> batch = new ArrayList<>();
        for (WebhookStore.Finished f; batch.size() < 200 && (f = toRecord.poll()) != null; ) {
          batch.add(f);
        }
        boolean[] ok;
        try {
          ok = store.get().finishAll(batch);
        } catch (RuntimeException e) {
          LOG.log(
              Level.WARNING,
              "Recording " + batch.size() + " webhook attempts failed; sent again after the lease",
              e);
          batch.forEach(f -> held.remove(f.deliveryId()));
          continue;
        }
        for (int i = 0; i < batch.size(); i++) {
          recorded(batch.get(i), ok[i]);
        }
      } finally {
        recording.set(false);
      }
    }
  }

  /** Takes note of an outcome once written ({@code recorded}) or refused (its lease ran out). */
  void recorded(WebhookStore.Finished done, boolean recorded) {
    held.remove(done.deliveryId());
    if (!recorded) {
      LOG.info(
          "Webhook delivery "
              + done.deliveryId()
              + " lost its lease before the attempt was recorded");
    }
    Integer code = done.attempt().httpStatus();
    if (recorded) {
      figures.get().webhookAttempt(done.status(), code);
    }
    if (recorded && code != null && code == 410) {
      store.get().disable(done.agentId(), "The receiver answered 410 Gone");
      endpointChanged.accept(done.agentId()); // what waits in its backlog is not sent
    }
  }
}
