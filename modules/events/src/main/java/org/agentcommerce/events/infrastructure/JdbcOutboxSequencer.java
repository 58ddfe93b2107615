package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The sequencer in SQL, in two steps. First, without a transaction or a lock, it reads the outbox
 * rows without a timeline id (exactly those committed so far), their buyers and what the fan-out
 * needs. Then one short transaction (READ COMMITTED) takes the single {@code event_sequencer} row
 * by advancing {@code next_id} past the batch (sequencers on every node queue there), marks the
 * outbox rows with their ids in outbox order — all of them still unmarked, or it rolls back and
 * reads again — copies them to {@code order_events}, writes the fan-out and commits. The lock is
 * held for those few statements only, and it is taken by a write: a node that freezes holding it is
 * ended by the database's {@code idle_write_transaction_timeout}, its numbering rolled back. A row
 * whose transaction commits afterwards is seen by the next run and numbered after everything
 * already visible.
 */
@ApplicationScoped
public class JdbcOutboxSequencer implements OutboxSequencer {

  private static final String SEQUENCE = "order_events";

  /** Reads of a batch that another node numbered (part of) first, before this run gives up. */
  private static final int TRIES = 3;

  @Override
  public boolean pending() {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement("SELECT seq FROM domain_events WHERE timeline_id IS NULL")) {
      ps.setMaxRows(1);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Checking the outbox failed", e);
    }
  }

  @Override
  public List<Sequenced> sequence(int batch, BuyerOf buyers, FanOut fanOut) {
    try (Connection c = Jdbc.connection()) {
      for (int i = 0; i < TRIES; i++) {
        List<Row> rows = waiting(c, batch, buyers);
        if (rows.isEmpty()) {
          return List.of();
        }
        for (Row r : rows) {
          fanOut.prepare(c, r.event());
        }
        List<Sequenced> done = number(c, rows, fanOut);
        if (done != null) {
          return done;
        }
      }
      return List.of(); // numbered by others meanwhile; the next run reads what is left
    } catch (SQLException e) {
      throw new IllegalStateException("Sequencing the outbox failed", e);
    }
  }

  /** One outbox row: its own sequence, the event, and the order's buyer when it has one. */
  private record Row(
      long seq,
      Waiting event,
      String buyerRef,
      Buyer buyer,
      String status,
      Long amountMinor,
      String currency,
      Timestamp createdAt) {}

  /** The oldest waiting rows with their buyers, read outside any transaction. */
  private static List<Row> waiting(Connection c, int batch, BuyerOf buyers) throws SQLException {
    record Read(
        long seq,
        String eventId,
        String type,
        String aggregateType,
        String aggregateId,
        String agentId,
        String merchantId,
        String buyerRef,
        String status,
        Long amountMinor,
        String currency,
        String data,
        Timestamp createdAt) {}
    List<Read> read = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT seq, id, event_type, aggregate_type, aggregate_id, agent_id, merchant_id,"
                + " buyer_ref, status, amount_minor, currency, data, created_at FROM domain_events"
                + " WHERE timeline_id IS NULL ORDER BY seq")) {
      ps.setMaxRows(batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long amount = rs.getLong(10);
          read.add(
              new Read(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7),
                  rs.getString(8),
                  rs.getString(9),
                  rs.wasNull() ? null : amount,
                  rs.getString(11),
                  rs.getString(12),
                  rs.getTimestamp(13)));
        }
      }
    }
    if (read.isEmpty()) {
      return List.of();
    }
    Map<String, String> agentByOrder = new HashMap<>();
    for (Read r : read) {
      if ("order".equals(r.aggregateType())) {
        agentByOrder.putIfAbsent(r.aggregateId(), r.agentId());
      }
    }
    Map<String, Buyer> known = buyers.ofAll(agentByOrder);
    List<Row> rows = new ArrayList<>(read.size());
    for (Read r : read) {
      String orderId = "order".equals(r.aggregateType()) ? r.aggregateId() : null;
      Buyer buyer = null;
      if (orderId != null) {
        buyer =
            agentByOrder.get(orderId).equals(r.agentId())
                ? known.get(orderId)
                : buyers.of(r.agentId(), orderId).orElse(null);
      }
      rows.add(
          new Row(
              r.seq(),
              new Waiting(
                  r.eventId(),
                  r.type(),
                  r.agentId(),
                  r.merchantId(),
                  orderId,
                  r.data(),
                  r.createdAt() == null ? null : r.createdAt().toInstant()),
              r.buyerRef(),
              buyer,
              r.status(),
              r.amountMinor(),
              r.currency(),
              r.createdAt()));
    }
    return rows;
  }

  /**
   * The numbering transaction: answers the events it numbered, or null (rolled back) when another
   * node numbered one of the rows since they were read.
   */
  private static List<Sequenced> number(Connection c, List<Row> rows, FanOut fanOut)
      throws SQLException {
    int isolation = c.getTransactionIsolation();
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    try {
      List<Sequenced> out = run(c, rows, fanOut);
      if (out == null) {
        c.rollback();
      } else {
        c.commit();
      }
      return out;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setTransactionIsolation(isolation);
      c.setAutoCommit(autoCommit);
    }
  }

  private static List<Sequenced> run(Connection c, List<Row> rows, FanOut fanOut)
      throws SQLException {
    int n = rows.size();
    // The lock, taken by a write (a transaction that only read would not count as a writing one
    // for the database's idle timeout): the batch's ids are next_id - n .. next_id - 1.
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE event_sequencer SET next_id = next_id + ? WHERE name = ?")) {
      ps.setLong(1, n);
      ps.setString(2, SEQUENCE);
      if (ps.executeUpdate() != 1) {
        throw new IllegalStateException("event_sequencer has no row " + SEQUENCE);
      }
    }
    long first;
    try (PreparedStatement ps =
        c.prepareStatement("SELECT next_id FROM event_sequencer WHERE name = ?")) {
      ps.setString(1, SEQUENCE);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        first = rs.getLong(1) - n;
      }
    }
    // One UPDATE marking the outbox rows and one INSERT for the timeline rows: two statements a
    // batch (a JDBC batch on this driver is one statement per row).
    List<Object> whenThen = new ArrayList<>(n * 3); // (seq, id) pairs, then the seqs
    for (int i = 0; i < n; i++) {
      whenThen.add(rows.get(i).seq());
      whenThen.add(first + i);
    }
    for (Row r : rows) {
      whenThen.add(r.seq());
    }
    try (PreparedStatement mark =
        c.prepareStatement(
            "UPDATE domain_events SET timeline_id = CASE seq "
                + String.join(" ", Collections.nCopies(n, "WHEN ? THEN ?"))
                + " END WHERE seq IN ("
                + Jdbc.marks(n)
                + ") AND timeline_id IS NULL")) {
      Jdbc.bind(mark, whenThen);
      // Read without the lock: a row another node numbered since then is not marked again.
      if (mark.executeUpdate() != n) {
        return null;
      }
    }
    List<Sequenced> out = new ArrayList<>(n);
    List<Object> values = new ArrayList<>(n * 14);
    for (int i = 0; i < n; i++) {
      Row r = rows.get(i);
      Sequenced s = r.event().numbered(first + i);
      out.add(s);
      values.addAll(
          Arrays.asList(
              s.id(),
              s.eventId(),
              s.type(),
              s.agentId(),
              s.merchantId(),
              s.orderId(),
              r.buyerRef(),
              r.buyer() == null ? null : r.buyer().issuer(),
              r.buyer() == null ? null : r.buyer().subject(),
              r.status(),
              r.amountMinor(),
              r.currency(),
              s.data(),
              r.createdAt()));
    }
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO order_events (id, event_id, event_type, agent_id, merchant_id,"
                + " order_id, buyer_ref, buyer_issuer, buyer_subject, status, amount_minor,"
                + " currency, data, created_at, sequenced_at) VALUES "
                + Jdbc.rows(
                    n, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP(6))"))) {
      Jdbc.bind(insert, values);
      insert.executeUpdate();
    }
    for (Sequenced s : out) {
      fanOut.accept(c, s);
    }
    fanOut.flush(c);
    return out;
  }
}
