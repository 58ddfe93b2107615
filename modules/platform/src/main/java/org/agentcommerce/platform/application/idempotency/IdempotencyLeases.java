package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The heartbeat of this node's idempotency claims: while a request works, its node renews the
 * claim's lease every third of {@code ac.idempotency.in-flight-timeout}, so a slow request keeps
 * its claim and only a claim whose node died (no renewal for a whole lease) is taken over.
 */
@ApplicationScoped
public class IdempotencyLeases {

  private static final Logger LOG = Logger.getLogger(IdempotencyLeases.class.getName());

  @Inject IdempotencyStore store;

  @Inject
  @ConfigProperty(name = "ac.idempotency.in-flight-timeout", defaultValue = "PT30S")
  java.time.Duration inFlightTimeout;

  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private ScheduledFuture<?> task;

  void hold(String holder) {
    held.add(holder);
  }

  void drop(String holder) {
    held.remove(holder);
  }

  public synchronized void start(ManagedScheduledExecutorService executor) {
    if (task == null) {
      long period = Math.max(250, inFlightTimeout.toMillis() / 3);
      task = executor.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }
  }

  public synchronized void stop() {
    if (task != null) {
      task.cancel(false);
      task = null;
    }
  }

  void renew() {
    List<String> holders = List.copyOf(held);
    if (holders.isEmpty()) {
      return;
    }
    try {
      store.renew(holders, Math.max(1, inFlightTimeout.toSeconds()));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Renewing idempotency leases failed; will retry", e);
    }
  }
}
