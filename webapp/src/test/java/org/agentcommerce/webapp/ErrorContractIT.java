package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
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

/** Errors a client meets, in the two documented shapes and without internals. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ErrorContractIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  @Test
  void unknownPathIs404InDetailShape() {
    // Unguarded: the path is deliberately not in the document.
    Http.Answer answer = new Http(base).unguarded().get("/agent/v1/no-such-thing");
    assertEquals(404, answer.status());
    JsonObject detail = answer.json().getJsonObject("detail");
    assertEquals("NOT_FOUND", detail.getString("error"));
    assertFalse(detail.getString("message").isBlank());
    assertNoInternals(answer);
  }

  @Test
  void protectedContainerPathsAre404InDetailShape() {
    for (String path : new String[] {"/WEB-INF/web.xml", "/META-INF/MANIFEST.MF"}) {
      Http.Answer answer = new Http(base).unguarded().get(path);
      assertEquals(404, answer.status(), path);
      assertEquals("NOT_FOUND", answer.json().getJsonObject("detail").getString("error"), path);
      assertNoInternals(answer);
    }
  }

  @Test
  void wrongMethodIs405WithAllowHeader() {
    // Unguarded: the method is deliberately not one the document lists for the path.
    Http.Answer answer = new Http(base).unguarded().send("DELETE", "/agent/v1/health", null);
    assertEquals(405, answer.status());
    assertEquals("METHOD_NOT_ALLOWED", answer.json().getJsonObject("detail").getString("error"));
    assertTrue(answer.header("Allow").orElse("").contains("GET"), answer::toString);
    assertNoInternals(answer);
  }

  @Test
  void malformedJsonIs422JsonInvalid() {
    Http.Answer answer = new Http(base).post("/agent/v1/auth", "{\"agent_name\": \"x\",");
    assertValidation(answer, "body", null, "json_invalid");
  }

  @Test
  void trailingContentAfterTheJsonValueIs422() {
    String email = "\"agent_email\":\"trail-" + System.nanoTime() + "@y.co\"";
    Http.Answer answer =
        new Http(base).post("/agent/v1/auth", "{\"agent_name\":\"x\"," + email + "} {\"x\":1}");
    assertValidation(answer, "body", null, "json_invalid");
  }

  @Test
  void anArrayWhereAnObjectIsExpectedIs422() {
    String email = "\"agent_email\":\"array-" + System.nanoTime() + "@y.co\"";
    Http.Answer answer =
        new Http(base).post("/agent/v1/auth", "[{\"agent_name\":\"x\"," + email + "}]");
    assertValidation(answer, "body", null, "model_type");
  }

  @Test
  void aStringWhereABooleanIsExpectedIs422() {
    String email = "\"agent_email\":\"bool-" + System.nanoTime() + "@y.co\"";
    Http.Answer answer =
        new Http(base)
            .post("/agent/v1/auth", "{\"agent_name\":\"x\"," + email + ",\"rotate\":\"maybe\"}");
    assertEquals(422, answer.status(), answer::toString);
    assertNoInternals(answer);
  }

  @Test
  void wrongTypeIs422AtTheField() {
    Http.Answer answer =
        new Http(base)
            .post(
                "/agent/v1/auth",
                "{\"agent_name\":\"x\",\"agent_email\":\"x@y.co\",\"allowed_merchant_ids\":7}");
    assertValidation(answer, "body", "allowed_merchant_ids", "type_error");
  }

  @Test
  void missingFieldsAre422ForEachField() {
    Http.Answer answer = new Http(base).post("/agent/v1/auth", "{}");
    assertEquals(422, answer.status(), answer::toString);
    var detail = answer.json().getJsonArray("detail");
    assertEquals(2, detail.size(), answer::toString);
    assertEquals("agent_email", detail.getJsonObject(0).getJsonArray("loc").getString(1));
    assertEquals("agent_name", detail.getJsonObject(1).getJsonArray("loc").getString(1));
    assertEquals("missing", detail.getJsonObject(0).getString("type"));
    Http.Answer empty = new Http(base).post("/agent/v1/auth", "");
    assertValidation(empty, "body", null, "missing");
  }

  @Test
  void outOfRangeAndUnparsableQueryValuesAre422() {
    Http http = new Http(base);
    String key = Agents.register(http).apiKey();
    assertValidation(
        http.get("/agent/v1/merchants?limit=101", "X-API-Key", key),
        "query",
        "limit",
        "less_than_equal");
    assertValidation(
        http.get("/agent/v1/merchants?limit=0", "X-API-Key", key),
        "query",
        "limit",
        "greater_than_equal");
    assertValidation(
        http.get("/agent/v1/merchants?offset=-1", "X-API-Key", key),
        "query",
        "offset",
        "greater_than_equal");
    assertValidation(
        http.get("/agent/v1/merchants?limit=ten", "X-API-Key", key),
        "query",
        "limit",
        "type_error");
    assertValidation(
        http.get("/agent/v1/merchants?status=sleeping", "X-API-Key", key),
        "query",
        "status",
        "string_pattern_mismatch");
  }

  private static void assertValidation(
      Http.Answer answer, String where, String field, String type) {
    assertEquals(422, answer.status(), answer::toString);
    JsonObject first = answer.json().getJsonArray("detail").getJsonObject(0);
    assertEquals(where, first.getJsonArray("loc").getString(0), answer::toString);
    if (field != null) {
      assertEquals(field, first.getJsonArray("loc").getString(1), answer::toString);
    }
    assertEquals(type, first.getString("type"), answer::toString);
    assertFalse(first.getString("msg").isBlank());
    assertNoInternals(answer);
  }

  static void assertNoInternals(Http.Answer answer) {
    String body = answer.body();
    assertFalse(body.contains("Exception"), () -> "exception name leaked: " + body);
    assertFalse(body.contains("\tat "), () -> "stack trace leaked: " + body);
    assertFalse(body.contains("org.agentcommerce"), () -> "class name leaked: " + body);
    assertFalse(body.toLowerCase().contains("select "), () -> "SQL leaked: " + body);
  }

  @Test
  void twoDifferentCredentialsAreRefused() {
    Http http = new Http(base);
    Agents.Registered one = Agents.register(http);
    Agents.Registered other = Agents.register(http);
    Http.Answer answer =
        http.get(
            "/agent/v1/merchants",
            "X-API-Key",
            one.apiKey(),
            "Authorization",
            "Bearer " + other.apiKey());
    assertEquals(400, answer.status(), answer::toString);
    assertEquals("CREDENTIAL_CONFLICT", answer.json().getJsonObject("detail").getString("error"));
    Http.Answer same =
        http.get(
            "/agent/v1/merchants",
            "X-API-Key",
            one.apiKey(),
            "Authorization",
            "Bearer " + one.apiKey());
    assertEquals(200, same.status(), same::toString);
  }

  @Test
  void aSingleValuedQueryParameterSentTwiceIs422() {
    Http http = new Http(base);
    Agents.Registered agent = Agents.register(http);
    Http.Answer answer =
        http.get("/agent/v1/merchants?limit=1&limit=500", "X-API-Key", agent.apiKey());
    assertValidation(answer, "query", "limit", "value_error.duplicate_parameter");
  }
}
