package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class UrlRoutingDataSourceTest {

  private static final String URL = "jdbc:mariadb://db.example:3306/ac";

  @Test
  void mariaDbSessionsEndQuietTransactionsAndBoundLockWaits() {
    Properties props = new Properties();
    UrlRoutingDataSource.boundedSessions(
        URL, props, Duration.ofSeconds(3), Duration.ofSeconds(60), Duration.ofSeconds(10));
    assertEquals(
        "idle_write_transaction_timeout=3,idle_readonly_transaction_timeout=60,"
            + "innodb_lock_wait_timeout=10",
        props.getProperty("sessionVariables"));
  }

  @Test
  void aZeroIdleTimeoutLeavesThatKindOfTransactionAlone() {
    Properties props = new Properties();
    UrlRoutingDataSource.boundedSessions(
        URL, props, Duration.ofSeconds(3), Duration.ZERO, Duration.ofSeconds(10));
    assertEquals(
        "idle_write_transaction_timeout=3,innodb_lock_wait_timeout=10",
        props.getProperty("sessionVariables"));
  }

  @Test
  void aUrlWithItsOwnSessionVariablesWins() {
    Properties props = new Properties();
    UrlRoutingDataSource.boundedSessions(
        URL + "?sessionVariables=innodb_lock_wait_timeout=5",
        props,
        Duration.ofSeconds(3),
        Duration.ofSeconds(60),
        Duration.ofSeconds(10));
    assertNull(props.getProperty("sessionVariables"));
  }

  @Test
  void durationsAreWholeSecondsRoundedUpAndNeverNegative() {
    assertEquals(Duration.ofSeconds(3), UrlRoutingDataSource.seconds("PT3S", "k"));
    assertEquals(Duration.ofSeconds(2), UrlRoutingDataSource.seconds(" PT1.2S ", "k"));
    assertEquals(Duration.ZERO, UrlRoutingDataSource.seconds("PT0S", "k"));
    assertThrows(IllegalArgumentException.class, () -> UrlRoutingDataSource.seconds("3", "k"));
    assertThrows(IllegalArgumentException.class, () -> UrlRoutingDataSource.seconds("-PT1S", "k"));
  }

  @Test
  void aLockWaitOfZeroIsRefused() {
    UrlRoutingDataSource ds = new UrlRoutingDataSource();
    assertThrows(IllegalArgumentException.class, () -> ds.setLockWaitTimeout("PT0S"));
  }
}
