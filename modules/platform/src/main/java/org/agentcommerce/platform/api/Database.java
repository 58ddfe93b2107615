package org.agentcommerce.platform.api;

import java.sql.Connection;
import java.sql.SQLException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/** Names that tie the modules to the one datasource and persistence unit the WAR defines. */
public final class Database {

  /** JNDI name of the application datasource (H2 by default, MariaDB by configuration). */
  public static final String DATASOURCE = "java:app/jdbc/agentcommerce";

  /** The persistence unit every module's repositories use. */
  public static final String PERSISTENCE_UNIT = "agentcommerce";

  private static volatile DataSource dataSource;

  private Database() {}

  /**
   * The application datasource, looked up by name. Code that runs before CDI has finished starting
   * (or outside CDI) uses this: resource injection is not ready then.
   */
  public static DataSource lookupDataSource() {
    try {
      return InitialContext.doLookup(DATASOURCE);
    } catch (NamingException e) {
      throw new IllegalStateException("Datasource " + DATASOURCE + " is not bound", e);
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
