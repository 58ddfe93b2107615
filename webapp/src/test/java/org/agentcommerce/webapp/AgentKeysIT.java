package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Agent registration, key checks, rotation, deactivation, merchant scope and rate limits. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentKeysIT {

  private static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  private static final String SAKURA = "merch_9a3d5e7b1c2f4068";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  @Test
  void registrationShowsKeyOnceAndStoresOnlyItsHash() throws Exception {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    assertTrue(agent.agentId().matches("agent_[0-9a-f]{16}"), agent.agentId());
    assertTrue(agent.apiKey().matches("ak_live_[0-9a-f]{64}"), agent.apiKey());
    String hash =
        String.format(
            "%064x",
            new BigInteger(
                1,
                MessageDigest.getInstance("SHA-256")
                    .digest(agent.apiKey().getBytes(StandardCharsets.UTF_8))));
    assertEquals(
        hash, Agents.query("SELECT key_hash FROM api_keys WHERE agent_id = ?", agent.agentId()));
    Object hint = Agents.query("SELECT key_hint FROM api_keys WHERE agent_id = ?", agent.agentId());
    assertFalse(agent.apiKey().equals(hint) || String.valueOf(hint).length() > 24);
  }

  @Test
  void sameEmailWithoutKeyIsRefusedAndHandsOutNoKey() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer again =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"Impostor\",\"agent_email\":\"" + agent.email() + "\"}");
    assertEquals(409, again.status(), again::toString);
    assertEquals(
        "AGENT_ALREADY_REGISTERED", again.json().getJsonObject("detail").getString("error"));
    assertFalse(again.body().contains("ak_live_"), again::toString);
  }

  @Test
  void ownKeyRetrievesTheRecordWithoutIssuingAKey() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer again =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"Test agent\",\"agent_email\":\"" + agent.email() + "\"}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(200, again.status(), again::toString);
    assertEquals(agent.agentId(), again.json().getString("agent_id"));
    assertTrue(again.json().isNull("api_key"));
  }

  @Test
  void rotationIssuesNewKeyAndOldKeyLastsOnlyTheGracePeriod() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer rotated =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"Test agent\",\"agent_email\":\""
                + agent.email()
                + "\",\"rotate\":true}",
            "Authorization",
            "Bearer " + agent.apiKey());
    assertEquals(200, rotated.status(), rotated::toString);
    String newKey = rotated.json().getString("api_key");
    assertNotEquals(agent.apiKey(), newKey);
    assertFalse(rotated.json().isNull("previous_key_expires_at"));
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", newKey).status());
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey()).status());

    // The grace period ends: the old key stops, the new one goes on.
    Agents.sql(
        "UPDATE api_keys SET expires_at = ? WHERE agent_id = ? AND expires_at IS NOT NULL",
        Timestamp.from(Instant.now().minusSeconds(5)),
        agent.agentId());
    Http.Answer old = http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey());
    assertEquals(401, old.status(), old::toString);
    assertEquals("INVALID_API_KEY", old.json().getJsonObject("detail").getString("error"));
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", newKey).status());
  }

  @Test
  void missingOrWrongKeysAre401AndBothHeaderStylesWork() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer none = http.get("/agent/v1/merchants");
    assertEquals(401, none.status());
    assertEquals("AUTHENTICATION_REQUIRED", none.json().getJsonObject("detail").getString("error"));
    String wrong = "ak_live_" + "0".repeat(64);
    assertEquals(401, http.get("/agent/v1/merchants", "X-API-Key", wrong).status());
    assertEquals(401, http.get("/agent/v1/merchants", "X-API-Key", "garbage").status());
    assertEquals(401, http.get("/agent/v1/merchants", "Authorization", "Bearer " + wrong).status());
    assertEquals(200, http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey()).status());
    assertEquals(
        200, http.get("/agent/v1/merchants", "Authorization", "Bearer " + agent.apiKey()).status());
  }

  @Test
  void deactivatedAgentIs403() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Agents.sql("UPDATE agents SET status = 'deactivated' WHERE id = ?", agent.agentId());
    Http.Answer answer = http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey());
    assertEquals(403, answer.status(), answer::toString);
    assertEquals("AGENT_DEACTIVATED", answer.json().getJsonObject("detail").getString("error"));
  }

  @Test
  void anotherAgentsKeyCannotReadOrRotateThisAgent() {
    Http http = new Http(base);
    Agents.Registered victim = Agents.register(http);
    Agents.Registered attacker = Agents.register(http);
    Http.Answer answer =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"x\",\"agent_email\":\"" + victim.email() + "\",\"rotate\":true}",
            "X-API-Key",
            attacker.apiKey());
    assertEquals(403, answer.status(), answer::toString);
    assertEquals("KEY_AGENT_MISMATCH", answer.json().getJsonObject("detail").getString("error"));
    assertFalse(answer.body().contains("ak_live_"));
  }

  @Test
  void scopedKeySeesOnlyItsMerchantsAndIsRefusedOthers() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http, new String[] {LUMEN});
    Http.Answer list = http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey());
    assertEquals(200, list.status(), list::toString);
    var merchants = list.json().getJsonArray("merchants");
    assertEquals(1, merchants.size());
    assertEquals(LUMEN, merchants.getJsonObject(0).getString("merchant_id"));
    assertEquals(
        200,
        http.get(
                "/agent/v1/test/buyer-probe/scope?merchant_id=" + LUMEN,
                "X-API-Key",
                agent.apiKey())
            .status());
    Http.Answer other =
        http.get(
            "/agent/v1/test/buyer-probe/scope?merchant_id=" + SAKURA, "X-API-Key", agent.apiKey());
    assertEquals(403, other.status(), other::toString);
    assertEquals("MERCHANT_ACCESS_DENIED", other.json().getJsonObject("detail").getString("error"));

    Agents.Registered unscoped = Agents.register(http);
    Http.Answer all = http.get("/agent/v1/merchants?limit=100", "X-API-Key", unscoped.apiKey());
    // the six demo merchants at least: other test classes may have added merchants of their own
    assertTrue(all.json().getJsonObject("pagination").getInt("total") >= 6, all::toString);
    List<String> ids = new ArrayList<>();
    all.json()
        .getJsonArray("merchants")
        .forEach(m -> ids.add(m.asJsonObject().getString("merchant_id")));
    assertTrue(ids.containsAll(List.of(LUMEN, SAKURA)), all::toString);
  }

  @Test
  void rateLimitAnswers429WithRetryAfterAndHeaders() {
    Http http = new Http(base);
    for (int attempt = 0; attempt < 2; attempt++) {
      Agents.Registered agent = Agents.register(http);
      Agents.sql("UPDATE agents SET tier = 'free' WHERE id = ?", agent.agentId());
      List<Http.Answer> answers = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        answers.add(http.get("/agent/v1/merchants?limit=1", "X-API-Key", agent.apiKey()));
      }
      String firstReset = answers.get(0).header("X-RateLimit-Reset").orElseThrow();
      if (!firstReset.equals(answers.get(5).header("X-RateLimit-Reset").orElseThrow())) {
        continue; // the minute turned during the burst; try again in the new window
      }
      for (int i = 0; i < 5; i++) {
        assertEquals(200, answers.get(i).status(), answers.get(i)::toString);
        assertEquals("5", answers.get(i).header("X-RateLimit-Limit").orElseThrow());
        assertEquals(
            String.valueOf(4 - i), answers.get(i).header("X-RateLimit-Remaining").orElseThrow());
      }
      Http.Answer refused = answers.get(5);
      assertEquals(429, refused.status(), refused::toString);
      JsonObject detail = refused.json().getJsonObject("detail");
      assertEquals("RATE_LIMITED", detail.getString("error"));
      long retryAfter = Long.parseLong(refused.header("Retry-After").orElseThrow());
      assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
      assertEquals("0", refused.header("X-RateLimit-Remaining").orElseThrow());
      return;
    }
    throw new AssertionError("two bursts both straddled a minute boundary");
  }
}
