package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.ConnectionCallback;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.Timeline;
import org.agentcommerce.events.domain.TimelineEvent;
import org.agentcommerce.events.domain.TimelineQuery;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Long-poll readers of the timeline that found nothing yet. Each is a suspended {@link
 * AsyncResponse} in a map, not a thread: the container's timer answers it empty when its wait runs
 * out, and {@link #wake} (after the sequencer numbered events of that agent) re-runs its query on a
 * managed executor and answers it as soon as the query finds something. Bounded per key (429
 * beyond) and in total; released on completion, on a client disconnect the container reports, and
 * answered empty at shutdown.
 */
@ApplicationScoped
public class LongPollWaiters {

  private static final Logger LOG = Logger.getLogger(LongPollWaiters.class.getName());

  @Inject Timeline timeline;

  @Inject
  @ConfigProperty(name = "ac.events.max-waiters-per-key", defaultValue = "100")
  int maxPerKey;

  @Inject
  @ConfigProperty(name = "ac.events.max-waiters", defaultValue = "10000")
  int maxTotal;

  @Resource ManagedExecutorService executor;

  private final Map<String, Set<Waiter>> byAgent = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> perKey = new ConcurrentHashMap<>();
  private final AtomicInteger total = new AtomicInteger();
  private volatile boolean closed;

  /** One suspended reader. */
  private final class Waiter {
    final String keyId;
    final TimelineQuery query;
    final AsyncResponse response;
    final Function<List<TimelineEvent>, Object> answer;
    final AtomicBoolean done = new AtomicBoolean();
    final AtomicBoolean checking = new AtomicBoolean();
    final AtomicBoolean recheck = new AtomicBoolean();

    Waiter(
        String keyId,
        TimelineQuery query,
        AsyncResponse response,
        Function<List<TimelineEvent>, Object> answer) {
      this.keyId = keyId;
      this.query = query;
      this.response = response;
      this.answer = answer;
    }
  }

  /**
   * Suspends the reader until events matching its query commit or {@code waitMillis} pass. Throws
   * 429 {@code TOO_MANY_WAITERS} when the key (or the node) already has its maximum waiting.
   */
  public void await(
      String keyId,
      TimelineQuery query,
      long waitMillis,
      AsyncResponse response,
      Function<List<TimelineEvent>, Object> answer) {
    if (closed) {
      response.resume(answer.apply(List.of()));
      return;
    }
    AtomicInteger mine = perKey.computeIfAbsent(keyId, k -> new AtomicInteger());
    if (mine.incrementAndGet() > maxPerKey) {
      mine.decrementAndGet();
      throw tooMany("This key already has " + maxPerKey + " event waits open.");
    }
    if (total.incrementAndGet() > maxTotal) {
      total.decrementAndGet();
      mine.decrementAndGet();
      throw tooMany("The server has its maximum of event waits open.");
    }
    Waiter w = new Waiter(keyId, query, response, answer);
    byAgent.computeIfAbsent(query.agentId(), a -> ConcurrentHashMap.newKeySet()).add(w);
    response.register((CompletionCallback) t -> release(w));
    response.register((ConnectionCallback) r -> release(w));
    response.setTimeoutHandler(r -> finish(w, List.of()));
    response.setTimeout(waitMillis, TimeUnit.MILLISECONDS);
    // An event numbered between the first read and the registration woke nobody: look once more.
    schedule(w);
  }

  /** Re-runs the queries of the agents' waiters; those that now find events are answered. */
  public void wake(Set<String> agentIds) {
    for (String agent : agentIds) {
      Set<Waiter> ws = byAgent.get(agent);
      if (ws != null) {
        ws.forEach(this::schedule);
      }
    }
  }

  /** How many readers wait on this node. */
  public int waiting() {
    return total.get();
  }

  private void schedule(Waiter w) {
    if (w.done.get()) {
      return;
    }
    if (!w.checking.compareAndSet(false, true)) {
      w.recheck.set(true); // the running check looks again before it lets go
      return;
    }
    try {
      executor.execute(() -> check(w));
    } catch (RuntimeException e) {
      w.checking.set(false);
      LOG.log(Level.FINE, "Could not schedule a waiter check; its timeout answers it", e);
    }
  }

  private void check(Waiter w) {
    try {
      do {
        w.recheck.set(false);
        if (w.done.get()) {
          return;
        }
        List<TimelineEvent> events = timeline.page(w.query);
        if (!events.isEmpty()) {
          finish(w, events);
          return;
        }
      } while (w.recheck.get());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "A long-poll check failed; the wait goes on until its timeout", e);
    } finally {
      w.checking.set(false);
    }
    if (w.recheck.get()) {
      schedule(w);
    }
  }

  private void finish(Waiter w, List<TimelineEvent> events) {
    if (w.done.compareAndSet(false, true)) {
      release(w);
      w.response.resume(w.answer.apply(events));
    }
  }

  private void release(Waiter w) {
    w.done.set(true);
    Set<Waiter> ws = byAgent.get(w.query.agentId());
    if (ws != null && ws.remove(w)) {
      total.decrementAndGet();
      AtomicInteger mine = perKey.get(w.keyId);
      if (mine != null) {
        mine.decrementAndGet();
      }
    }
  }

  /** At shutdown every waiter is answered (empty: the client simply polls again). */
  @PreDestroy
  void shutdown() {
    closed = true;
    for (Set<Waiter> ws : byAgent.values()) {
      for (Waiter w : List.copyOf(ws)) {
        try {
          if (w.done.compareAndSet(false, true)) {
            release(w);
            w.response.resume(w.answer.apply(List.of()));
          }
        } catch (RuntimeException e) {
          LOG.log(Level.FINE, "A waiter could not be answered at shutdown", e);
        }
      }
    }
  }

  private static ApiException tooMany(String message) {
    return new ApiException(
        429, "TOO_MANY_WAITERS", message + " Retry shortly.", Map.of(), Map.of("Retry-After", "1"));
  }
}
