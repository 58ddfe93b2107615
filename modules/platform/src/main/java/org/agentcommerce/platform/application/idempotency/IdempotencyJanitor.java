package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Deletes expired idempotency keys every {@code ac.idempotency.cleanup-interval}. Safe on every
 * node at once: each run is one DELETE of rows past their expiry.
 */
@ApplicationScoped
public class IdempotencyJanitor {

  private static final Logger LOG = Logger.getLogger(IdempotencyJanitor.class.getName());

  @Inject IdempotencyService idempotency;

  @Inject
  @ConfigProperty(name = "ac.idempotency.cleanup-interval", defaultValue = "PT10M")
  Duration interval;

  private ScheduledFuture<?> task;

  public synchronized void start(ManagedScheduledExecutorService executor) {
    if (task == null) {
      long seconds = Math.max(1, interval.toSeconds());
      task = executor.scheduleWithFixedDelay(this::purge, seconds, seconds, TimeUnit.SECONDS);
    }
  }

  public synchronized void stop() {
    if (task != null) {
      task.cancel(false);
      task = null;
    }
  }

  void purge() {
    try {
      int deleted = idempotency.purgeExpired();
      if (deleted > 0) {
        LOG.info(() -> "Deleted " + deleted + " expired idempotency keys");
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Idempotency clean-up failed; will retry", e);
    }
  }
}
