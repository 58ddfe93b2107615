package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Errors a client meets, in the two documented shapes and without internals. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ErrorContractIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.realWar();
  }

  @ArquillianResource URL base;

  @Test
  void unknownPathIs404InDetailShape() {
    Http.Answer answer = new Http(base).get("/agent/v1/no-such-thing");
    assertEquals(404, answer.status());
    JsonObject detail = answer.json().getJsonObject("detail");
    assertEquals("NOT_FOUND", detail.getString("error"));
    assertFalse(detail.getString("message").isBlank());
    assertNoInternals(answer);
  }

  @Test
  void wrongMethodIs405WithAllowHeader() {
    Http.Answer answer = new Http(base).send("DELETE", "/agent/v1/health", null);
    assertEquals(405, answer.status());
    assertEquals("METHOD_NOT_ALLOWED", answer.json().getJsonObject("detail").getString("error"));
    assertTrue(answer.header("Allow").orElse("").contains("GET"), answer::toString);
    assertNoInternals(answer);
  }

  static void assertNoInternals(Http.Answer answer) {
    String body = answer.body();
    assertFalse(body.contains("Exception"), () -> "exception name leaked: " + body);
    assertFalse(body.contains("\tat "), () -> "stack trace leaked: " + body);
    assertFalse(body.contains("org.agentcommerce"), () -> "class name leaked: " + body);
    assertFalse(body.toLowerCase().contains("select "), () -> "SQL leaked: " + body);
  }
}
