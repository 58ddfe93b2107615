package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import org.agentcommerce.platform.api.InvalidInputException.Violation;
import org.glassfish.jersey.server.ParamException;

/**
 * A parameter that cannot be converted ({@code limit=abc}) is invalid input (422 at {@code
 * ["query","limit"]}), not the 404 that JAX-RS would answer by default.
 */
@Provider
public class ParamExceptionMapper implements ExceptionMapper<ParamException> {

  @Override
  public Response toResponse(ParamException e) {
    Class<?> kind = e.getParameterType();
    String source;
    if (kind == PathParam.class) {
      source = "path";
    } else if (kind == HeaderParam.class) {
      source = "header";
    } else if (kind == CookieParam.class) {
      source = "cookie";
    } else if (kind == FormParam.class) {
      source = "body";
    } else if (kind == MatrixParam.class) {
      source = "matrix";
    } else {
      source = "query";
    }
    String message;
    if (e.getCause() instanceof NumberFormatException) {
      message = "Input should be a number";
    } else if (e.getCause() != null
        && e.getCause().getMessage() != null
        && e.getCause().getMessage().startsWith("Input should be")) {
      message = e.getCause().getMessage();
    } else {
      message = "Input should be valid";
    }
    return ErrorBodies.validation(
        List.of(new Violation(List.of(source, e.getParameterName()), message, "type_error")));
  }
}
