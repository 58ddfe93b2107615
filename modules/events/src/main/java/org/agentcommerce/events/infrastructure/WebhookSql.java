package org.agentcommerce.events.infrastructure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.agentcommerce.events.infrastructure.WebhookStore.Delivery;

/**
 * What the webhook tables' statements share: the database clock, the delivery columns and their
 * reading, a one-statement update, and the failure every store method throws.
 */
final class WebhookSql {

  /** The database clock: times that decide who may act (due, leases) are the database's. */
  static final String NOW = "CURRENT_TIMESTAMP(6)";

  static final String DELIVERY_COLUMNS =
      "id, agent_id, message_id, event_type, timeline_id, payload, status, attempts, step,"
          + " next_attempt_at, last_status_code, last_error, last_attempt_at, delivered_at,"
          + " created_at";

  private WebhookSql() {}

  /** The deliveries {@code sql} selects ({@link #DELIVERY_COLUMNS}), at most {@code max}. */
  static List<Delivery> query(String sql, int max, Object... args) {
    List<Delivery> out = new ArrayList<>();
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      Jdbc.bind(ps, Arrays.asList(args));
      ps.setMaxRows(max);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long timeline = rs.getLong(5);
          boolean noTimeline = rs.wasNull();
          out.add(
              new Delivery(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  noTimeline ? null : timeline,
                  rs.getString(6),
                  rs.getString(7),
                  rs.getInt(8),
                  rs.getInt(9),
                  Jdbc.instant(rs.getTimestamp(10)),
                  (Integer) rs.getObject(11, Integer.class),
                  rs.getString(12),
                  Jdbc.instant(rs.getTimestamp(13)),
                  Jdbc.instant(rs.getTimestamp(14)),
                  Jdbc.instant(rs.getTimestamp(15))));
        }
      }
    } catch (SQLException e) {
      throw failed("Reading webhook deliveries", e);
    }
    return out;
  }

  static int update(String sql, Object... args) {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      Jdbc.bind(ps, Arrays.asList(args));
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("Updating webhooks", e);
    }
  }

  static IllegalStateException failed(String what, SQLException e) {
    return new IllegalStateException(what + " failed", e);
  }
}
