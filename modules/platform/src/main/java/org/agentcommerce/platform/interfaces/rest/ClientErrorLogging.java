package org.agentcommerce.platform.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.function.Predicate;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps what a client gets wrong out of the log at WARNING and above, where the runtime would log
 * it with a stack trace on every request and so let any client flood the log. Each such record is
 * dropped and noted at FINE, briefly; every other record of those loggers passes as before:
 *
 * <ul>
 *   <li>Jersey's WARNING with the HK2 failure stack when a field of a {@code @BeanParam} cannot be
 *       converted ({@code ?fast_mode=maybe}); the client gets its 422 from {@link
 *       ParamExceptionMapper}.
 *   <li>The web container's SEVERE with a stack trace for a {@code Host} header whose port is not a
 *       number (the container answers it itself; see docs/security.md, "The request edge").
 *   <li>Grizzly's SEVERE for a request with both {@code Content-Length} and {@code
 *       Transfer-Encoding}; Grizzly refuses it with a 400.
 * </ul>
 */
@ApplicationScoped
public class ClientErrorLogging {

  /** A logger and the records of it that a client causes. */
  private record Quiet(Logger logger, Predicate<LogRecord> clientError, String note) {}

  /** Held here: a logger with a filter must not be collected and recreated without it. */
  private static final List<Quiet> QUIET =
      List.of(
          new Quiet(
              Logger.getLogger("org.glassfish.jersey.internal.Errors"),
              r -> contains(r.getMessage(), "ParamException"),
              "A request parameter could not be converted; answered 422"),
          new Quiet(
              Logger.getLogger("jakarta.enterprise.web.core"),
              r ->
                  r.getThrown() instanceof IllegalStateException e
                      && contains(e.getMessage(), "Host header"),
              "A Host header with an invalid port"),
          new Quiet(
              Logger.getLogger("org.glassfish.grizzly.http.HttpServerFilter"),
              r -> contains(r.getMessage(), "Content-Length and Transfer-Encoding"),
              "A request with both Content-Length and Transfer-Encoding; answered 400"));

  private static final Logger LOG = Logger.getLogger(ClientErrorLogging.class.getName());

  void install(@Observes @Initialized(ApplicationScoped.class) Object started) {
    for (Quiet quiet : QUIET) {
      quiet
          .logger()
          .setFilter(
              record -> {
                if (quiet.clientError().test(record)) {
                  LOG.fine(quiet.note());
                  return false;
                }
                return true;
              });
    }
  }

  private static boolean contains(String text, String part) {
    return text != null && text.contains(part);
  }
}
