package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/**
 * A request entity that JSON-B could not read reaches us as a {@link ProcessingException}; it is
 * the client's invalid input (422). Anything else goes to the catch-all.
 */
@Provider
public class ProcessingExceptionMapper implements ExceptionMapper<ProcessingException> {

  @Override
  public Response toResponse(ProcessingException e) {
    return JsonInputErrors.from(e)
        .map(v -> ErrorBodies.validation(List.of(v)))
        .orElseGet(() -> UnhandledExceptionMapper.internalError(e));
  }
}
