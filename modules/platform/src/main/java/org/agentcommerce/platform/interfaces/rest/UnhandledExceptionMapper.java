package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.tracing.Tracing;

/**
 * The last line: anything unexpected is logged once with an error id and answered 500 with that id,
 * never with a stack trace, class name or SQL.
 */
@Provider
public class UnhandledExceptionMapper implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(UnhandledExceptionMapper.class.getName());

  @Override
  public Response toResponse(Throwable e) {
    return internalError(e);
  }

  static Response internalError(Throwable e) {
    String errorId = Ids.newId("err", 8);
    LOG.log(Level.SEVERE, "Unhandled error " + errorId, e);
    // Findable in the trace too: on the request's span, and as an event at the moment it failed.
    Tracing.annotate("error.id", errorId);
    Tracing.event("error", "error.id", errorId);
    return ErrorBodies.error(
        500,
        "INTERNAL_ERROR",
        "The server failed to handle this request; quote error_id when reporting it.",
        Map.of("error_id", errorId));
  }
}
