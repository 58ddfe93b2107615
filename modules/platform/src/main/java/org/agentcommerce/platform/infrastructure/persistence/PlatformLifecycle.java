package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import org.agentcommerce.platform.application.idempotency.IdempotencyJanitor;

/**
 * Start-up and shut-down of the platform when the web module starts: the schema migrations (after
 * the container has bound the datasource, before the first request; a failure fails the
 * deployment), then the scheduled clean-ups.
 */
@WebListener
public class PlatformLifecycle implements ServletContextListener {

  @Inject DatabaseMigrator migrator;
  @Inject IdempotencyJanitor idempotencyJanitor;

  @Resource ManagedScheduledExecutorService scheduler;

  @Override
  public void contextInitialized(ServletContextEvent event) {
    migrator.migrate();
    idempotencyJanitor.start(scheduler);
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    idempotencyJanitor.stop();
  }
}
