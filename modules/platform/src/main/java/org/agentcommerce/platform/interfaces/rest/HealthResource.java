package org.agentcommerce.platform.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import org.agentcommerce.platform.application.HealthService;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /agent/v1/health}: no credential, says whether this node and its database answer. */
@RequestScoped
@Path("/agent/v1/health")
@Tag(name = "Service", description = "Health and the API description; no credential")
public class HealthResource {

  @Inject HealthService healthService;

  @GET
  @SecurityRequirementsSet
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "health",
      summary = "Health check",
      description =
          "Status of this node: build version, API version and database reachability. Needs no"
              + " credential. Answers 503 with the same body while the node is starting (status"
              + " starting: the catalog's search index is still being built) or when it cannot"
              + " serve (status unhealthy: the database does not answer, or the schema migration at"
              + " start-up failed, said in problem). Before the application is deployed, and while"
              + " the node waits for another node's schema migration, the port refuses"
              + " connections.")
  @APIResponse(
      responseCode = "200",
      description = "The node and its database answer",
      content = @Content(schema = @Schema(implementation = HealthResponse.class)))
  @APIResponse(
      responseCode = "503",
      description =
          "starting: the node is still building what it serves from; unhealthy: the"
              + " database does not answer or the schema migration failed",
      content = @Content(schema = @Schema(implementation = HealthResponse.class)))
  public Response health() {
    HealthService.Report report = healthService.check();
    HealthResponse body =
        new HealthResponse(
            report.status(),
            report.version(),
            report.apiVersion(),
            new HealthResponse.DatabaseStatus(
                report.database().reachable() ? "up" : "down",
                report.database().product(),
                report.database().latencyMillis(),
                report.database().problem()),
            report.problem(),
            report.checkedAt());
    Response.ResponseBuilder answer = Response.status(report.healthy() ? 200 : 503).entity(body);
    if ("starting".equals(report.status())) {
      answer.header("Retry-After", "2");
    }
    return answer.build();
  }

  /** Health of this node. */
  @Schema(name = "HealthResponse")
  public record HealthResponse(
      @Schema(description = "healthy, starting or unhealthy", example = "healthy") String status,
      @Schema(description = "Build version of this server") String version,
      @Schema(description = "REST API version", example = "1.0.0") String apiVersion,
      DatabaseStatus database,
      @Schema(
              description =
                  "Why the node cannot serve although its database answers, e.g. schema migration"
                      + " V8 (order book) failed: SQL error 1005, SQLState HY000; null otherwise",
              nullable = true)
          String problem,
      Instant checkedAt) {

    /** Whether the database answered this check. */
    @Schema(name = "DatabaseStatus")
    public record DatabaseStatus(
        @Schema(description = "up or down") String status,
        @Schema(description = "Database product, e.g. MariaDB or H2") String product,
        @Schema(description = "Round trip of the check in milliseconds") long latencyMs,
        @Schema(description = "Why the database is down; null when up", nullable = true)
            String problem) {}
  }
}
