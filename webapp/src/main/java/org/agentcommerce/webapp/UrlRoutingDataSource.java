package org.agentcommerce.webapp;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A plain {@link DataSource} whose JDBC driver follows the URL ({@code jdbc:h2:} or {@code
 * jdbc:mariadb:}/{@code jdbc:mysql:}), so that switching databases is configuration only. The
 * container's pool sits on top of it.
 */
public class UrlRoutingDataSource implements DataSource {

  private String url;
  private String user;
  private String password;
  private int loginTimeout;
  private PrintWriter logWriter;

  public void setUrl(String url) {
    this.url = url;
  }

  public void setURL(String url) {
    this.url = url;
  }

  public String getUrl() {
    return url;
  }

  public void setUser(String user) {
    this.user = user;
  }

  public void setPassword(String password) {
    this.password = password;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return getConnection(user, password);
  }

  @Override
  public Connection getConnection(String username, String pass) throws SQLException {
    if (url == null || url.isBlank()) {
      throw new SQLException("No database URL configured (ac.db.url / AC_DB_URL)");
    }
    Properties props = new Properties();
    if (username != null && !username.isEmpty()) {
      props.setProperty("user", username);
    }
    if (pass != null && !pass.isEmpty()) {
      props.setProperty("password", pass);
    }
    if (!url.startsWith("jdbc:h2:")) {
      utcSessions(url, props);
    }
    Connection connection = driverFor(url).connect(url, props);
    if (connection == null) {
      throw new SQLException("The driver does not accept this database URL");
    }
    return connection;
  }

  /**
   * MariaDB sessions in UTC: timestamps are written and read as UTC wall times and {@code
   * CURRENT_TIMESTAMP} is UTC, whatever each node's JVM time zone, so two nodes in Tokyo and London
   * (or one across a DST change) agree on every instant. A URL that sets these options wins.
   */
  static void utcSessions(String url, Properties props) {
    if (!url.contains("connectionTimeZone=")) {
      props.setProperty("connectionTimeZone", "UTC");
      props.setProperty("forceConnectionTimeZoneToSession", "true");
      props.setProperty("preserveInstants", "true");
    }
  }

  private static Driver driverFor(String url) throws SQLException {
    String className;
    if (url.startsWith("jdbc:h2:")) {
      className = "org.h2.Driver";
    } else if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
      className = "org.mariadb.jdbc.Driver";
    } else {
      throw new SQLException("Unsupported database URL; use jdbc:h2: or jdbc:mariadb:");
    }
    try {
      return (Driver)
          Class.forName(className, true, UrlRoutingDataSource.class.getClassLoader())
              .getDeclaredConstructor()
              .newInstance();
    } catch (ReflectiveOperationException e) {
      throw new SQLException("JDBC driver " + className + " is not available", e);
    }
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no parent logger");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
