package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Buyers;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Identity under pressure, on MariaDB: concurrent buyer merges stay acyclic and one step deep; key
 * rotation never widens scope or adds budget; only the current key rotates and revokes; revoked
 * keys stop; registration is throttled per client address.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class IdentityHardeningIT {

  private static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  private static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  private static final int MERGE_ROUNDS = 5;
  private static final int PAIRS = 40;

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  // ---- buyer merges ----

  @Test
  void concurrentOppositeAndChainedMergesNeverMakeACycle() throws Exception {
    Http http = new Http(base);
    ExecutorService pool = Executors.newFixedThreadPool(24);
    try {
      for (int round = 1; round <= MERGE_ROUNDS; round++) {
        Agents.Registered agent = Agents.register(http);
        List<String> guests = new ArrayList<>();
        List<String> users = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
          guests.add("guest:" + UUID.randomUUID());
          users.add("user:u" + round + "_" + i + "_" + ThreadLocalRandom.current().nextInt(1000));
        }
        // Every pair both ways at once, plus a ring of chained merges linking the pairs.
        List<String[]> merges = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
          merges.add(new String[] {guests.get(i), users.get(i)});
          merges.add(new String[] {users.get(i), guests.get(i)});
          merges.add(new String[] {users.get(i), guests.get((i + 1) % PAIRS)});
        }
        Collections.shuffle(merges);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Http.Answer>> answers = new ArrayList<>();
        for (String[] m : merges) {
          answers.add(
              pool.submit(
                  () -> {
                    start.await();
                    return Buyers.merge(http, agent, m[0], m[1]);
                  }));
        }
        start.countDown();
        int merged = 0;
        for (Future<Http.Answer> f : answers) {
          Http.Answer a = f.get();
          assertTrue(Set.of(200, 409, 422).contains(a.status()), a::toString);
          merged += a.status() == 200 ? 1 : 0;
        }
        assertTrue(merged >= PAIRS, "round " + round + ": only " + merged + " merges succeeded");

        int r = round;
        assertEquals(
            0,
            count(
                "SELECT COUNT(*) FROM buyer_aliases WHERE agent_id = ? AND source_ref = target_ref",
                agent.agentId()),
            () -> "round " + r + ": self-loops");
        assertEquals(
            0,
            count(
                "SELECT COUNT(*) FROM buyer_aliases a JOIN buyer_aliases b"
                    + " ON b.agent_id = a.agent_id AND b.source_ref = a.target_ref"
                    + " WHERE a.agent_id = ?",
                agent.agentId()),
            () -> "round " + r + ": an alias points at another alias (a chain or a cycle)");

        Map<String, JsonObject> roots = new HashMap<>();
        List<String> all = new ArrayList<>(guests);
        all.addAll(users);
        for (String ref : all) {
          Http.Answer viaRef = http.get("/agent/v1/buyers/" + ref, "X-API-Key", agent.apiKey());
          assertEquals(200, viaRef.status(), () -> "round " + r + " " + ref + ": " + viaRef);
          String canonical = viaRef.json().getString("canonical_buyer_ref");
          JsonObject root =
              roots.computeIfAbsent(
                  canonical,
                  c -> http.get("/agent/v1/buyers/" + c, "X-API-Key", agent.apiKey()).json());
          assertEquals(
              canonical,
              root.getString("canonical_buyer_ref"),
              () -> "round " + r + ": " + ref + " resolves to an alias, " + canonical);
          assertTrue(
              strings(root, "equivalent_buyer_refs").contains(ref),
              () -> "round " + r + ": " + canonical + " does not list " + ref);
          assertEquals(
              strings(root, "equivalent_buyer_refs"),
              strings(viaRef.json(), "equivalent_buyer_refs"));
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- agent keys ----

  @Test
  void rotationKeepsOrNarrowsTheScopeAndNeverWidensIt() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http, new String[] {LUMEN});

    Http.Answer empty = rotate(http, agent.email(), agent.apiKey(), "[]");
    assertEquals(422, empty.status(), empty::toString);
    assertEquals(
        "value_error.empty_scope",
        empty.json().getJsonArray("detail").getJsonObject(0).getString("type"));

    Http.Answer wider =
        rotate(http, agent.email(), agent.apiKey(), "[\"" + LUMEN + "\",\"" + SAKURA + "\"]");
    assertEquals(403, wider.status(), wider::toString);
    assertEquals("MERCHANT_ACCESS_DENIED", code(wider));
    assertFalse(wider.body().contains("ak_live_"), wider::toString);

    Http.Answer kept = rotate(http, agent.email(), agent.apiKey(), null);
    assertEquals(200, kept.status(), kept::toString);
    assertEquals(List.of(LUMEN), strings(kept.json(), "allowed_merchant_ids"));
    String newKey = kept.json().getString("api_key");
    assertEquals(403, scopeProbe(http, newKey, SAKURA).status());
    assertEquals(200, scopeProbe(http, newKey, LUMEN).status());
  }

  @Test
  void registrationWithAnEmptyMerchantListIsRefused() {
    Http http = new Http(base);
    Http.Answer answer =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"x\",\"agent_email\":\"e-"
                + UUID.randomUUID()
                + "@agents.test\",\"allowed_merchant_ids\":[]}");
    assertEquals(422, answer.status(), answer::toString);
    assertFalse(answer.body().contains("ak_live_"));
  }

  @Test
  void onlyTheCurrentKeyMayRotateOrRevoke() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer first = rotate(http, agent.email(), agent.apiKey(), null);
    assertEquals(200, first.status(), first::toString);
    String current = first.json().getString("api_key");

    Http.Answer again = rotate(http, agent.email(), agent.apiKey(), null);
    assertEquals(403, again.status(), again::toString);
    assertEquals("KEY_NOT_CURRENT", code(again));
    assertFalse(again.body().contains("ak_live_"), again::toString);

    String currentId = keyIds(http, current).get("current");
    Http.Answer revoke = revoke(http, agent.apiKey(), currentId);
    assertEquals(403, revoke.status(), revoke::toString);
    assertEquals("KEY_NOT_CURRENT", code(revoke));
    // The grace-period key still works for everything else, and the current key is untouched.
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey()).status());
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", current).status());
  }

  @Test
  void aLeakedKeyIsRevokedByTheCurrentKeyAndStopsAtOnce() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String leaked = agent.apiKey();
    String current = rotate(http, agent.email(), leaked, null).json().getString("api_key");

    Http.Answer list = http.get("/agent/v1/auth/keys", "X-API-Key", current);
    assertEquals(200, list.status(), list::toString);
    assertFalse(list.body().contains(leaked) || list.body().contains(current), "secrets listed");
    Map<String, String> ids = keyIds(http, current);
    assertEquals(Set.of("current", "grace"), ids.keySet());
    assertEquals(ids.get("current"), list.json().getString("calling_key_id"));

    Http.Answer revoked = revoke(http, current, ids.get("grace"));
    assertEquals(200, revoked.status(), revoked::toString);
    assertEquals("revoked", revoked.json().getJsonObject("key").getString("key_status"));
    Http.Answer refused = http.get("/agent/v1/merchants", "X-API-Key", leaked);
    assertEquals(401, refused.status(), refused::toString);
    assertEquals("INVALID_API_KEY", code(refused));
    assertEquals(
        "revoked", Agents.query("SELECT status FROM api_keys WHERE id = ?", ids.get("grace")));

    Http.Answer twice = revoke(http, current, ids.get("grace"));
    assertEquals(200, twice.status(), "revoking again changes nothing: " + twice);
    Http.Answer self = revoke(http, current, ids.get("current"));
    assertEquals(409, self.status(), self::toString);
    assertEquals("CURRENT_KEY_NOT_REVOCABLE", code(self));
    Http.Answer unknown = revoke(http, current, "key_0000000000000000");
    assertEquals(404, unknown.status(), unknown::toString);
    assertEquals("API_KEY_NOT_FOUND", code(unknown));

    // Another agent's key is invisible: not found, and still working.
    Agents.Registered other = Agents.register(http);
    String otherId = keyIds(http, other.apiKey()).get("current");
    Http.Answer foreign = revoke(http, current, otherId);
    assertEquals(404, foreign.status(), foreign::toString);
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", other.apiKey()).status());
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", current).status());
  }

  @Test
  void allKeysOfAnAgentShareOneRateLimit() {
    Http http = new Http(base);
    for (int attempt = 0; attempt < 2; attempt++) {
      Agents.Registered agent = Agents.register(http);
      Agents.sql("UPDATE agents SET tier = 'free' WHERE id = ?", agent.agentId());
      List<Http.Answer> answers = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        answers.add(http.get("/agent/v1/merchants?limit=1", "X-API-Key", agent.apiKey()));
      }
      Http.Answer rotated = rotate(http, agent.email(), agent.apiKey(), null);
      answers.add(rotated);
      String newKey = rotated.json().getString("api_key");
      answers.add(http.get("/agent/v1/merchants?limit=1", "X-API-Key", newKey));
      answers.add(http.get("/agent/v1/merchants?limit=1", "X-API-Key", newKey));
      answers.add(http.get("/agent/v1/merchants?limit=1", "X-API-Key", agent.apiKey()));
      String firstReset = answers.get(0).header("X-RateLimit-Reset").orElseThrow();
      if (!firstReset.equals(answers.get(6).header("X-RateLimit-Reset").orElseThrow())) {
        continue; // the minute turned during the burst; try again in the new window
      }
      // The tier allows 5 a minute (test setting): three calls, the rotation, one call more.
      for (int i = 0; i < 5; i++) {
        assertEquals(200, answers.get(i).status(), answers.get(i)::toString);
        assertEquals(
            String.valueOf(4 - i), answers.get(i).header("X-RateLimit-Remaining").orElseThrow());
      }
      for (int i = 5; i < 7; i++) {
        assertEquals(429, answers.get(i).status(), answers.get(i)::toString);
        assertEquals("RATE_LIMITED", code(answers.get(i)));
      }
      return;
    }
    throw new AssertionError("two bursts both straddled a minute boundary");
  }

  @Test
  void registrationIsThrottledPerClientAddress() {
    Http http = new Http(base);
    // Test servers allow 60 registrations a minute per address and trust X-Forwarded-For, so each
    // attempt counts against an address of its own. Malformed attempts count as well.
    for (int attempt = 0; attempt < 2; attempt++) {
      String address = "2001:db8::" + Integer.toHexString(ThreadLocalRandom.current().nextInt());
      List<Http.Answer> answers = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        answers.add(http.post("/agent/v1/auth", "{}", "X-Forwarded-For", address));
      }
      String email = "throttled-" + UUID.randomUUID() + "@agents.test";
      String body = "{\"agent_name\":\"x\",\"agent_email\":\"" + email + "\"}";
      Http.Answer refused = http.post("/agent/v1/auth", body, "X-Forwarded-For", address);
      String firstReset = answers.get(0).header("X-RateLimit-Reset").orElse("?");
      if (!firstReset.equals(refused.header("X-RateLimit-Reset").orElse("?"))) {
        continue;
      }
      answers.forEach(a -> assertEquals(422, a.status(), a::toString));
      assertEquals(429, refused.status(), refused::toString);
      assertEquals("RATE_LIMITED", code(refused));
      long retryAfter = Long.parseLong(refused.header("Retry-After").orElseThrow());
      assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
      assertFalse(refused.body().contains("ak_live_"));
      assertEquals(null, Agents.query("SELECT id FROM agents WHERE email = ?", email));

      Http.Answer elsewhere =
          http.post("/agent/v1/auth", body, "X-Forwarded-For", "203.0.113." + (attempt + 1));
      assertEquals(200, elsewhere.status(), elsewhere::toString);
      return;
    }
    throw new AssertionError("two bursts both straddled a minute boundary");
  }

  // ---- helpers ----

  private static Http.Answer rotate(Http http, String email, String key, String merchants) {
    return http.post(
        "/agent/v1/auth",
        "{\"agent_name\":\"Test agent\",\"agent_email\":\""
            + email
            + "\",\"rotate\":true"
            + (merchants == null ? "" : ",\"allowed_merchant_ids\":" + merchants)
            + "}",
        "X-API-Key",
        key);
  }

  private static Http.Answer revoke(Http http, String key, String keyId) {
    return http.send("POST", "/agent/v1/auth/keys/" + keyId + "/revoke", null, "X-API-Key", key);
  }

  /** The listed keys' ids by state (one per state in these tests). */
  private static Map<String, String> keyIds(Http http, String key) {
    Http.Answer list = http.get("/agent/v1/auth/keys", "X-API-Key", key);
    assertEquals(200, list.status(), list::toString);
    Map<String, String> ids = new HashMap<>();
    for (JsonObject k : list.json().getJsonArray("keys").getValuesAs(JsonObject.class)) {
      ids.put(k.getString("key_status"), k.getString("key_id"));
    }
    return ids;
  }

  private static Http.Answer scopeProbe(Http http, String key, String merchant) {
    return http.get("/agent/v1/test/buyer-probe/scope?merchant_id=" + merchant, "X-API-Key", key);
  }

  private static String code(Http.Answer answer) {
    return answer.json().getJsonObject("detail").getString("error");
  }

  private static List<String> strings(JsonObject object, String name) {
    return object.getJsonArray(name).getValuesAs(JsonString.class).stream()
        .map(JsonString::getString)
        .sorted()
        .toList();
  }

  private static long count(String sql, String agentId) {
    return ((Number) Agents.query(sql, agentId)).longValue();
  }
}
