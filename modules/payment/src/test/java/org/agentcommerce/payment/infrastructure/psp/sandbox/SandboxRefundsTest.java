package org.agentcommerce.payment.infrastructure.psp.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sandbox PSP's refunds against its tables as the Flyway scripts make them: H2 in MODE=LEGACY
 * by default, or the database at {@code -Dac.payment.test.jdbc-url} (with {@code .jdbc-user},
 * {@code .jdbc-password}), such as an empty scratch MariaDB. A refund is idempotent by key as a
 * PSP's is.
 */
class SandboxRefundsTest {

  private static final String URL =
      System.getProperty(
          "ac.payment.test.jdbc-url",
          "jdbc:h2:mem:sandbox-refunds-" + UUID.randomUUID() + ";MODE=LEGACY;DB_CLOSE_DELAY=-1");
  private static final String USER = System.getProperty("ac.payment.test.jdbc-user", "sa");
  private static final String PASSWORD = System.getProperty("ac.payment.test.jdbc-password", "");
  private static final Path MIGRATIONS = Path.of("../../database/migration/common");

  @BeforeAll
  static void schema() throws SQLException, IOException {
    try (Connection c = connection(true)) {
      run(c, "V9__payments.sql", "sandbox_psp_charges");
      run(c, "V70__refund_reconciliation.sql", "sandbox_psp_refunds");
    }
  }

  @Test
  void theSameKeyAndRequestAnswerTheStoredRefundAndRefundOnce() throws Exception {
    String charge = charge("succeeded", 2000);
    String key = "ac-rfd_" + UUID.randomUUID();
    SandboxRefunds.Refund first = refund("sprf_1" + suffix(), key, charge, 500);
    SandboxRefunds.Refund again = refund("sprf_2" + suffix(), key, charge, 500);
    assertEquals("succeeded", first.status());
    assertEquals(first, again);
    assertEquals(500, refunded(charge));
    assertEquals(1, refundsUnder(key));
  }

  @Test
  void theSameKeyWithAnotherRequestIsRefusedAndChangesNothing() throws Exception {
    String charge = charge("succeeded", 2000);
    String other = charge("succeeded", 2000);
    String key = "ac-rfd_" + UUID.randomUUID();
    SandboxRefunds.Refund first = refund("sprf_1" + suffix(), key, charge, 500);
    assertThrows(
        SandboxRefunds.KeyReused.class, () -> refund("sprf_2" + suffix(), key, charge, 700));
    assertThrows(
        SandboxRefunds.KeyReused.class, () -> refund("sprf_3" + suffix(), key, other, 500));
    assertEquals(500, refunded(charge));
    assertEquals(0, refunded(other));
    assertEquals(first, refund("sprf_4" + suffix(), key, charge, 500));
  }

  @Test
  void aRefundOverWhatIsLeftFailsAndItsKeyKeepsTheFailure() throws Exception {
    String charge = charge("succeeded", 1000);
    assertEquals("succeeded", refund("sprf_a" + suffix(), "k1-" + charge, charge, 800).status());
    String key = "k2-" + charge;
    SandboxRefunds.Refund over = refund("sprf_b" + suffix(), key, charge, 300);
    assertEquals("failed", over.status());
    assertEquals("nothing left to refund", over.failureReason());
    assertEquals(over, refund("sprf_c" + suffix(), key, charge, 300));
    assertEquals(800, refunded(charge));
    assertEquals("succeeded", refund("sprf_d" + suffix(), "k3-" + charge, charge, 200).status());
    assertEquals(1000, refunded(charge));
  }

  @Test
  void aChargeThatDidNotSucceedIsNotRefunded() throws Exception {
    String declined = charge("failed", 1000);
    SandboxRefunds.Refund r = refund("sprf_x" + suffix(), "k-" + declined, declined, 100);
    assertEquals("failed", r.status());
    assertEquals(0, refunded(declined));
    assertEquals(
        "failed", refund("sprf_y" + suffix(), "k-none" + suffix(), "spch_none", 100).status());
  }

  /** Requests under one key racing (a node's late send and the reconciler's): one refund. */
  @Test
  void concurrentRequestsUnderOneKeyRefundOnce() throws Exception {
    String charge = charge("succeeded", 5000);
    String key = "ac-rfd_" + UUID.randomUUID();
    int n = 8;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      List<Future<SandboxRefunds.Refund>> answers = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String id = "sprf_" + i + suffix();
        Callable<SandboxRefunds.Refund> call =
            () -> {
              start.await();
              return refund(id, key, charge, 1500);
            };
        answers.add(pool.submit(call));
      }
      start.countDown();
      Set<String> ids =
          answers.stream()
              .map(
                  f -> {
                    try {
                      return f.get().id();
                    } catch (Exception e) {
                      throw new AssertionError(e);
                    }
                  })
              .collect(Collectors.toSet());
      assertEquals(1, ids.size(), ids::toString);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1500, refunded(charge));
    assertEquals(1, refundsUnder(key));
  }

  /** One refund request in a transaction of its own, as the bean runs it. */
  private static SandboxRefunds.Refund refund(String id, String key, String charge, long minor)
      throws Exception {
    try (Connection c = connection(false)) {
      try {
        SandboxRefunds.Refund r =
            SandboxRefunds.refund(c, id, key, charge, "rfd_ref", minor, "USD");
        c.commit();
        return r;
      } catch (Exception e) {
        c.rollback();
        throw e;
      }
    }
  }

  private static String charge(String status, long amountMinor) throws SQLException {
    String id = "spch_" + suffix();
    try (Connection c = connection(true);
        PreparedStatement ps =
            c.prepareStatement(
                "INSERT INTO sandbox_psp_charges (id, idempotency_key, reference, amount_minor,"
                    + " currency, token, status, refunded_minor, created_at, updated_at) VALUES"
                    + " (?, ?, 'att_x', ?, 'USD', 'tok_visa', ?, 0, CURRENT_TIMESTAMP(6),"
                    + " CURRENT_TIMESTAMP(6))")) {
      ps.setString(1, id);
      ps.setString(2, "ac-" + id);
      ps.setLong(3, amountMinor);
      ps.setString(4, status);
      ps.executeUpdate();
    }
    return id;
  }

  private static long refunded(String charge) throws SQLException {
    return number("SELECT refunded_minor FROM sandbox_psp_charges WHERE id = ?", charge);
  }

  private static long refundsUnder(String key) throws SQLException {
    return number("SELECT COUNT(*) FROM sandbox_psp_refunds WHERE idempotency_key = ?", key);
  }

  private static long number(String sql, String param) throws SQLException {
    try (Connection c = connection(true);
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, param);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static String suffix() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 16);
  }

  private static Connection connection(boolean autoCommit) throws SQLException {
    Connection c = DriverManager.getConnection(URL, USER, PASSWORD);
    c.setAutoCommit(autoCommit);
    return c;
  }

  /** The script's statements that create or index {@code table}. */
  private static void run(Connection c, String script, String table)
      throws SQLException, IOException {
    String sql =
        Files.readString(MIGRATIONS.resolve(script))
            .lines()
            .filter(l -> !l.strip().startsWith("--"))
            .collect(Collectors.joining("\n"));
    try (Statement s = c.createStatement()) {
      for (String statement : sql.split(";")) {
        String body = statement.strip();
        boolean creates = body.startsWith("CREATE TABLE " + table + " ");
        boolean indexes = body.startsWith("CREATE INDEX") && body.contains(" ON " + table + " ");
        if (creates || indexes) {
          s.execute(body);
        }
      }
    }
  }
}
