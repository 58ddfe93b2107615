package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.UUID;
import org.agentcommerce.webapp.support.Agents;
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

/**
 * What an agent sees for buyer tokens the issuer did sign but that must still be refused (blank
 * subject, too long a lifetime, issued in the future, not valid yet), for foreign signatures, and
 * for unknown key ids while the issuer's JWKS endpoint hangs.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BuyerTokenRulesIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private static Http.Answer spend(Http http, Agents.Registered agent, String token) {
    return http.post(
        "/agent/v1/test/buyer-probe",
        "{\"note\":\"" + UUID.randomUUID() + "\"}",
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        token);
  }

  private static String code(Http.Answer answer) {
    return answer.json().getJsonObject("detail").getString("error");
  }

  @Test
  void signedTokensBreakingARuleAreRefusedWithTheirOwnCodes() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    long now = System.currentTimeMillis() / 1000;
    record Case(String name, String token, String code) {}
    List<Case> cases =
        List.of(
            new Case(
                "empty sub",
                TestIssuer.token("b", c -> c.setSubject("")),
                "BUYER_TOKEN_CLAIMS_MISSING"),
            new Case(
                "blank sub",
                TestIssuer.token("b", c -> c.setSubject("   ")),
                "BUYER_TOKEN_CLAIMS_MISSING"),
            new Case(
                "ten-year lifetime",
                TestIssuer.token(
                    "b", c -> c.setExpirationTime(NumericDate.fromSeconds(now + 315_360_000L))),
                "BUYER_TOKEN_LIFETIME_TOO_LONG"),
            new Case(
                "iat a day ahead",
                TestIssuer.token(
                    "b",
                    c -> {
                      c.setIssuedAt(NumericDate.fromSeconds(now + 86_400));
                      c.setExpirationTime(NumericDate.fromSeconds(now + 87_000));
                    }),
                "BUYER_TOKEN_ISSUED_IN_FUTURE"),
            new Case(
                "nbf in the future, after exp",
                TestIssuer.token("b", c -> c.setNotBefore(NumericDate.fromSeconds(now + 1800))),
                "BUYER_TOKEN_NOT_YET_VALID"),
            new Case(
                "foreign ES256 naming the issuer's RSA key",
                TestIssuer.es256Foreign("b", "test-key-1"),
                "BUYER_TOKEN_KEY_UNKNOWN"),
            new Case(
                "foreign ES256 without kid",
                TestIssuer.es256Foreign("b", null),
                "BUYER_TOKEN_KEY_UNKNOWN"));
    for (Case c : cases) {
      Http.Answer answer = spend(http, agent, c.token());
      assertEquals(401, answer.status(), () -> c.name() + ": " + answer);
      assertEquals(c.code(), code(answer), () -> c.name() + ": " + answer);
    }
  }

  @Test
  void lifetimeOfADayIsAccepted() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    long now = System.currentTimeMillis() / 1000;
    String token =
        TestIssuer.token("b-day", c -> c.setExpirationTime(NumericDate.fromSeconds(now + 86_400)));

    Http.Answer answer = spend(http, agent, token);

    assertEquals(200, answer.status(), answer::toString);
    assertEquals("b-day", answer.json().getString("subject"));
  }

  @Test
  void unknownKeyIdsAreRefusedAtOnceWhileTheJwksEndpointHangs() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    assertEquals(200, spend(http, agent, TestIssuer.token("before")).status(), "keys loaded");
    int fetchesBefore = TestIssuer.jwksRequests();
    TestIssuer.hangJwks(true);
    try {
      long slowest = 0;
      for (int i = 0; i < 20; i++) {
        String forged = TestIssuer.tokenWithUnknownKeyId("b", "rotated-" + i);
        long t0 = System.nanoTime();
        Http.Answer answer = spend(http, agent, forged);
        slowest = Math.max(slowest, (System.nanoTime() - t0) / 1_000_000);
        assertEquals(401, answer.status(), answer::toString);
        assertEquals("BUYER_TOKEN_KEY_UNKNOWN", code(answer), answer::toString);
      }
      Http.Answer valid = spend(http, agent, TestIssuer.token("during"));

      assertEquals(200, valid.status(), () -> "known keys still verify: " + valid);
      assertTrue(slowest < 2000, "slowest unknown-kid answer took " + slowest + " ms");
      int fetches = TestIssuer.jwksRequests() - fetchesBefore;
      assertTrue(fetches <= 1, fetches + " JWKS fetches for 20 unknown key ids");
    } finally {
      TestIssuer.hangJwks(false);
    }
  }
}
