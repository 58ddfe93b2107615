package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.ApiVersion;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /agent/v1/openapi.json}: the OpenAPI document the runtime derives from the deployed
 * resources (MicroProfile OpenAPI, served by the runtime at {@code /openapi}), converted to OpenAPI
 * 3.1.0. Read once over the node's own connector and kept: the deployed code does not change.
 */
@ApplicationScoped
@Path("/agent/v1/openapi.json")
@Tag(name = "Service", description = "Health and the API description; no credential")
public class OpenApiResource {

  private final AtomicReference<String> document = new AtomicReference<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @GET
  @SecurityRequirementsSet
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "openapi",
      summary = "OpenAPI description",
      description = "The runtime-derived OpenAPI 3.1.0 description of this API. No credential.")
  @APIResponse(
      responseCode = "200",
      description = "The OpenAPI 3.1.0 document",
      content = @Content(schema = @Schema(ref = OpenApiFilter.OPENAPI_DOCUMENT)))
  @APIResponse(
      responseCode = "503",
      description = "TEMPORARY_UNAVAILABLE: the document is not ready yet (Retry-After)",
      content = @Content(schema = @Schema(ref = OpenApiFilter.ERROR)))
  public String openApi(@Context HttpServletRequest request) {
    String cached = document.get();
    if (cached != null) {
      return cached;
    }
    String host = request.getLocalAddr();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    URI source =
        URI.create(request.getScheme() + "://" + host + ":" + request.getLocalPort() + "/openapi");
    JsonObject derived = fetch(source);
    String converted = OpenApi31Converter.convert(derived, ApiVersion.API).toString();
    document.compareAndSet(null, converted);
    return document.get();
  }

  private JsonObject fetch(URI source) {
    HttpRequest get =
        HttpRequest.newBuilder(source)
            .header("Accept", MediaType.APPLICATION_JSON)
            // The container derives the document on its first request: on a busy two-core machine
            // that took over 10 s (a CI run saw the 503), so this waits up to a minute, once.
            .timeout(Duration.ofSeconds(60))
            .GET()
            .build();
    try {
      HttpResponse<String> response = http.send(get, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw unavailable();
      }
      try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
        return reader.readObject();
      }
    } catch (IOException e) {
      throw unavailable();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable();
    }
  }

  private static ApiException unavailable() {
    return new ApiException(
        503,
        "TEMPORARY_UNAVAILABLE",
        "The OpenAPI document is not ready yet; try again shortly.",
        java.util.Map.of(),
        java.util.Map.of("Retry-After", "2"));
  }
}
