package org.agentcommerce.webapp;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A plain {@link DataSource} whose JDBC driver follows the URL ({@code jdbc:h2:} or {@code
 * jdbc:mariadb:}/{@code jdbc:mysql:}), so that switching databases is configuration only. The
 * container's pool sits on top of it.
 *
 * <p>Every MariaDB session it opens is told to end a transaction that holds writes and goes quiet
 * (a node that froze or lost its network in the middle of one) and to bound its own lock waits, so
 * that one stuck node cannot hold the rows the other nodes need for hours (docs/events.md, "Stuck
 * nodes").
 */
public class UrlRoutingDataSource implements DataSource {

  private static final Logger LOG = Logger.getLogger(UrlRoutingDataSource.class.getName());

  private String url;
  private String user;
  private String password;
  private Duration idleWriteTransactionTimeout = Duration.ofSeconds(3);
  private Duration idleReadonlyTransactionTimeout = Duration.ofSeconds(60);
  private Duration lockWaitTimeout = Duration.ofSeconds(10);
  private int loginTimeout;
  private volatile boolean loggedSessions;
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

  /** {@code ac.db.idle-write-transaction-timeout}: ISO-8601, whole seconds; zero: never. */
  public void setIdleWriteTransactionTimeout(String value) {
    this.idleWriteTransactionTimeout = seconds(value, "ac.db.idle-write-transaction-timeout");
  }

  /** {@code ac.db.idle-readonly-transaction-timeout}: ISO-8601, whole seconds; zero: never. */
  public void setIdleReadonlyTransactionTimeout(String value) {
    this.idleReadonlyTransactionTimeout = seconds(value, "ac.db.idle-readonly-transaction-timeout");
  }

  /** {@code ac.db.lock-wait-timeout}: ISO-8601, whole seconds, at least one. */
  public void setLockWaitTimeout(String value) {
    Duration d = seconds(value, "ac.db.lock-wait-timeout");
    if (d.isZero()) {
      throw new IllegalArgumentException("ac.db.lock-wait-timeout must be at least PT1S");
    }
    this.lockWaitTimeout = d;
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
      boundedSessions(
          url, props, idleWriteTransactionTimeout, idleReadonlyTransactionTimeout, lockWaitTimeout);
      logSessionsOnce(props);
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

  /**
   * MariaDB sessions that let go: {@code idle_write_transaction_timeout} ends (the server closes
   * the connection, rolling back) a transaction that changed rows and then sent nothing for that
   * long, {@code idle_readonly_transaction_timeout} one that only read (zero leaves it alone), and
   * {@code innodb_lock_wait_timeout} bounds how long a statement waits for another session's row
   * lock. A URL that sets {@code sessionVariables} itself wins.
   */
  static void boundedSessions(
      String url, Properties props, Duration idleWrite, Duration idleReadonly, Duration lockWait) {
    if (url.contains("sessionVariables=")) {
      return;
    }
    List<String> vars = new ArrayList<>();
    if (!idleWrite.isZero()) {
      vars.add("idle_write_transaction_timeout=" + idleWrite.toSeconds());
    }
    if (!idleReadonly.isZero()) {
      vars.add("idle_readonly_transaction_timeout=" + idleReadonly.toSeconds());
    }
    vars.add("innodb_lock_wait_timeout=" + lockWait.toSeconds());
    props.setProperty("sessionVariables", String.join(",", vars));
  }

  private void logSessionsOnce(Properties props) {
    if (!loggedSessions && props.getProperty("sessionVariables") != null) {
      loggedSessions = true;
      LOG.info("MariaDB sessions: " + props.getProperty("sessionVariables"));
    }
  }

  /** A non-negative ISO-8601 duration in whole seconds (MariaDB's unit), rounded up. */
  static Duration seconds(String value, String key) {
    Duration d;
    try {
      d = Duration.parse(value.trim());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(key + " must be an ISO-8601 duration (PT5S): " + value);
    }
    if (d.isNegative()) {
      throw new IllegalArgumentException(key + " must not be negative: " + value);
    }
    long s = d.toSeconds() + (d.toNanosPart() > 0 ? 1 : 0);
    return Duration.ofSeconds(s);
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
