package org.agentcommerce.events.infrastructure;

import static org.agentcommerce.events.infrastructure.WebhookSql.NOW;
import static org.agentcommerce.events.infrastructure.WebhookSql.failed;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.events.infrastructure.WebhookStore.Finished;

/**
 * The outcomes of attempts: recorded together in one transaction, each only under the lease it was
 * attempted under, with the attempt's row.
 */
final class WebhookOutcomesSql {

  private WebhookOutcomesSql() {}

  /** The columns an outcome sets; outcomes alike are recorded by one statement. */
  private record Outcome(
      String status, long retryInMillis, Integer httpStatus, String error, boolean delivered) {}

  static boolean[] finishAll(List<Finished> done) {
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
}
