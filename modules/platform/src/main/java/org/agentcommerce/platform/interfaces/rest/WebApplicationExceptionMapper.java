package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * Unknown paths (404), wrong methods (405), unsupported media types and every other {@link
 * WebApplicationException} in the {@code {"detail":{"error","message"}}} shape. A body that could
 * not be read as JSON is the client's invalid input and answers 422.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

  @Context UriInfo uriInfo;

  @Override
  public Response toResponse(WebApplicationException e) {
    var jsonError = JsonInputErrors.from(e);
    if (jsonError.isPresent()) {
      return ErrorBodies.validation(java.util.List.of(jsonError.get()));
    }
    if (e instanceof BadRequestException && hasCause(e, NoContentException.class)) {
      return ErrorBodies.validation(
          java.util.List.of(
              new InvalidInputException.Violation(
                  java.util.List.of("body"), "Field required: send a JSON body", "missing")));
    }
    int status = e.getResponse().getStatus();
    String path = uriInfo == null ? "" : "/" + uriInfo.getPath();
    Response body =
        switch (status) {
          case 404 -> ErrorBodies.error(404, "NOT_FOUND", "No resource at " + path + ".", Map.of());
          case 405 ->
              ErrorBodies.error(
                  405,
                  "METHOD_NOT_ALLOWED",
                  "This method is not allowed on " + path + ".",
                  Map.of("allowed_methods", e.getResponse().getAllowedMethods()));
          case 406 ->
              ErrorBodies.error(
                  406, "NOT_ACCEPTABLE", "This resource answers application/json only.", Map.of());
          case 415 ->
              ErrorBodies.error(
                  415,
                  "UNSUPPORTED_MEDIA_TYPE",
                  "This operation does not read a body of this media type: send application/json"
                      + " (the sandbox PSP's challenge page: a form).",
                  Map.of());
          default -> ErrorBodies.error(status, codeOf(e.getResponse()), messageOf(e), Map.of());
        };
    if (e instanceof NotAllowedException) {
      return Response.fromResponse(body)
          .header(HttpHeaders.ALLOW, String.join(", ", e.getResponse().getAllowedMethods()))
          .build();
    }
    return body;
  }

  private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  private static String codeOf(Response response) {
    Response.StatusType info = response.getStatusInfo();
    String reason = info.getReasonPhrase();
    if (reason == null || reason.isBlank()) {
      return "HTTP_" + info.getStatusCode();
    }
    return reason.trim().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
  }

  private static String messageOf(WebApplicationException e) {
    Response.StatusType info = e.getResponse().getStatusInfo();
    String reason = info.getReasonPhrase();
    return (reason == null ? "HTTP " + info.getStatusCode() : reason) + ".";
  }
}
