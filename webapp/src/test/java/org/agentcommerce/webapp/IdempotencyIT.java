package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.BuyerProbeResource;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestIssuer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Idempotency keys as a client meets them: replay, conflict, in flight, 5xx, expiry. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class IdempotencyIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.realWar().addClass(BuyerProbeResource.class);
  }

  @ArquillianResource URL base;

  private Http.Answer probe(Http http, Agents.Registered agent, String key, String body) {
    return http.post(
        "/agent/v1/test/buyer-probe",
        body,
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        TestIssuer.token("buyer-7"),
        "Idempotency-Key",
        key);
  }

  private int runs(Http http, Agents.Registered agent, String note) {
    return http.get("/agent/v1/test/buyer-probe/runs?note=" + note, "X-API-Key", agent.apiKey())
        .json()
        .getInt("runs");
  }

  @Test
  void sameKeyAndBodyReplaysTheStoredResponseAndRunsOnce() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String key = "key-" + note;
    Http.Answer first = probe(http, agent, key, "{\"note\":\"" + note + "\"}");
    assertEquals(200, first.status(), first::toString);
    assertFalse(first.header("Idempotent-Replayed").isPresent());
    // Same JSON, other member order and spacing: the same request.
    Http.Answer again = probe(http, agent, key, "{ \"note\" : \"" + note + "\" }");
    assertEquals(200, again.status(), again::toString);
    assertEquals("true", again.header("Idempotent-Replayed").orElse(""));
    assertEquals(first.json(), again.json());
    assertEquals(1, runs(http, agent, note));
  }

  @Test
  void sameKeyWithAnotherBodyIsAConflict() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    assertEquals(200, probe(http, agent, "k-" + note, "{\"note\":\"" + note + "\"}").status());
    Http.Answer other = probe(http, agent, "k-" + note, "{\"note\":\"" + note + "-other\"}");
    assertEquals(409, other.status(), other::toString);
    assertEquals("idempotency_conflict", other.json().getJsonObject("detail").getString("error"));
  }

  @Test
  void keyInTheBodyWorksLikeTheHeader() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\",\"idempotency_key\":\"body-" + note + "\"}";
    String token = TestIssuer.token("buyer-8");
    for (int i = 0; i < 3; i++) {
      Http.Answer answer =
          http.post(
              "/agent/v1/test/buyer-probe",
              body,
              "X-API-Key",
              agent.apiKey(),
              "X-Agent-User-JWT",
              token);
      assertEquals(200, answer.status(), answer::toString);
    }
    assertEquals(1, runs(http, agent, note));
  }

  @Test
  void concurrentDuplicatesRunOnceAndTheOthersAreToldItIsInFlight() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\",\"sleep_ms\":2000}";
    int threads = 12;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Http.Answer>> futures = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      futures.add(
          pool.submit(
              () -> {
                start.await();
                return probe(http, agent, "race-" + note, body);
              }));
    }
    start.countDown();
    int ok = 0;
    int inFlight = 0;
    for (Future<Http.Answer> f : futures) {
      Http.Answer answer = f.get();
      if (answer.status() == 200 && answer.header("Idempotent-Replayed").isEmpty()) {
        ok++;
      } else if (answer.status() == 409) {
        assertEquals(
            "idempotency_in_flight", answer.json().getJsonObject("detail").getString("error"));
        assertTrue(answer.header("Retry-After").isPresent(), answer::toString);
        inFlight++;
      } else {
        assertEquals("true", answer.header("Idempotent-Replayed").orElse(""), answer::toString);
      }
    }
    pool.shutdown();
    assertEquals(1, ok, "exactly one request ran");
    assertTrue(inFlight >= 1, "the others were told it is in flight");
    assertEquals(1, runs(http, agent, note));
    Http.Answer after = probe(http, agent, "race-" + note, body);
    assertEquals("true", after.header("Idempotent-Replayed").orElse(""), after::toString);
  }

  @Test
  void serverErrorsAreNeverStoredSoARetryRunsAgain() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String failing = "{\"note\":\"" + note + "\",\"fail\":true}";
    Http.Answer first = probe(http, agent, "f-" + note, failing);
    assertEquals(500, first.status(), first::toString);
    Http.Answer second = probe(http, agent, "f-" + note, failing);
    assertEquals(500, second.status(), second::toString);
    assertFalse(second.header("Idempotent-Replayed").isPresent());
    assertEquals(2, runs(http, agent, note));
  }

  @Test
  void expiredKeysAreCleanedUpAndCanBeUsedAgain() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String key = "exp-" + note;
    assertEquals(200, probe(http, agent, key, "{\"note\":\"" + note + "\"}").status());
    Agents.sql(
        "UPDATE idempotency_records SET expires_at = ? WHERE agent_id = ? AND idem_key = ?",
        Timestamp.from(Instant.now().minusSeconds(1)),
        agent.agentId(),
        key);
    long deadline = System.currentTimeMillis() + 15_000;
    while (Agents.query(
                "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ?",
                agent.agentId(),
                key)
            instanceof Number n
        && n.intValue() > 0) {
      assertTrue(System.currentTimeMillis() < deadline, "the clean-up did not run");
      Thread.sleep(250);
    }
    Http.Answer fresh = probe(http, agent, key, "{\"note\":\"" + note + "\"}");
    assertEquals(200, fresh.status(), fresh::toString);
    assertFalse(fresh.header("Idempotent-Replayed").isPresent());
    assertEquals(2, runs(http, agent, note));
  }
}
