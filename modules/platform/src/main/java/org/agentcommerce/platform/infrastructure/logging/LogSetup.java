package org.agentcommerce.platform.infrastructure.logging;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * At start-up: stamps the application's log lines with the request's trace id and agent id ({@link
 * ContextStamp} on the {@code org.agentcommerce} logger) and, with {@code ac.log.format=json}
 * ({@code AC_LOG_FORMAT=json}), makes the runtime's root handlers write one JSON object a line
 * ({@link JsonLogFormatter}). Undone at undeployment.
 */
@ApplicationScoped
public class LogSetup {

  /** Held: JUL keeps loggers weakly, and a collected logger would lose the handler. */
  private static final Logger APPLICATION = Logger.getLogger("org.agentcommerce");

  @Inject Config config;
  @Inject org.agentcommerce.platform.api.tracing.Tracing tracing;

  private final ContextStamp stamp = new ContextStamp();
  private final Map<Handler, Formatter> replaced = new HashMap<>();

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    tracing.enabled(); // reads the switch the static helpers (and so the log stamp) follow
    APPLICATION.addHandler(stamp);
    String format = config.getOptionalValue("ac.log.format", String.class).orElse("plain").trim();
    if (format.toLowerCase(Locale.ROOT).equals("json")) {
      JsonLogFormatter json = new JsonLogFormatter();
      for (Handler h : Logger.getLogger("").getHandlers()) {
        replaced.put(h, h.getFormatter());
        h.setFormatter(json);
      }
    } else if (!format.equalsIgnoreCase("plain")) {
      throw new IllegalStateException("ac.log.format is plain or json, not " + format);
    }
  }

  @PreDestroy
  void stop() {
    APPLICATION.removeHandler(stamp);
    replaced.forEach(Handler::setFormatter);
    replaced.clear();
  }
}
