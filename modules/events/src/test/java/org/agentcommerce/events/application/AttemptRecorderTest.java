package org.agentcommerce.events.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.junit.jupiter.api.Test;

/** Outcomes written in batches: a delivery is let go of whether its outcome counted or not. */
class AttemptRecorderTest {

  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private final List<List<String>> batches = new ArrayList<>();
  private final List<String> changed = new ArrayList<>();
  private RuntimeException failure;

  private final WebhookStore store =
      (WebhookStore)
          Proxy.newProxyInstance(
              WebhookStore.class.getClassLoader(),
              new Class<?>[] {WebhookStore.class},
              (proxy, method, args) -> {
                if (!method.getName().equals("finishAll")) {
                  throw new AssertionError("unexpected " + method.getName());
                }
                @SuppressWarnings("unchecked")
                List<WebhookStore.Finished> done = (List<WebhookStore.Finished>) args[0];
                batches.add(done.stream().map(WebhookStore.Finished::deliveryId).toList());
                if (failure != null) {
                  throw failure;
                }
                return new boolean[done.size()]; // every lease ran out: nothing counted
              });

  private final AttemptRecorder recorder =
      new AttemptRecorder(
          held,
          () -> store,
          () -> {
            throw new AssertionError("no attempt counts when its lease ran out");
          },
          changed::add);

  private static WebhookStore.Finished finished(String id, Integer status) {
    return new WebhookStore.Finished(
        id,
        "agent_a",
        "holder-1",
        new WebhookStore.Attempt(1, Instant.EPOCH, "example.com", status, 5, null),
        "failed",
        0,
        false);
  }

  @Test
  void anOutcomeRefusedForItsLeaseLetsTheDeliveryGoAndChangesNothing() {
    held.add("whd_1");
    recorder.record(finished("whd_1", 410));
    assertEquals(List.of(List.of("whd_1")), batches);
    assertTrue(held.isEmpty());
    assertTrue(changed.isEmpty(), "a 410 whose outcome did not count disables nothing");
  }

  @Test
  void aFailedWriteLetsTheBatchGoToBeSentAgainAfterTheLease() {
    failure = new IllegalStateException("database down");
    held.add("whd_1");
    held.add("whd_2");
    recorder.record(finished("whd_1", 500));
    recorder.record(finished("whd_2", 500));
    assertEquals(List.of(List.of("whd_1"), List.of("whd_2")), batches);
    assertTrue(held.isEmpty());
  }
}
