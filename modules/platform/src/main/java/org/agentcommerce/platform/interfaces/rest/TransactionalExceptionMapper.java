package org.agentcommerce.platform.interfaces.rest;

import jakarta.annotation.Priority;
import jakarta.transaction.TransactionalException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.sql.SQLException;
import java.util.Map;

/**
 * A transaction that failed at commit. A unique or foreign-key constraint the database enforced (a
 * concurrent duplicate) is a 409 the client can act on; anything else is our failure (500).
 * Registered ahead of the runtime's own mapper for this type, which rethrows.
 */
@Provider
@Priority(1)
public class TransactionalExceptionMapper implements ExceptionMapper<TransactionalException> {

  @Override
  public Response toResponse(TransactionalException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql
          && sql.getSQLState() != null
          && sql.getSQLState().startsWith("23")) {
        return ErrorBodies.error(
            409,
            "CONFLICT",
            "The request conflicts with a concurrent change; read the current state and retry.",
            Map.of());
      }
      if (t instanceof jakarta.persistence.OptimisticLockException) {
        return OptimisticLockExceptionMapper.concurrentChange();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return UnhandledExceptionMapper.internalError(e);
  }
}
