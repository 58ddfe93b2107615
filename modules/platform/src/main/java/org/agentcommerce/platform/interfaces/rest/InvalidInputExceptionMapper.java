package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.InvalidInputException;

/** Rules checked in service code answer 422 exactly like annotation-checked ones. */
@Provider
public class InvalidInputExceptionMapper implements ExceptionMapper<InvalidInputException> {

  @Override
  public Response toResponse(InvalidInputException e) {
    return ErrorBodies.validation(e.violations());
  }
}
