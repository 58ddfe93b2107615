package org.agentcommerce.platform.api;

import java.sql.Connection;
import java.sql.SQLException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/** Names that tie the modules to the one datasource and persistence unit the WAR defines. */
public final class Database {

  /**
   * JNDI name of the datasource the WAR defines itself (H2 by default, MariaDB by {@code
   * ac.db.url}).
   */
  public static final String DATASOURCE = "java:app/jdbc/agentcommerce";

  /**
   * Configuration key naming the datasource to use instead: a JDBC resource the server's
   * administrator defined (e.g. {@code jdbc/agentcommerce} on Payara Server). The persistence unit
   * reads the same key ({@code persistence.xml}).
   */
  public static final String DATASOURCE_KEY = "ac.db.datasource";

  /** The persistence unit every module's repositories use. */
  public static final String PERSISTENCE_UNIT = "agentcommerce";

  private static volatile DataSource dataSource;

  private Database() {}

  /** The JNDI name in use: {@code ac.db.datasource} when set, else the WAR's own datasource. */
  public static String dataSourceName() {
    return ConfigProvider.getConfig()
        .getOptionalValue(DATASOURCE_KEY, String.class)
        .map(String::strip)
        .filter(name -> !name.isEmpty())
        .orElse(DATASOURCE);
  }

  /**
   * The application datasource, looked up by name. Code that runs before CDI has finished starting
   * (or outside CDI) uses this: resource injection is not ready then.
   */
  public static DataSource lookupDataSource() {
    String name = dataSourceName();
    try {
      return InitialContext.doLookup(name);
    } catch (NamingException e) {
      throw new IllegalStateException("Datasource " + name + " is not bound", e);
    }
  }

  /**
   * A connection of the application datasource, outside any JTA transaction when the caller holds
   * none: for plain JDBC stores and background workers. The datasource is looked up once.
   */
  public static Connection connection() throws SQLException {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = lookupDataSource();
      dataSource = ds;
    }
    return ds.getConnection();
  }
}
