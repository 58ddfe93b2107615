package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.events.domain.OutboxSequencer;

/**
 * The sequencer in SQL. One transaction (READ COMMITTED, so each statement sees every commit made
 * before it) first locks the {@code event_sequencer} row: sequencers on every node queue there.
 * Holding it, it reads the outbox rows without a timeline id — exactly those committed so far —
 * numbers them from {@code next_id} in outbox order, copies them to {@code order_events}, marks
 * them, advances {@code next_id} and commits. A row whose transaction commits afterwards is seen by
 * the next run and numbered after everything already visible.
 */
@ApplicationScoped
public class JdbcOutboxSequencer implements OutboxSequencer {

  private static final String SEQUENCE = "order_events";

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
      int isolation = c.getTransactionIsolation();
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        List<Sequenced> done = run(c, batch, buyers, fanOut);
        c.commit();
        return done;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setTransactionIsolation(isolation);
        c.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Sequencing the outbox failed", e);
    }
  }

  private record Row(
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

  private static List<Sequenced> run(Connection c, int batch, BuyerOf buyers, FanOut fanOut)
      throws SQLException {
    long next;
    try (PreparedStatement ps =
        c.prepareStatement("SELECT next_id FROM event_sequencer WHERE name = ? FOR UPDATE")) {
      ps.setString(1, SEQUENCE);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("event_sequencer has no row " + SEQUENCE);
        }
        next = rs.getLong(1);
      }
    }
    List<Row> rows = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT seq, id, event_type, aggregate_type, aggregate_id, agent_id, merchant_id,"
                + " buyer_ref, status, amount_minor, currency, data, created_at FROM domain_events"
                + " WHERE timeline_id IS NULL ORDER BY seq")) {
      ps.setMaxRows(batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long amount = rs.getLong(10);
          rows.add(
              new Row(
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
    if (rows.isEmpty()) {
      return List.of();
    }
    java.util.Map<String, String> agentByOrder = new java.util.HashMap<>();
    for (Row r : rows) {
      if ("order".equals(r.aggregateType())) {
        agentByOrder.putIfAbsent(r.aggregateId(), r.agentId());
      }
    }
    java.util.Map<String, Buyer> known = buyers.ofAll(agentByOrder);
    // One INSERT for the batch's timeline rows and one UPDATE marking their outbox rows: two
    // statements a batch (a JDBC batch on this driver is one statement per row).
    List<Sequenced> out = new ArrayList<>();
    List<Object> values = new ArrayList<>(rows.size() * 14);
    List<Object> whenThen = new ArrayList<>(rows.size() * 3); // (seq, id) pairs, then the seqs
    List<Object> seqs = new ArrayList<>(rows.size());
    for (Row r : rows) {
      long id = next++;
      String orderId = "order".equals(r.aggregateType()) ? r.aggregateId() : null;
      Buyer buyer = null;
      if (orderId != null) {
        buyer =
            agentByOrder.get(orderId).equals(r.agentId())
                ? known.get(orderId)
                : buyers.of(r.agentId(), orderId).orElse(null);
      }
      values.addAll(
          java.util.Arrays.asList(
              id,
              r.eventId(),
              r.type(),
              r.agentId(),
              r.merchantId(),
              orderId,
              r.buyerRef(),
              buyer == null ? null : buyer.issuer(),
              buyer == null ? null : buyer.subject(),
              r.status(),
              r.amountMinor(),
              r.currency(),
              r.data(),
              r.createdAt()));
      whenThen.add(r.seq());
      whenThen.add(id);
      seqs.add(r.seq());
      Instant created = r.createdAt() == null ? null : r.createdAt().toInstant();
      out.add(
          new Sequenced(
              id, r.eventId(), r.type(), r.agentId(), r.merchantId(), orderId, r.data(), created));
    }
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO order_events (id, event_id, event_type, agent_id, merchant_id,"
                + " order_id, buyer_ref, buyer_issuer, buyer_subject, status, amount_minor,"
                + " currency, data, created_at, sequenced_at) VALUES "
                + Jdbc.rows(
                    rows.size(),
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP(6))"))) {
      Jdbc.bind(insert, values);
      insert.executeUpdate();
    }
    whenThen.addAll(seqs);
    try (PreparedStatement mark =
        c.prepareStatement(
            "UPDATE domain_events SET timeline_id = CASE seq "
                + String.join(" ", java.util.Collections.nCopies(rows.size(), "WHEN ? THEN ?"))
                + " END WHERE seq IN ("
                + Jdbc.marks(rows.size())
                + ") AND timeline_id IS NULL")) {
      Jdbc.bind(mark, whenThen);
      // The row lock held since the start is what guarantees one sequencer; this is the check.
      if (mark.executeUpdate() != rows.size()) {
        throw new IllegalStateException("An outbox row was sequenced twice");
      }
    }
    for (Sequenced s : out) {
      fanOut.accept(c, s);
    }
    fanOut.flush(c);
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE event_sequencer SET next_id = ? WHERE name = ?")) {
      ps.setLong(1, next);
      ps.setString(2, SEQUENCE);
      ps.executeUpdate();
    }
    return out;
  }
}
