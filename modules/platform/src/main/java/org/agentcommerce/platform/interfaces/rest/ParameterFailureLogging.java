package org.agentcommerce.platform.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.logging.Logger;

/**
 * Keeps a client's bad parameter out of the log at WARNING: when a field of a {@code @BeanParam}
 * cannot be converted ({@code ?fast_mode=maybe} in the search filters), Jersey logs a WARNING with
 * the whole HK2 failure stack before {@link ParamExceptionMapper} answers the client's 422, so any
 * client could flood the log. Those records of Jersey's error log are dropped and noted at FINE,
 * briefly; every other record of that logger passes as before.
 */
@ApplicationScoped
public class ParameterFailureLogging {

  /** Held here: a logger with a filter must not be collected and recreated without it. */
  private static final Logger JERSEY_ERRORS =
      Logger.getLogger("org.glassfish.jersey.internal.Errors");

  private static final Logger LOG = Logger.getLogger(ParameterFailureLogging.class.getName());

  void install(@Observes @Initialized(ApplicationScoped.class) Object started) {
    JERSEY_ERRORS.setFilter(
        record -> {
          String message = record.getMessage();
          if (message != null && message.contains("ParamException")) {
            LOG.fine("A request parameter could not be converted; answered 422");
            return false;
          }
          return true;
        });
  }
}
