package org.agentcommerce.events.infrastructure;

import static org.agentcommerce.events.infrastructure.WebhookSql.DELIVERY_COLUMNS;
import static org.agentcommerce.events.infrastructure.WebhookSql.NOW;
import static org.agentcommerce.events.infrastructure.WebhookSql.failed;
import static org.agentcommerce.events.infrastructure.WebhookSql.query;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.events.infrastructure.WebhookStore.Attempt;
import org.agentcommerce.events.infrastructure.WebhookStore.Cursor;
import org.agentcommerce.events.infrastructure.WebhookStore.Delivery;
import org.agentcommerce.events.infrastructure.WebhookStore.Summary;

/**
 * What an agent reads of its deliveries: one delivery, a page of them, a delivery's attempts, the
 * last 24 hours summed up, and the trace a delivery continues.
 */
final class WebhookReadsSql {

  private WebhookReadsSql() {}

  static Optional<Delivery> delivery(String agentId, String deliveryId) {
    return query(
            "SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE id = ? AND agent_id = ?",
            1,
            deliveryId,
            agentId)
        .stream()
        .findFirst();
  }

  static List<Delivery> deliveries(String agentId, String status, Cursor after, int limit) {
    StringBuilder sql =
        new StringBuilder(
            "SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE agent_id = ?");
    List<Object> args = new ArrayList<>(List.of(agentId));
    if (status != null) {
      if (status.equals("retrying")) {
        sql.append(" AND status IN ('pending', 'delivering') AND attempts > 0");
      } else {
        sql.append(" AND status = ?");
        args.add(status);
      }
    }
    if (after != null) {
      sql.append(" AND (created_at < ? OR (created_at = ? AND id < ?))");
      args.add(after.createdAt());
      args.add(after.createdAt());
      args.add(after.id());
    }
    sql.append(" ORDER BY created_at DESC, id DESC");
    return query(sql.toString(), limit + 1, args.toArray());
  }

  static List<Attempt> attempts(String deliveryId) {
    List<Attempt> out = new ArrayList<>();
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT attempt, attempted_at, destination_host, http_status, latency_ms, error"
                    + " FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt")) {
      ps.setString(1, deliveryId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new Attempt(
                  rs.getInt(1),
                  Jdbc.instant(rs.getTimestamp(2)),
                  rs.getString(3),
                  (Integer) rs.getObject(4, Integer.class),
                  (Integer) rs.getObject(5, Integer.class),
                  rs.getString(6)));
        }
      }
    } catch (SQLException e) {
      throw failed("Reading webhook attempts", e);
    }
    return out;
  }

  static Summary summary24h(String agentId) {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*), SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END),"
                    + " SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), SUM(CASE WHEN status"
                    + " IN ('pending', 'delivering') AND attempts > 0 THEN 1 ELSE 0 END),"
                    + " MAX(delivered_at) FROM webhook_deliveries WHERE agent_id = ? AND"
                    + " created_at >= TIMESTAMPADD(HOUR, -24, "
                    + NOW
                    + ")")) {
      ps.setString(1, agentId);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new Summary(
            rs.getLong(1),
            rs.getLong(2),
            rs.getLong(3),
            rs.getLong(4),
            Jdbc.instant(rs.getTimestamp(5)));
      }
    } catch (SQLException e) {
      throw failed("Summing webhook deliveries", e);
    }
  }

  static Optional<String> traceparentOf(Delivery delivery) {
    if (delivery.timelineId() == null) {
      return Optional.empty();
    }
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT d.traceparent FROM order_events o JOIN domain_events d ON d.id ="
                    + " o.event_id WHERE o.id = ?")) {
      ps.setLong(1, delivery.timelineId());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      return Optional.empty(); // a delivery without its trace, never a failed delivery
    }
  }
}
