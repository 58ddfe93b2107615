package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.platform.api.CallCounts.HourlyCount;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.domain.usage.CallCountStore;

/**
 * {@code agent_call_counts} over plain JDBC, outside JTA (the flush runs on a scheduler thread). A
 * batch adds to existing rows and inserts missing ones in one transaction; when another node
 * inserted the same row first, the add is retried as an update.
 */
@ApplicationScoped
public class JdbcCallCountStore implements CallCountStore {

  private static final String UPDATE =
      "UPDATE agent_call_counts SET call_count = call_count + ?"
          + " WHERE agent_id = ? AND call_kind = ? AND hour_start = ?";
  private static final String INSERT =
      "INSERT INTO agent_call_counts (agent_id, call_kind, hour_start, call_count)"
          + " VALUES (?, ?, ?, ?)";

  @Override
  public void add(List<Increment> increments) {
    try (Connection c = Database.connection()) {
      c.setAutoCommit(false);
      try {
        for (Increment i : increments) {
          if (update(c, i) == 0) {
            insertOrUpdate(c, i);
          }
        }
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not write the call counts", e);
    }
  }

  private static int update(Connection c, Increment i) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
      ps.setLong(1, i.count().count());
      ps.setString(2, i.agentId());
      ps.setString(3, i.count().call().wireName());
      ps.setTimestamp(4, Timestamp.from(i.count().hour()));
      return ps.executeUpdate();
    }
  }

  private static void insertOrUpdate(Connection c, Increment i) throws SQLException {
    java.sql.Savepoint before = c.setSavepoint();
    try (PreparedStatement ps = c.prepareStatement(INSERT)) {
      ps.setString(1, i.agentId());
      ps.setString(2, i.count().call().wireName());
      ps.setTimestamp(3, Timestamp.from(i.count().hour()));
      ps.setLong(4, i.count().count());
      ps.executeUpdate();
    } catch (SQLIntegrityConstraintViolationException raced) {
      c.rollback(before);
      update(c, i);
    }
  }

  @Override
  public List<HourlyCount> read(String agentId, Instant fromHour) {
    List<HourlyCount> out = new ArrayList<>();
    try (Connection c = Database.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT call_kind, hour_start, call_count FROM agent_call_counts"
                    + " WHERE agent_id = ? AND hour_start >= ?")) {
      ps.setString(1, agentId);
      ps.setTimestamp(2, Timestamp.from(fromHour));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String kind = rs.getString(1);
          Instant hour = rs.getTimestamp(2).toInstant();
          long n = rs.getLong(3);
          CountedCall.ofWireName(kind).ifPresent(k -> out.add(new HourlyCount(k, hour, n)));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the call counts", e);
    }
  }

  @Override
  public int purgeBefore(Instant hour) {
    try (Connection c = Database.connection();
        PreparedStatement ps =
            c.prepareStatement("DELETE FROM agent_call_counts WHERE hour_start < ?")) {
      ps.setTimestamp(1, Timestamp.from(hour));
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not purge the call counts", e);
    }
  }
}
