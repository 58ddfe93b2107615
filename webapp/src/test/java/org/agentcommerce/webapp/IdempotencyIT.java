package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
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
import org.agentcommerce.webapp.support.SecondNode;
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
    return Deployments.shared();
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
    int threads = 32;
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
        "UPDATE idempotency_records SET expires_at = '2000-01-01 00:00:00' WHERE agent_id = ?"
            + " AND idem_key = ?",
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

  private Http.Answer probeAs(
      Http http, Agents.Registered agent, String key, String body, String buyer, String path) {
    return http.post(
        path,
        body,
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        TestIssuer.token(buyer),
        "Idempotency-Key",
        key);
  }

  private static String error(Http.Answer answer) {
    return answer.json().getJsonObject("detail").getString("error");
  }

  /** Waits until the first request holds its claim (a cold node may take a while to get there). */
  private static void awaitClaim(Agents.Registered agent, String key) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 20_000;
    while (count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ?",
            agent.agentId(),
            key)
        == 0) {
      assertTrue(System.currentTimeMillis() < deadline, "the first request never claimed " + key);
      Thread.sleep(50);
    }
  }

  private static int count(String sql, Object... parameters) {
    return ((Number) Agents.query(sql, parameters)).intValue();
  }

  /** Item 1: a slow holder renews its lease; duplicates during and after the timeout wait. */
  @Test
  void aSlowHolderKeepsItsClaimPastTheTimeoutAndThirtyTwoDuplicatesRunNothing() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String key = "slow-" + note;
    // The in-flight timeout of the test servers is 5 s: the first request runs for 14 s, so that
    // wave 2 (6 s after wave 1) is answered well before it ends, even on a loaded machine.
    String body = "{\"note\":\"" + note + "\",\"sleep_ms\":14000}";
    ExecutorService pool = Executors.newFixedThreadPool(33);
    try {
      Future<Http.Answer> first = pool.submit(() -> probe(http, agent, key, body));
      awaitClaim(agent, key);
      for (int wave = 0; wave < 2; wave++) {
        // Wave 1 while the lease is fresh, wave 2 after a whole unrenewed lease would have run out.
        Thread.sleep(wave == 0 ? 0 : 6000);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Http.Answer>> duplicates = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
          duplicates.add(
              pool.submit(
                  () -> {
                    start.await();
                    return probe(http, agent, key, body);
                  }));
        }
        start.countDown();
        for (Future<Http.Answer> f : duplicates) {
          Http.Answer answer = f.get();
          assertEquals(409, answer.status(), answer::toString);
          assertEquals("idempotency_in_flight", error(answer));
        }
      }
      Http.Answer done = first.get();
      assertEquals(200, done.status(), done::toString);
      assertFalse(done.header("Idempotent-Replayed").isPresent());
    } finally {
      pool.shutdown();
    }
    assertEquals(1, runs(http, agent, note));
    Http.Answer replay = probe(http, agent, key, body);
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay::toString);
    assertEquals(1, runs(http, agent, note));
  }

  /** Items 1 and 2: the key completes with the work, in one transaction, or neither commits. */
  @Test
  void theKeyCompletesInTheSameTransactionAsTheWork() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    Http.Answer written =
        probe(http, agent, "w-" + note, "{\"note\":\"" + note + "\",\"write\":true}");
    assertEquals(200, written.status(), written::toString);
    String marker = "SELECT COUNT(*) FROM buyer_aliases WHERE agent_id = ? AND source_ref = ?";
    assertEquals(1, count(marker, agent.agentId(), "user:probe-" + note));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ? AND"
                + " state = 'completed' AND response_status = 200",
            agent.agentId(),
            "w-" + note));

    // Another node takes the claim over while this request runs: this request's write must not
    // commit, and it must not complete or release the other holder's claim.
    String stolen = UUID.randomUUID().toString();
    Http.Answer lost =
        probe(
            http,
            agent,
            "s-" + stolen,
            "{\"note\":\"" + stolen + "\",\"write\":true,\"steal_claim\":true}");
    assertEquals(409, lost.status(), lost::toString);
    assertEquals("idempotency_in_flight", error(lost));
    assertEquals(0, count(marker, agent.agentId(), "user:probe-" + stolen));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ? AND"
                + " holder = 'another-node' AND state = 'in_flight'",
            agent.agentId(),
            "s-" + stolen));
  }

  /** Item 3: two nodes in time zones nine hours apart agree that a fresh claim is fresh. */
  @Test
  void nodesInDifferentTimeZonesDoNotTakeOverEachOthersFreshClaims() throws Exception {
    String zone =
        java.util.TimeZone.getDefault().getRawOffset() == 9 * 3_600_000
            ? "America/Los_Angeles"
            : "Asia/Tokyo";
    try (SecondNode other =
        SecondNode.start(
            Deployments.realWar().addClass(BuyerProbeResource.class), "-Duser.timezone=" + zone)) {
      Http here = new Http(base);
      Http there = new Http(other.base());
      Agents.Registered agent = Agents.register(here);
      // a first request on the new node, so that its cold start is not inside the 5 s race
      String warm = UUID.randomUUID().toString();
      assertEquals(
          200, probe(there, agent, "warm-" + warm, "{\"note\":\"" + warm + "\"}").status());
      for (Http[] pair : new Http[][] {{here, there}, {there, here}}) {
        String note = UUID.randomUUID().toString();
        String key = "tz-" + note;
        String body = "{\"note\":\"" + note + "\",\"sleep_ms\":5000}";
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
          Future<Http.Answer> first = pool.submit(() -> probe(pair[0], agent, key, body));
          awaitClaim(agent, key);
          Http.Answer retry = probe(pair[1], agent, key, body);
          assertEquals(409, retry.status(), retry::toString);
          assertEquals("idempotency_in_flight", error(retry));
          assertEquals(200, first.get().status());
        } finally {
          pool.shutdown();
        }
        Http.Answer replay = probe(pair[1], agent, key, body);
        assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay::toString);
        assertEquals(1, runs(here, agent, note) + runs(there, agent, note));
      }
    }
  }

  /** Item 4: the operation is the matched template, however the path is spelled. */
  @Test
  void everySpellingOfThePathIsTheSameOperation() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\"}";
    String key = "p-" + note;
    String path = "/agent/v1/test/buyer-probe";
    assertEquals(200, probeAs(http, agent, key, body, "buyer-7", path).status());
    for (String spelling : List.of(path + "/", path + ";v=2")) {
      Http.Answer again = probeAs(http, agent, key, body, "buyer-7", spelling);
      assertEquals(200, again.status(), spelling + " " + again);
      assertEquals("true", again.header("Idempotent-Replayed").orElse(""), spelling);
    }
    assertEquals(1, runs(http, agent, note));
  }

  /** Item 5: keys and buyer references compare byte for byte on MariaDB. */
  @Test
  void keysAndBuyerReferencesAreCaseSensitive() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\"}";
    assertEquals(200, probe(http, agent, "Pay-Order-" + note, body).status());
    Http.Answer lower = probe(http, agent, "pay-order-" + note, body);
    assertEquals(200, lower.status(), lower::toString);
    assertFalse(lower.header("Idempotent-Replayed").isPresent(), lower::toString);
    assertEquals(2, runs(http, agent, note));

    Http.Answer merged =
        http.post(
            "/agent/v1/buyers/merge",
            "{\"source_buyer_ref\":\"user:Alice\",\"target_buyer_ref\":\"user:bob\"}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(200, merged.status(), merged::toString);
    Http.Answer alice = http.get("/agent/v1/buyers/user:alice", "X-API-Key", agent.apiKey());
    assertTrue(
        alice.status() == 404 || "user:alice".equals(alice.json().getString("canonical_buyer_ref")),
        alice::toString);
    // Accents count too: the same key with and without one are two keys.
    for (String bodyKey : List.of("caf\u00e9-" + note, "cafe-" + note)) {
      Http.Answer answer =
          http.post(
              "/agent/v1/test/buyer-probe",
              "{\"note\":\"" + note + "-accent\",\"idempotency_key\":\"" + bodyKey + "\"}",
              "X-API-Key",
              agent.apiKey(),
              "X-Agent-User-JWT",
              TestIssuer.token("buyer-7"));
      assertEquals(200, answer.status(), answer::toString);
      assertFalse(answer.header("Idempotent-Replayed").isPresent(), answer::toString);
    }
    assertEquals(2, runs(http, agent, note + "-accent"));
  }

  /** Item 6: another buyer, no buyer, or a narrower key never gets this request's answer. */
  @Test
  void aReplayGoesOnlyToTheSameCallerAndBuyer() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\"}";
    String key = "who-" + note;
    String path = "/agent/v1/test/buyer-probe";
    assertEquals(200, probeAs(http, agent, key, body, "buyer-a", path).status());

    Http.Answer otherBuyer = probeAs(http, agent, key, body, "buyer-b", path);
    assertEquals(409, otherBuyer.status(), otherBuyer::toString);
    assertEquals("idempotency_conflict", error(otherBuyer));
    assertFalse(otherBuyer.body().contains("buyer-a"), otherBuyer::toString);

    Http.Answer noBuyer =
        http.post(path, body, "X-API-Key", agent.apiKey(), "Idempotency-Key", key);
    assertEquals(401, noBuyer.status(), noBuyer::toString);
    assertEquals("USER_AUTH_REQUIRED", error(noBuyer));

    Http.Answer rotated =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"Test agent\",\"agent_email\":\""
                + agent.email()
                + "\",\"rotate\":true,\"allowed_merchant_ids\":[\"merch_7c1e4a9d2b5f3e80\"]}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(200, rotated.status(), rotated::toString);
    Agents.Registered narrower =
        new Agents.Registered(agent.agentId(), agent.email(), rotated.json().getString("api_key"));
    Http.Answer narrowKey = probeAs(http, narrower, key, body, "buyer-a", path);
    assertEquals(409, narrowKey.status(), narrowKey::toString);
    assertEquals("idempotency_conflict", error(narrowKey));
    assertEquals(1, runs(http, agent, note));

    // An authorization refusal is not stored: the key is free again.
    String denied = "deny-" + note;
    Http.Answer refused =
        probeAs(
            http,
            narrower,
            denied,
            "{\"note\":\"" + note + "-d\",\"merchant_id\":\"merch_other\"}",
            "buyer-a",
            path);
    assertEquals(403, refused.status(), refused::toString);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ?",
            agent.agentId(),
            denied));
  }

  /** Item 7: unambiguous queries, any path length, and replays with their headers. */
  @Test
  void queriesAreCanonicalLongPathsWorkAndReplaysKeepTheirHeaders() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + note + "\"}";
    String path = "/agent/v1/test/buyer-probe";
    assertEquals(
        200, probeAs(http, agent, "q-" + note, body, "buyer-7", path + "?n=a&n=b").status());
    Http.Answer joined = probeAs(http, agent, "q-" + note, body, "buyer-7", path + "?n=a,%20b");
    assertEquals(409, joined.status(), joined::toString);
    assertEquals("idempotency_conflict", error(joined));

    String longPath = path + ";pad=" + "x".repeat(300);
    Http.Answer longOne = probeAs(http, agent, "l-" + note, body, "buyer-7", longPath);
    assertEquals(200, longOne.status(), longOne::toString);

    String created = "{\"note\":\"" + note + "-c\",\"created\":true}";
    Http.Answer first = probeAs(http, agent, "c-" + note, created, "buyer-7", path);
    assertEquals(201, first.status(), first::toString);
    Http.Answer replay = probeAs(http, agent, "c-" + note, created, "buyer-7", path);
    assertEquals(201, replay.status(), replay::toString);
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(""));
    assertEquals(first.header("Location"), replay.header("Location"));
    assertEquals("7", replay.header("Retry-After").orElse(""));
    assertEquals(first.json(), replay.json());
  }

  /** Item 12: bodies over the limit are refused before anything reads them. */
  @Test
  void bodiesOverTheLimitAreRefusedWith413() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String huge = "{\"raw_query\":\"" + "a".repeat(2 * 1024 * 1024) + "\"}";
    Http.Answer sized = http.post("/agent/v1/briefs/build", huge, "X-API-Key", agent.apiKey());
    assertEquals(413, sized.status(), () -> sized.status() + " " + sized.headers());
    assertEquals("PAYLOAD_TOO_LARGE", error(sized));

    java.net.http.HttpResponse<String> chunked =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            "http://127.0.0.1:" + base.getPort() + "/agent/v1/briefs/build"))
                    .header("X-API-Key", agent.apiKey())
                    .header("Content-Type", "application/json")
                    .POST(
                        java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                            () ->
                                new java.io.ByteArrayInputStream(
                                    huge.getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertEquals(413, chunked.statusCode(), chunked::body);
    assertTrue(chunked.body().contains("PAYLOAD_TOO_LARGE"), chunked::body);
  }

  /** Outside effects: an unknown outcome is never run again, however old, until reconciled. */
  @Test
  void anUnknownOutcomeIsNeverRunAgainNotEvenAfterItsKeyExpired() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String path = "/agent/v1/test/buyer-probe/external";
    String note = UUID.randomUUID().toString();
    String failing = "{\"note\":\"" + note + "\",\"fail\":true}";
    String key = "charge-" + note;
    assertEquals(500, probeAs(http, agent, key, failing, "buyer-7", path).status());
    Http.Answer unknown = probeAs(http, agent, key, failing, "buyer-7", path);
    assertEquals(409, unknown.status(), unknown::toString);
    assertEquals("idempotency_outcome_unknown", error(unknown));
    assertEquals("5", unknown.header("Retry-After").orElse(""));
    // A day later (expired) and after a clean-up: still unknown, still not run again.
    Agents.sql(
        "UPDATE idempotency_records SET expires_at = '2000-01-01 00:00:00' WHERE agent_id = ?"
            + " AND idem_key = ?",
        agent.agentId(),
        key);
    Thread.sleep(3000); // the clean-up runs every 2 s in the tests
    Http.Answer later = probeAs(http, agent, key, failing, "buyer-7", path);
    assertEquals(409, later.status(), later::toString);
    assertEquals("idempotency_outcome_unknown", error(later));
    assertEquals(1, runs(http, agent, note));

    // A node died in the middle of an outside call: its claim becomes unknown, not taken over.
    String died = UUID.randomUUID().toString();
    String body = "{\"note\":\"" + died + "\"}";
    String diedKey = "died-" + died;
    Agents.sql(
        "INSERT INTO idempotency_records (id, agent_id, operation, idem_key, request_hash, state,"
            + " holder, outside_effects, created_at, lease_until, expires_at) VALUES (?, ?, ?, ?,"
            + " 'x', 'in_flight', 'dead-node', 1, '2000-01-01 00:00:00', '2000-01-01 00:00:00',"
            + " '2000-01-02 00:00:00')",
        "idem_" + died.substring(0, 8),
        agent.agentId(),
        "POST " + path,
        diedKey);
    Http.Answer retry = probeAs(http, agent, diedKey, body, "buyer-7", path);
    assertEquals(409, retry.status(), retry::toString);
    assertEquals(0, runs(http, agent, died));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND idem_key = ? AND"
                + " state = 'outcome_unknown'",
            agent.agentId(),
            diedKey));
  }

  /** Keys compare byte for byte on MariaDB too: a trailing space makes another key. */
  @Test
  void aTrailingSpaceMakesAnotherKey() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String note = UUID.randomUUID().toString();
    for (String bodyKey : List.of("pad-" + note, "pad-" + note + " ")) {
      Http.Answer answer =
          http.post(
              "/agent/v1/test/buyer-probe",
              "{\"note\":\"" + note + "\",\"idempotency_key\":\"" + bodyKey + "\"}",
              "X-API-Key",
              agent.apiKey(),
              "X-Agent-User-JWT",
              TestIssuer.token("buyer-7"));
      assertEquals(200, answer.status(), answer::toString);
      assertFalse(answer.header("Idempotent-Replayed").isPresent(), answer::toString);
    }
    assertEquals(2, runs(http, agent, note));
  }
}
