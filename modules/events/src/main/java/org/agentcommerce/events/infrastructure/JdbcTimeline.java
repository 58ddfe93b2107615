package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.events.domain.Timeline;
import org.agentcommerce.events.domain.TimelineEvent;
import org.agentcommerce.events.domain.TimelineQuery;

/** The timeline in {@code order_events}: one indexed range read per page. */
@ApplicationScoped
public class JdbcTimeline implements Timeline {

  @Override
  public List<TimelineEvent> page(TimelineQuery q) {
    StringBuilder sql =
        new StringBuilder(
            "SELECT id, event_id, event_type, agent_id, merchant_id, order_id, status,"
                + " amount_minor, currency, data, created_at FROM order_events"
                + " WHERE agent_id = ? AND id > ?");
    List<Object> args = new ArrayList<>(List.of(q.agentId(), q.afterId()));
    if (q.merchantId() != null) {
      sql.append(" AND merchant_id = ?");
      args.add(q.merchantId());
    }
    if (q.orderId() != null) {
      sql.append(" AND order_id = ?");
      args.add(q.orderId());
    }
    in(sql, args, "merchant_id", q.merchantScope());
    if (q.buyerRefs() != null) {
      in(sql, args, "buyer_ref", q.buyerRefs());
    }
    if (q.buyerIssuer() != null) {
      sql.append(" AND buyer_issuer = ? AND buyer_subject = ?");
      args.add(q.buyerIssuer());
      args.add(q.buyerSubject());
    }
    sql.append(" ORDER BY id");
    List<TimelineEvent> events = new ArrayList<>();
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement(sql.toString())) {
      Jdbc.bind(ps, args);
      ps.setMaxRows(q.limit());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long amount = rs.getLong(8);
          events.add(
              new TimelineEvent(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7),
                  rs.wasNull() ? null : amount,
                  rs.getString(9),
                  rs.getString(10),
                  Jdbc.instant(rs.getTimestamp(11))));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the order event timeline failed", e);
    }
    return events;
  }

  /** {@code AND column IN (?, …)} for a non-empty set, in a stable order. */
  private static void in(
      StringBuilder sql, List<Object> args, String column, java.util.Set<String> values) {
    if (values.isEmpty()) {
      return;
    }
    sql.append(" AND ")
        .append(column)
        .append(" IN (")
        .append(String.join(", ", java.util.Collections.nCopies(values.size(), "?")))
        .append(')');
    args.addAll(values.stream().sorted().toList());
  }

  @Override
  public List<Appended> appendedSince(long afterId, int max) {
    List<Appended> out = new ArrayList<>();
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement("SELECT id, agent_id FROM order_events WHERE id > ? ORDER BY id")) {
      ps.setLong(1, afterId);
      ps.setMaxRows(max);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Appended(rs.getLong(1), rs.getString(2)));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading new timeline events failed", e);
    }
    return out;
  }

  @Override
  public long lastId() {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement("SELECT MAX(id) FROM order_events");
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getLong(1) : 0;
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the timeline's last id failed", e);
    }
  }
}
