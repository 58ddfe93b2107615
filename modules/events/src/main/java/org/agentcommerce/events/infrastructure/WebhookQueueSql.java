package org.agentcommerce.events.infrastructure;

import static org.agentcommerce.events.infrastructure.WebhookSql.DELIVERY_COLUMNS;
import static org.agentcommerce.events.infrastructure.WebhookSql.NOW;
import static org.agentcommerce.events.infrastructure.WebhookSql.failed;
import static org.agentcommerce.events.infrastructure.WebhookSql.query;
import static org.agentcommerce.events.infrastructure.WebhookSql.update;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.events.infrastructure.WebhookStore.Delivery;
import org.agentcommerce.events.infrastructure.WebhookStore.Due;
import org.agentcommerce.events.infrastructure.WebhookStore.Queued;
import org.agentcommerce.platform.api.Ids;

/**
 * The delivery queue: deliveries queued (one or many in one statement), found due, claimed under a
 * lease in one short transaction, and queued again by hand.
 */
final class WebhookQueueSql {

  private WebhookQueueSql() {}

  /**
   * A new delivery already claimed by {@code holder} for {@code leaseMillis}, its first attempt
   * counted, in one statement: committed as taken, so no node's poll can claim it before the caller
   * sends it (a sender that stops leaves it to the lease, as any claimed delivery).
   */
  static Delivery enqueueClaimed(Queued delivery, String holder, long leaseMillis) {
    String id;
    try (Connection c = Jdbc.connection();
        PreparedStatement ps = c.prepareStatement(ENQUEUE_CLAIMED)) {
      id = bindQueued(ps, 0, delivery);
      ps.setString(7, holder);
      ps.setLong(8, leaseMillis * 1000);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("Queueing a webhook delivery", e);
    }
    return held(id, holder)
        .orElseThrow(() -> new IllegalStateException("The delivery " + id + " was not stored"));
  }

  private static final String ENQUEUE_CLAIMED =
      "INSERT INTO webhook_deliveries (id, agent_id, message_id, event_type, timeline_id, payload,"
          + " status, attempts, step, next_attempt_at, lease_holder, lease_until, last_attempt_at,"
          + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'delivering', 1, 1, "
          + NOW
          + ", ?, TIMESTAMPADD(MICROSECOND, ?, "
          + NOW
          + "), "
          + NOW
          + ", "
          + NOW
          + ", "
          + NOW
          + ")";

  private static final String ENQUEUE_INTO =
      "INSERT INTO webhook_deliveries (id, agent_id, message_id, event_type, timeline_id,"
          + " payload, status, attempts, step, next_attempt_at, created_at, updated_at) VALUES ";

  /** One queued delivery's values (six parameters). */
  private static final String ENQUEUE_ROW =
      "(?, ?, ?, ?, ?, ?, 'pending', 0, 0, " + NOW + ", " + NOW + ", " + NOW + ")";

  static void enqueueAll(Connection c, List<Queued> deliveries) throws SQLException {
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

  static boolean redeliver(String agentId, String deliveryId) {
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

  static List<Due> due(int max, java.util.Collection<String> exceptAgents) {
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

  static List<Delivery> claimAll(List<String> deliveryIds, String holder, long leaseMillis) {
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

  static Optional<Delivery> claim(String deliveryId, String holder, long leaseMillis) {
    if (lease(List.of(deliveryId), holder, leaseMillis) == 0) {
      return Optional.empty();
    }
    return held(deliveryId, holder);
  }

  /** The delivery as {@code holder} holds it (empty if another holds it). */
  private static Optional<Delivery> held(String deliveryId, String holder) {
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
}
