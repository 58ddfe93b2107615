package org.agentcommerce.webapp;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.agentcommerce.platform.api.Database;

/**
 * The one JAX-RS application. Resources and providers of every module jar are discovered by
 * scanning; paths carry their own version prefix ({@code /agent/v1}, {@code /agent/v2}, {@code
 * /mcp}, {@code /.well-known}), so the application sits at the root.
 *
 * <p>It also defines the datasource: the embedded H2 file database under {@code ./data} by default,
 * MariaDB when {@code ac.db.url} ({@code AC_DB_URL}) names one. Defaults are inline because the
 * container creates the datasource before it reads microprofile-config.properties. On MariaDB the
 * last three properties become session settings of every connection ({@link UrlRoutingDataSource}).
 */
@DataSourceDefinition(
    name = Database.DATASOURCE,
    className = "org.agentcommerce.webapp.UrlRoutingDataSource",
    url = "${MPCONFIG=ac.db.url:jdbc:h2:file:./data/agentcommerce;MODE=LEGACY}",
    user = "${MPCONFIG=ac.db.user:sa}",
    password = "${MPCONFIG=ac.db.password:}",
    minPoolSize = 2,
    maxPoolSize = 32,
    maxIdleTime = 300,
    properties = {
      "fish.payara.is-connection-validation-required=true",
      "fish.payara.connection-validation-method=meta-data",
      "fish.payara.fail-all-connections=true",
      "fish.payara.statement-timeout-in-seconds=30",
      "fish.payara.match-connections=false",
      "fish.payara.validate-atmost-once-period-in-seconds=5",
      "idleWriteTransactionTimeout=${MPCONFIG=ac.db.idle-write-transaction-timeout:PT3S}",
      "idleReadonlyTransactionTimeout=${MPCONFIG=ac.db.idle-readonly-transaction-timeout:PT60S}",
      "lockWaitTimeout=${MPCONFIG=ac.db.lock-wait-timeout:PT10S}"
    })
@ApplicationScoped
@ApplicationPath("/")
public class AgentCommerceApplication extends Application {

  /**
   * The runtime's generated WADL is off: {@code OPTIONS} answers {@code Allow} in our shape ({@code
   * OptionsFilter}), never the runtime's class names.
   */
  @Override
  public java.util.Map<String, Object> getProperties() {
    return java.util.Map.of("jersey.config.server.wadl.disableWadl", true);
  }
}
