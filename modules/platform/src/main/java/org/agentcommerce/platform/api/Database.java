package org.agentcommerce.platform.api;

/** Names that tie the modules to the one datasource and persistence unit the WAR defines. */
public final class Database {

  /** JNDI name of the application datasource (H2 by default, MariaDB by configuration). */
  public static final String DATASOURCE = "java:app/jdbc/agentcommerce";

  /** The persistence unit every module's repositories use. */
  public static final String PERSISTENCE_UNIT = "agentcommerce";

  private Database() {}
}
