package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.application.CallCounters;
import org.agentcommerce.platform.application.idempotency.IdempotencyJanitor;
import org.agentcommerce.platform.application.idempotency.IdempotencyLeases;

/**
 * Start-up and shut-down of the platform when the web module starts: the schema migrations (after
 * the container has bound the datasource, before the first request), then {@link SchemaReady} for
 * the modules, then the scheduled clean-ups, the renewal of this node's idempotency leases and the
 * flushes of the call counters (and a last one when the module stops). After a failed migration
 * none of that starts: the module deploys only to say, through its health, why it is not ready.
 */
@WebListener
public class PlatformLifecycle implements ServletContextListener {

  @Inject DatabaseMigrator migrator;
  @Inject IdempotencyJanitor idempotencyJanitor;
  @Inject IdempotencyLeases idempotencyLeases;
  @Inject CallCounters callCounters;
  @Inject SchemaStatus schemaStatus;
  @Inject Event<SchemaReady> schemaReady;

  @Resource ManagedScheduledExecutorService scheduler;

  @Override
  public void contextInitialized(ServletContextEvent event) {
    migrator.migrate();
    if (schemaStatus.problem().isPresent()) {
      return;
    }
    schemaReady.fire(new SchemaReady());
    idempotencyJanitor.start(scheduler);
    idempotencyLeases.start(scheduler);
    callCounters.start(scheduler);
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    idempotencyJanitor.stop();
    idempotencyLeases.stop();
    callCounters.stop();
  }
}
