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

/** The service endpoints of the real WAR on Payara Micro and MariaDB, seen by a client. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ServiceEndpointsIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  /** Readiness includes the catalog index, built in the background after deployment. */
  private static Http.Answer awaitReady(Http http) {
    long deadline = System.currentTimeMillis() + 60_000;
    Http.Answer ready = http.get("/health/ready");
    while (ready.status() != 200 && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      ready = http.get("/health/ready");
    }
    return ready;
  }

  @Test
  void healthReportsVersionAndMariaDbWithoutCredential() throws InterruptedException {
    Http.Answer answer = new Http(base).get("/agent/v1/health");
    // While the node builds its search index, health is a 503 that says so.
    for (int i = 0; i < 300 && answer.status() == 503; i++) {
      assertEquals("starting", answer.json().getString("status"), answer::toString);
      Thread.sleep(200);
      answer = new Http(base).get("/agent/v1/health");
    }
    assertEquals(200, answer.status(), answer.toString());
    JsonObject body = answer.json();
    assertEquals("healthy", body.getString("status"));
    assertEquals("1.0.0", body.getString("api_version"));
    assertFalse(body.getString("version").isBlank());
    assertEquals("up", body.getJsonObject("database").getString("status"));
    assertEquals("MariaDB", body.getJsonObject("database").getString("product"));
  }

  @Test
  void microProfileHealthAndMetricsAreServed() {
    Http http = new Http(base);
    Http.Answer ready = awaitReady(http);
    assertEquals(200, ready.status(), ready::toString);
    assertEquals("UP", ready.json().getString("status"));
    assertTrue(ready.body().contains("\"database\""), ready::toString);
    assertTrue(ready.body().contains("\"catalog-index\""), ready::toString);
    Http.Answer live = http.get("/health/live");
    assertEquals(200, live.status(), live::toString);
    assertEquals("UP", live.json().getString("status"));
    Http.Answer metrics = http.get("/metrics");
    assertEquals(200, metrics.status());
    assertTrue(metrics.body().contains("# TYPE"), "Prometheus text format");
  }

  @Test
  void openApiDocumentIsHonestOpenApi31() {
    Http.Answer answer = new Http(base).get("/agent/v1/openapi.json");
    assertEquals(200, answer.status(), answer::toString);
    JsonObject doc = answer.json();
    assertEquals("3.1.0", doc.getString("openapi"));
    assertEquals("1.0.0", doc.getJsonObject("info").getString("version"));
    JsonObject schemes = doc.getJsonObject("components").getJsonObject("securitySchemes");
    JsonObject apiKey = schemes.getJsonObject("APIKeyHeader");
    assertEquals("apiKey", apiKey.getString("type"));
    assertEquals("header", apiKey.getString("in"));
    assertEquals("X-API-Key", apiKey.getString("name"));
    JsonObject bearer = schemes.getJsonObject("HTTPBearer");
    assertEquals("http", bearer.getString("type"));
    assertEquals("bearer", bearer.getString("scheme"));
    JsonObject validation =
        doc.getJsonObject("components")
            .getJsonObject("schemas")
            .getJsonObject("HTTPValidationError");
    assertEquals(
        "#/components/schemas/ValidationError",
        validation
            .getJsonObject("properties")
            .getJsonObject("detail")
            .getJsonObject("items")
            .getString("$ref"));
    assertFalse(answer.body().contains("\"nullable\""), "3.0-only keyword nullable");
    for (String path :
        new String[] {
          "/agent/v1/health",
          "/agent/v1/auth",
          "/agent/v1/merchants",
          "/agent/v1/buyers/merge",
          "/agent/v1/products/search",
          "/agent/v1/beauty/products/search",
          "/agent/v1/products/merchants/{merchant_id}",
          "/agent/v1/products/resolve",
          "/agent/v1/product-groups/{product_group_id}",
          "/agent/v1/citation/search",
          "/agent/v1/briefs/build",
          "/agent/v1/briefs/clarify",
          "/agent/v1/briefs/compatibility/check",
          "/agent/v1/briefs/{brief_id}",
          "/mcp",
          "/commerce/mcp",
          "/.well-known/ucp"
        }) {
      assertTrue(doc.getJsonObject("paths").containsKey(path), path);
    }
    // Every success answer says what it holds: a named schema or the properties themselves.
    doc.getJsonObject("paths")
        .forEach(
            (path, item) ->
                item.asJsonObject()
                    .forEach(
                        (method, op) -> {
                          if (!(op instanceof JsonObject o) || !o.containsKey("responses")) {
                            return;
                          }
                          JsonObject ok = o.getJsonObject("responses").getJsonObject("200");
                          if (ok == null
                              || !ok.containsKey("content")
                              || !ok.getJsonObject("content").containsKey("application/json")) {
                            return; // no body, or a page (the sandbox PSP's challenge is HTML)
                          }
                          JsonObject schema =
                              ok.getJsonObject("content")
                                  .getJsonObject("application/json")
                                  .getJsonObject("schema");
                          assertTrue(
                              schema.containsKey("$ref") || schema.containsKey("properties"),
                              () -> method + " " + path + " documents no answer shape: " + schema);
                        }));
  }
}
