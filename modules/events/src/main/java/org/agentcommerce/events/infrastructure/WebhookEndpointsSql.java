package org.agentcommerce.events.infrastructure;

import static org.agentcommerce.events.infrastructure.WebhookSql.NOW;
import static org.agentcommerce.events.infrastructure.WebhookSql.failed;
import static org.agentcommerce.events.infrastructure.WebhookSql.update;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.events.infrastructure.WebhookStore.Endpoint;

/**
 * What agents and operators configure: an agent's webhook endpoint (read, saved under the secret it
 * was read with, disabled, tested) and the operators' switch that pauses every delivery.
 */
final class WebhookEndpointsSql {

  private WebhookEndpointsSql() {}

  static Optional<Endpoint> endpoint(String agentId) {
    try (Connection c = Jdbc.connection()) {
      return endpoint(c, agentId);
    } catch (SQLException e) {
      throw failed("Reading a webhook endpoint", e);
    }
  }

  static Optional<Endpoint> endpoint(Connection c, String agentId) throws SQLException {
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

  static boolean save(Endpoint e, String readSecret) {
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

  static void disable(String agentId, String reason) {
    update(
        "UPDATE webhook_endpoints SET enabled = FALSE, disabled_reason = ?, updated_at = "
            + NOW
            + " WHERE agent_id = ?",
        reason,
        agentId);
  }

  static void recordTest(String agentId, String status) {
    update(
        "UPDATE webhook_endpoints SET last_test_at = "
            + NOW
            + ", last_test_status = ? WHERE agent_id = ?",
        status,
        agentId);
  }

  private static final String PAUSED = "webhook_delivery_paused";

  static boolean deliveryPaused() {
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

  static void pauseDelivery(boolean paused, String who) {
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
