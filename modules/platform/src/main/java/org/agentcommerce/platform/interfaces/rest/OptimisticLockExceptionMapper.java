package org.agentcommerce.platform.interfaces.rest;

import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * A row another transaction changed since this one read it, found when the change is flushed before
 * commit: the same 409 CONFLICT as at commit ({@link TransactionalExceptionMapper}).
 */
@Provider
public class OptimisticLockExceptionMapper implements ExceptionMapper<OptimisticLockException> {

  @Override
  public Response toResponse(OptimisticLockException e) {
    return concurrentChange();
  }

  static Response concurrentChange() {
    return ErrorBodies.error(
        409,
        "CONFLICT",
        "The resource was changed concurrently; read its current state and retry.",
        Map.of());
  }
}
