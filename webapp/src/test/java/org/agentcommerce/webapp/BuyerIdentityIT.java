package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonString;
import java.net.URL;
import java.util.List;
import java.util.UUID;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Buyers;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestIssuer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Buyer tokens against a spending operation, the attack matrix, and buyer reference merges. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BuyerIdentityIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http.Answer spend(Http http, Agents.Registered agent, String token) {
    String body = "{\"note\":\"" + UUID.randomUUID() + "\"}";
    return token == null
        ? http.post("/agent/v1/test/buyer-probe", body, "X-API-Key", agent.apiKey())
        : http.post(
            "/agent/v1/test/buyer-probe",
            body,
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            token);
  }

  private static String code(Http.Answer answer) {
    return answer.json().getJsonObject("detail").getString("error");
  }

  @Test
  void verifiedBuyerMaySpend() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer answer = spend(http, agent, TestIssuer.token("buyer-42"));
    assertEquals(200, answer.status(), answer::toString);
    assertEquals("buyer-42", answer.json().getString("subject"));
  }

  @Test
  void withoutBuyerTokenSpendingIsUserAuthRequired() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer answer = spend(http, agent, null);
    assertEquals(401, answer.status(), answer::toString);
    assertEquals("USER_AUTH_REQUIRED", code(answer));
  }

  @Test
  void everyForgedOrWrongTokenIsRefusedWithItsOwnCode() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    long now = System.currentTimeMillis() / 1000;
    record Case(String token, String code) {}
    List<Case> cases =
        List.of(
            new Case(TestIssuer.unsignedToken("b"), "BUYER_TOKEN_UNSIGNED"),
            new Case(TestIssuer.hs256WithPublicKey("b"), "BUYER_TOKEN_ALGORITHM_REJECTED"),
            new Case(
                TestIssuer.token("b", c -> c.setIssuer("https://evil.example")),
                "BUYER_TOKEN_ISSUER_INVALID"),
            new Case(
                TestIssuer.token("b", c -> c.setAudience("someone-else")),
                "BUYER_TOKEN_AUDIENCE_INVALID"),
            new Case(
                TestIssuer.token(
                    "b",
                    c -> {
                      c.setIssuedAt(NumericDate.fromSeconds(now - 7200));
                      c.setNotBefore(NumericDate.fromSeconds(now - 7200));
                      c.setExpirationTime(NumericDate.fromSeconds(now - 3600));
                    }),
                "BUYER_TOKEN_EXPIRED"),
            new Case(
                TestIssuer.token(
                    "b",
                    c -> {
                      c.setNotBefore(NumericDate.fromSeconds(now + 1800));
                      c.setExpirationTime(NumericDate.fromSeconds(now + 3600));
                    }),
                "BUYER_TOKEN_NOT_YET_VALID"),
            new Case(TestIssuer.tokenSignedByStranger("b"), "BUYER_TOKEN_SIGNATURE_INVALID"),
            new Case("not-a-jwt", "BUYER_TOKEN_MALFORMED"),
            new Case("a.b.c", "BUYER_TOKEN_MALFORMED"));
    for (Case c : cases) {
      Http.Answer answer = spend(http, agent, c.token());
      assertEquals(401, answer.status(), () -> c.code() + ": " + answer);
      assertEquals(c.code(), code(answer), () -> "for " + c.code() + ": " + answer);
    }
  }

  @Test
  void mergedGuestIsFoundThroughTheUserAndChainsCollapse() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String guest1 = "guest:" + UUID.randomUUID();
    String guest2 = "guest:" + UUID.randomUUID();
    String user = "user:u_" + UUID.randomUUID().toString().substring(0, 8);

    Http.Answer first = Buyers.merge(http, agent, guest2, guest1);
    assertEquals(200, first.status(), first::toString);
    assertEquals(guest1, first.json().getString("target_buyer_ref"));
    Http.Answer second = Buyers.merge(http, agent, guest1, user);
    assertEquals(200, second.status(), second::toString);

    Http.Answer viaGuest2 = http.get("/agent/v1/buyers/" + guest2, "X-API-Key", agent.apiKey());
    assertEquals(user, viaGuest2.json().getString("canonical_buyer_ref"), viaGuest2::toString);
    Http.Answer viaUser = http.get("/agent/v1/buyers/" + user, "X-API-Key", agent.apiKey());
    assertEquals(
        List.of(guest1, guest2, user).stream().sorted().toList(),
        viaUser.json().getJsonArray("equivalent_buyer_refs").getValuesAs(JsonString.class).stream()
            .map(JsonString::getString)
            .toList());

    // Merging into an alias merges into its canonical reference.
    String guest3 = "guest:" + UUID.randomUUID();
    Http.Answer third = Buyers.merge(http, agent, guest3, guest2);
    assertEquals(user, third.json().getString("target_buyer_ref"), third::toString);

    // Another agent sees none of it.
    Agents.Registered other = Agents.register(http);
    Http.Answer foreign = http.get("/agent/v1/buyers/" + user, "X-API-Key", other.apiKey());
    assertEquals(404, foreign.status(), foreign::toString);
    assertEquals("BUYER_REF_NOT_FOUND", code(foreign));
  }

  @Test
  void aReferenceTheAgentNeverMergedIsNotFound() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String guest = "guest:" + UUID.randomUUID();
    String user = "user:u_" + UUID.randomUUID().toString().substring(0, 8);

    Http.Answer unknown = http.get("/agent/v1/buyers/" + guest, "X-API-Key", agent.apiKey());
    assertEquals(404, unknown.status(), unknown::toString);
    assertEquals("BUYER_REF_NOT_FOUND", code(unknown));
    assertEquals(guest, unknown.json().getJsonObject("detail").getString("buyer_ref"));

    assertEquals(200, Buyers.merge(http, agent, guest, user).status());
    for (String ref : List.of(guest, user)) {
      Http.Answer known = http.get("/agent/v1/buyers/" + ref, "X-API-Key", agent.apiKey());
      assertEquals(200, known.status(), known::toString);
      assertEquals(user, known.json().getString("canonical_buyer_ref"));
    }
  }

  @Test
  void mergeRefusesBadReferencesSelfMergesAndRemerges() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    String guest = "guest:" + UUID.randomUUID();
    Http.Answer bad = Buyers.merge(http, agent, "guest:not-a-uuid", "user:u_1");
    assertEquals(422, bad.status(), bad::toString);
    assertEquals("source_buyer_ref", bad.at("/detail/0/loc/1").toString().replace("\"", ""));
    Http.Answer badKind = Buyers.merge(http, agent, guest, "admin:root");
    assertEquals(422, badKind.status(), badKind::toString);
    Http.Answer self = Buyers.merge(http, agent, guest, guest);
    assertEquals(422, self.status(), self::toString);
    assertEquals(200, Buyers.merge(http, agent, guest, "user:alice").status());
    assertEquals(200, Buyers.merge(http, agent, guest, "user:alice").status(), "same merge again");
    Http.Answer remerge = Buyers.merge(http, agent, guest, "user:bob");
    assertEquals(409, remerge.status(), remerge::toString);
    assertEquals("BUYER_ALREADY_MERGED", code(remerge));
    Http.Answer badHeader =
        http.get("/agent/v1/merchants", "X-API-Key", agent.apiKey(), "X-Buyer-Ref", "guest:zzz");
    assertEquals(422, badHeader.status(), badHeader::toString);
    assertEquals("header", badHeader.at("/detail/0/loc/0").toString().replace("\"", ""));
  }
}
