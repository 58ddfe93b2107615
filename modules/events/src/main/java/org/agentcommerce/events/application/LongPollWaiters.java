package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.ConnectionCallback;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
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
import org.agentcommerce.platform.api.WireJson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Long-poll readers of the timeline that found nothing yet. Each is a suspended {@link
 * AsyncResponse} in a map, not a thread: the container's timer answers it empty when its wait runs
 * out, and {@link #wake} (after the sequencer numbered events of that agent) re-runs the waiting
 * queries on a managed executor, once per distinct query, and answers those that find something.
 * Bounded per key (429 beyond) and in total; released on completion, on a client disconnect the
 * container reports, and answered empty at shutdown.
 */
@ApplicationScoped
public class LongPollWaiters {

  private static final Logger LOG = Logger.getLogger(LongPollWaiters.class.getName());
  private static final int RESUME_CHUNK = 100;

  @Inject Timeline timeline;

  @Inject
  @ConfigProperty(name = "ac.events.max-waiters-per-key", defaultValue = "100")
  int maxPerKey;

  @Inject
  @ConfigProperty(name = "ac.events.max-waiters", defaultValue = "10000")
  int maxTotal;

  @Inject
  @ConfigProperty(name = "ac.events.wake-threads", defaultValue = "2")
  int wakeThreads;

  @Resource ManagedThreadFactory threads;

  /** Threads of their own for wake-up reads and resumes, so they never queue behind other work. */
  private volatile java.util.concurrent.ExecutorService executor;

  private java.util.concurrent.ExecutorService executor() {
    java.util.concurrent.ExecutorService e = executor;
    if (e == null) {
      synchronized (this) {
        if (executor == null) {
          executor =
              java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, wakeThreads), threads);
        }
        e = executor;
      }
    }
    return e;
  }

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
    // An event numbered between the caller's first read and this registration woke nobody: look
    // once more, still on the request thread (which is let go right after).
    List<TimelineEvent> events = timeline.page(query);
    if (!events.isEmpty()) {
      finish(w, events);
    }
  }

  /**
   * The agents got new events (committed and visible): their waiters' queries run again on a
   * managed thread, once per distinct query (a thousand waiters on one cursor cost one read), and
   * those that find events are answered.
   */
  public void wake(Set<String> agentIds) {
    List<String> agents = agentIds.stream().filter(byAgent::containsKey).toList();
    if (agents.isEmpty()) {
      return;
    }
    try {
      executor().execute(() -> check(agents));
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING, "Could not schedule long-poll wake-ups; their timeouts answer them", e);
    }
  }

  /** How many readers wait on this node. */
  public int waiting() {
    return total.get();
  }

  private void check(List<String> agents) {
    for (String agent : agents) {
      Set<Waiter> ws = byAgent.get(agent);
      if (ws == null) {
        continue;
      }
      Map<TimelineQuery, List<Waiter>> byQuery = new java.util.HashMap<>();
      for (Waiter w : ws) {
        if (!w.done.get()) {
          byQuery.computeIfAbsent(w.query, q -> new java.util.ArrayList<>()).add(w);
        }
      }
      for (Map.Entry<TimelineQuery, List<Waiter>> group : byQuery.entrySet()) {
        try {
          List<TimelineEvent> events = timeline.page(group.getKey());
          if (!events.isEmpty()) {
            answerAll(group.getValue(), events);
          }
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, "A long-poll check failed; those waits go on to their timeout", e);
        }
      }
    }
  }

  /**
   * Answers waiters that asked the same query with the same events: the body is written to JSON
   * once, and the resumes (each writes to its connection) run in chunks on the executor.
   */
  private void answerAll(List<Waiter> group, List<TimelineEvent> events) {
    Response body =
        Response.ok(
                WireJson.jsonb().toJson(group.get(0).answer.apply(events)),
                MediaType.APPLICATION_JSON_TYPE)
            .build();
    for (int from = RESUME_CHUNK; from < group.size(); from += RESUME_CHUNK) {
      List<Waiter> chunk = group.subList(from, Math.min(group.size(), from + RESUME_CHUNK));
      try {
        executor().execute(() -> chunk.forEach(w -> resume(w, body)));
      } catch (RuntimeException e) {
        chunk.forEach(w -> resume(w, body));
      }
    }
    group.subList(0, Math.min(group.size(), RESUME_CHUNK)).forEach(w -> resume(w, body));
  }

  private void resume(Waiter w, Response body) {
    if (w.done.compareAndSet(false, true)) {
      release(w);
      w.response.resume(Response.fromResponse(body).build());
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
    if (executor != null) {
      executor.shutdown();
    }
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
