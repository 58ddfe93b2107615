package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Runs the schema migrations when the web module starts: after the container has bound the
 * datasource, before the first request. A failed migration fails the deployment.
 */
@WebListener
public class SchemaMigrationListener implements ServletContextListener {

  @Inject DatabaseMigrator migrator;

  @Override
  public void contextInitialized(ServletContextEvent event) {
    migrator.migrate();
  }
}
