package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.ApiException;

/** Answers an {@link ApiException} with its status, code, context and headers. */
@Provider
public class ApiExceptionMapper implements ExceptionMapper<ApiException> {

  @Override
  public Response toResponse(ApiException e) {
    Response response = ErrorBodies.error(e.status(), e.code(), e.getMessage(), e.context());
    if (e.headers().isEmpty()) {
      return response;
    }
    Response.ResponseBuilder builder = Response.fromResponse(response);
    e.headers().forEach(builder::header);
    return builder.build();
  }
}
