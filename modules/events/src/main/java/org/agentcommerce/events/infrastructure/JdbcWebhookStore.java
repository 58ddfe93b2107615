package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.platform.api.Ids;

/**
 * Webhook endpoints and deliveries in SQL, on autocommitted connections; times that decide who may
 * act (due, leases) come from the database clock so that nodes agree.
 */
@ApplicationScoped
public class JdbcWebhookStore implements WebhookStore {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String DELIVERY_COLUMNS =
      "id, agent_id, message_id, event_type, timeline_id, payload, status, attempts, step,"
          + " next_attempt_at, last_status_code, last_error, last_attempt_at, delivered_at,"
          + " created_at";

  @Override
  public Optional<Endpoint> endpoint(String agentId) {
    try (Connection c = Jdbc.connection()) {
      return endpoint(c, agentId);
    } catch (SQLException e) {
      throw failed("Reading a webhook endpoint", e);
    }
  }

  @Override
  public Optional<Endpoint> endpoint(Connection c, String agentId) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT agent_id, enabled, destination_url, subscribed_events, secret_ciphertext,"
                + " secret_last4, previous_secret_ciphertext, previous_secret_expires_at,"
                + " disabled_reason, last_test_at, last_test_status, format FROM webhook_endpoints"
                + " WHERE agent_id = ?")) {
      ps.setString(1, agentId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String events = rs.getString(4);
        return Optional.of(
            new Endpoint(
                rs.getString(1),
                rs.getBoolean(2),
                rs.getString(3),
                events == null || events.isBlank() ? List.of() : Arrays.asList(events.split(",")),
                rs.getString(5),
                rs.getString(6),
                rs.getString(7),
                Jdbc.instant(rs.getTimestamp(8)),
                rs.getString(9),
                Jdbc.instant(rs.getTimestamp(10)),
                rs.getString(11),
                rs.getString(12)));
      }
    }
  }

  @Override
  public boolean save(Endpoint e, String readSecret) {
    List<Object> values =
        new ArrayList<>(
            Arrays.asList(
                e.enabled(),
                e.destinationUrl(),
                String.join(",", e.subscribedEvents()),
                e.secretCiphertext(),
                e.secretLast4(),
                e.previousSecretCiphertext(),
                e.previousSecretExpiresAt(),
                e.disabledReason(),
                e.format() == null ? Endpoint.STANDARD : e.format(),
                e.agentId()));
    try (Connection c = Jdbc.connection()) {
      if (readSecret != null) {
        values.add(readSecret);
        try (PreparedStatement ps =
            c.prepareStatement(
                "UPDATE webhook_endpoints SET enabled = ?, destination_url = ?, subscribed_events"
                    + " = ?, secret_ciphertext = ?, secret_last4 = ?, previous_secret_ciphertext ="
                    + " ?, previous_secret_expires_at = ?, disabled_reason = ?, format = ?,"
                    + " updated_at = "
                    + NOW
                    + " WHERE agent_id = ? AND secret_ciphertext = ?")) {
          Jdbc.bind(ps, values);
          return ps.executeUpdate() == 1;
        }
      }
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO webhook_endpoints (enabled, destination_url, subscribed_events,"
                  + " secret_ciphertext, secret_last4, previous_secret_ciphertext,"
                  + " previous_secret_expires_at, disabled_reason, format, agent_id, created_at,"
                  + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                  + NOW
                  + ", "
                  + NOW
                  + ")")) {
        Jdbc.bind(ps, values);
        ps.executeUpdate();
        return true;
      } catch (java.sql.SQLIntegrityConstraintViolationException created) {
        return false; // another request created it first
      }
    } catch (SQLException ex) {
      throw failed("Saving a webhook endpoint", ex);
    }
  }

  @Override
  public void disable(String agentId, String reason) {
    update(
        "UPDATE webhook_endpoints SET enabled = FALSE, disabled_reason = ?, updated_at = "
            + NOW
            + " WHERE agent_id = ?",
        reason,
        agentId);
  }

  @Override
  public void recordTest(String agentId, String status) {
    update(
        "UPDATE webhook_endpoints SET last_test_at = "
            + NOW
            + ", last_test_status = ? WHERE agent_id = ?",
        status,
        agentId);
  }

  @Override
  public String enqueue(
      String agentId, String messageId, String eventType, Long timelineId, String body) {
    try (Connection c = Jdbc.connection()) {
      return enqueue(c, agentId, messageId, eventType, timelineId, body);
    } catch (SQLException e) {
      throw failed("Queueing a webhook delivery", e);
    }
  }

  private static final String ENQUEUE_INTO =
      "INSERT INTO webhook_deliveries (id, agent_id, message_id, event_type, timeline_id,"
          + " payload, status, attempts, step, next_attempt_at, created_at, updated_at) VALUES ";

  /** One queued delivery's values (six parameters). */
  private static final String ENQUEUE_ROW =
      "(?, ?, ?, ?, ?, ?, 'pending', 0, 0, " + NOW + ", " + NOW + ", " + NOW + ")";

  private String enqueue(
      Connection c,
      String agentId,
      String messageId,
      String eventType,
      Long timelineId,
      String body)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(ENQUEUE_INTO + ENQUEUE_ROW)) {
      String id = bindQueued(ps, 0, new Queued(agentId, messageId, eventType, timelineId, body));
      ps.executeUpdate();
      return id;
    }
  }

  @Override
  public void enqueueAll(Connection c, List<Queued> deliveries) throws SQLException {
    if (deliveries.isEmpty()) {
      return;
    }
    // One statement for all of them (a JDBC batch on this driver is one statement per row).
    try (PreparedStatement ps =
        c.prepareStatement(ENQUEUE_INTO + Jdbc.rows(deliveries.size(), ENQUEUE_ROW))) {
      int i = 0;
      for (Queued q : deliveries) {
        bindQueued(ps, 6 * i++, q);
      }
      ps.executeUpdate();
    }
  }

  private static String bindQueued(PreparedStatement ps, int at, Queued q) throws SQLException {
    String id = Ids.newId("whd", 12);
    ps.setString(at + 1, id);
    ps.setString(at + 2, q.agentId());
    ps.setString(at + 3, q.messageId());
    ps.setString(at + 4, q.eventType());
    ps.setObject(at + 5, q.timelineId());
    ps.setString(at + 6, q.body());
    return id;
  }

  @Override
  public Optional<Delivery> delivery(String agentId, String deliveryId) {
    return query(
            "SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE id = ? AND agent_id = ?",
            1,
            deliveryId,
            agentId)
        .stream()
        .findFirst();
  }

  @Override
  public List<Delivery> deliveries(String agentId, String status, Cursor after, int limit) {
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

  @Override
  public List<Attempt> attempts(String deliveryId) {
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

  @Override
  public boolean redeliver(String agentId, String deliveryId) {
    return update(
            "UPDATE webhook_deliveries SET status = 'pending', step = 0, next_attempt_at = "
                + NOW
                + ", lease_holder = NULL, lease_until = NULL, updated_at = "
                + NOW
                + " WHERE id = ? AND agent_id = ? AND status <> 'delivering'",
            deliveryId,
            agentId)
        == 1;
  }

  @Override
  public Summary summary24h(String agentId) {
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

  @Override
  public List<Due> due(int max, java.util.Collection<String> exceptAgents) {
    // Two range reads on (status, next_attempt_at) rather than one OR, which reads every row.
    String except =
        exceptAgents.isEmpty()
            ? ""
            : " AND agent_id NOT IN (" + Jdbc.marks(exceptAgents.size()) + ")";
    List<Due> ids = new ArrayList<>();
    try (Connection c = Jdbc.connection()) {
      dueInto(
          c,
          "SELECT id, agent_id FROM webhook_deliveries WHERE status = 'pending' AND"
              + " next_attempt_at <= "
              + NOW
              + except
              + " ORDER BY next_attempt_at",
          max,
          exceptAgents,
          ids);
      dueInto(
          c,
          "SELECT id, agent_id FROM webhook_deliveries WHERE status = 'delivering' AND"
              + " lease_until < "
              + NOW
              + except,
          max - ids.size(),
          exceptAgents,
          ids);
    } catch (SQLException e) {
      throw failed("Reading due webhook deliveries", e);
    }
    return ids;
  }

  private static void dueInto(
      Connection c, String sql, int max, java.util.Collection<String> args, List<Due> into)
      throws SQLException {
    if (max <= 0) {
      return;
    }
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      Jdbc.bind(ps, new ArrayList<>(args));
      ps.setMaxRows(max);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          into.add(new Due(rs.getString(1), rs.getString(2)));
        }
      }
    }
  }

  /** Which of the named deliveries are still due (pending and due, or their lease ran out). */
  private static final String DUE_OF =
      "SELECT id FROM webhook_deliveries WHERE id IN (%s) AND ((status = 'pending' AND"
          + " next_attempt_at <= "
          + NOW
          + ") OR (status = 'delivering' AND lease_until < "
          + NOW
          + ")) FOR UPDATE SKIP LOCKED";

  /** Takes deliveries locked by {@link #DUE_OF} in the same transaction. */
  private static final String CLAIM =
      "UPDATE webhook_deliveries SET status = 'delivering', lease_holder = ?, lease_until ="
          + " TIMESTAMPADD(MICROSECOND, ?, "
          + NOW
          + "), attempts = attempts + 1, step = step + 1, last_attempt_at = "
          + NOW
          + ", updated_at = "
          + NOW
          + " WHERE id IN (%s)";

  @Override
  public List<Delivery> claimAll(List<String> deliveryIds, String holder, long leaseMillis) {
    if (deliveryIds.isEmpty()) {
      return List.of();
    }
    if (lease(deliveryIds, holder, leaseMillis) == 0) {
      return List.of();
    }
    // The holder is unique to this claim: exactly the rows it won carry it.
    List<Object> args = new ArrayList<>(deliveryIds);
    args.add(holder);
    return query(
        "SELECT "
            + DELIVERY_COLUMNS
            + " FROM webhook_deliveries WHERE id IN ("
            + Jdbc.marks(deliveryIds.size())
            + ") AND lease_holder = ? AND status = 'delivering' ORDER BY next_attempt_at",
        deliveryIds.size(),
        args.toArray());
  }

  @Override
  public Optional<String> traceparentOf(Delivery delivery) {
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

  @Override
  public Optional<Delivery> claim(String deliveryId, String holder, long leaseMillis) {
    if (lease(List.of(deliveryId), holder, leaseMillis) == 0) {
      return Optional.empty();
    }
    return query(
            "SELECT "
                + DELIVERY_COLUMNS
                + " FROM webhook_deliveries WHERE id = ? AND lease_holder = ?",
            1,
            deliveryId,
            holder)
        .stream()
        .findFirst();
  }

  /**
   * Leases those of the deliveries that are still due, in one short transaction, and answers how
   * many. A delivery whose row another session holds (a node that froze while recording an outcome)
   * is skipped, never waited for, so two nodes claiming overlapping sets never wait for each other
   * and each row goes to exactly one of them.
   */
  private static int lease(List<String> deliveryIds, String holder, long leaseMillis) {
    try (Connection c = Jdbc.connection()) {
      int isolation = c.getTransactionIsolation();
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        List<Object> due = new ArrayList<>();
        try (PreparedStatement ps =
            c.prepareStatement(String.format(DUE_OF, Jdbc.marks(deliveryIds.size())))) {
          Jdbc.bind(ps, new ArrayList<>(deliveryIds));
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              due.add(rs.getString(1));
            }
          }
        }
        int leased = 0;
        if (!due.isEmpty()) {
          List<Object> args = new ArrayList<>(due.size() + 2);
          args.add(holder);
          args.add(leaseMillis * 1000);
          args.addAll(due);
          try (PreparedStatement ps =
              c.prepareStatement(String.format(CLAIM, Jdbc.marks(due.size())))) {
            Jdbc.bind(ps, args);
            leased = ps.executeUpdate();
          }
        }
        c.commit();
        return leased;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setTransactionIsolation(isolation);
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failed("Claiming webhook deliveries", e);
    }
  }

  /** The columns an outcome sets; outcomes alike are recorded by one statement. */
  private record Outcome(
      String status, long retryInMillis, Integer httpStatus, String error, boolean delivered) {}

  @Override
  public boolean[] finishAll(List<Finished> done) {
    boolean[] recorded = new boolean[done.size()];
    if (done.isEmpty()) {
      return recorded;
    }
    try (Connection c = Jdbc.connection()) {
      c.setAutoCommit(false);
      try {
        // Which of them this node still holds, locked until the commit: an outcome counts only
        // under the lease it was attempted under (a lease that ran out belongs to another claim).
        Map<String, String> holders = new HashMap<>();
        try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, lease_holder FROM webhook_deliveries WHERE id IN ("
                    + Jdbc.marks(done.size())
                    + ") AND status = 'delivering' FOR UPDATE")) {
          for (int i = 0; i < done.size(); i++) {
            ps.setString(i + 1, done.get(i).deliveryId());
          }
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              holders.put(rs.getString(1), rs.getString(2));
            }
          }
        }
        Map<Outcome, List<String>> alike = new java.util.LinkedHashMap<>();
        List<Object> attempts = new ArrayList<>();
        int rows = 0;
        for (int i = 0; i < done.size(); i++) {
          Finished f = done.get(i);
          recorded[i] = f.holder().equals(holders.get(f.deliveryId()));
          if (!recorded[i]) {
            continue; // the lease ran out and another worker holds it: its attempt counts
          }
          holders.remove(f.deliveryId()); // one outcome per delivery
          alike
              .computeIfAbsent(
                  new Outcome(
                      f.status(),
                      f.retryInMillis(),
                      f.attempt().httpStatus(),
                      f.attempt().error(),
                      f.delivered()),
                  k -> new ArrayList<>())
              .add(f.deliveryId());
          attempts.addAll(
              Arrays.asList(
                  f.deliveryId(),
                  f.attempt().attempt(),
                  f.attempt().attemptedAt(),
                  f.attempt().destinationHost(),
                  f.attempt().httpStatus(),
                  f.attempt().latencyMs(),
                  f.attempt().error()));
          rows++;
        }
        for (Map.Entry<Outcome, List<String>> e : alike.entrySet()) {
          Outcome o = e.getKey();
          try (PreparedStatement ps =
              c.prepareStatement(
                  "UPDATE webhook_deliveries SET status = ?, lease_holder = NULL, lease_until ="
                      + " NULL, next_attempt_at = TIMESTAMPADD(MICROSECOND, ?, "
                      + NOW
                      + "), last_status_code = ?, last_error = ?, delivered_at = "
                      + (o.delivered() ? NOW : "delivered_at")
                      + ", updated_at = "
                      + NOW
                      + " WHERE id IN ("
                      + Jdbc.marks(e.getValue().size())
                      + ")")) {
            List<Object> args = new ArrayList<>();
            args.add(o.status());
            args.add(o.retryInMillis() * 1000);
            args.add(o.httpStatus());
            args.add(o.error());
            args.addAll(e.getValue());
            Jdbc.bind(ps, args);
            ps.executeUpdate();
          }
        }
        if (rows > 0) {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at,"
                      + " destination_host, http_status, latency_ms, error) VALUES "
                      + Jdbc.rows(rows, "(?, ?, ?, ?, ?, ?, ?)"))) {
            Jdbc.bind(ps, attempts);
            ps.executeUpdate();
          }
        }
        c.commit();
        return recorded;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failed("Recording webhook attempts", e);
    }
  }

  private List<Delivery> query(String sql, int max, Object... args) {
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

  private static int update(String sql, Object... args) {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      Jdbc.bind(ps, Arrays.asList(args));
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("Updating webhooks", e);
    }
  }

  private static IllegalStateException failed(String what, SQLException e) {
    return new IllegalStateException(what + " failed", e);
  }

  private static final String PAUSED = "webhook_delivery_paused";

  @Override
  public boolean deliveryPaused() {
    try (Connection c = Jdbc.connection();
        PreparedStatement ps =
            c.prepareStatement("SELECT enabled FROM operation_switches WHERE name = ?")) {
      ps.setString(1, PAUSED);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    } catch (SQLException e) {
      throw failed("Reading the webhook pause switch", e);
    }
  }

  @Override
  public void pauseDelivery(boolean paused, String who) {
    try (Connection c = Jdbc.connection()) {
      c.setAutoCommit(false);
      try (PreparedStatement del =
              c.prepareStatement("DELETE FROM operation_switches WHERE name = ?");
          PreparedStatement ins =
              c.prepareStatement(
                  "INSERT INTO operation_switches (name, enabled, changed_by, changed_at) VALUES"
                      + " (?, ?, ?, "
                      + NOW
                      + ")")) {
        del.setString(1, PAUSED);
        del.executeUpdate();
        ins.setString(1, PAUSED);
        ins.setBoolean(2, paused);
        ins.setString(3, who);
        ins.executeUpdate();
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failed("Setting the webhook pause switch", e);
    }
  }
}
