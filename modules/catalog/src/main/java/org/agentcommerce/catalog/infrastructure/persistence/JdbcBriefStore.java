package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;
import org.agentcommerce.catalog.domain.brief.BriefStore;
import org.agentcommerce.platform.api.Database;

/** Briefs in the {@code briefs} table, one row per brief, the document as JSON text. */
@ApplicationScoped
public class JdbcBriefStore implements BriefStore {

  private volatile DataSource dataSource;

  @Override
  public void save(StoredBrief brief) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "INSERT INTO briefs (id, agent_id, schema_version, raw_query, document, created_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?)")) {
      ps.setString(1, brief.id());
      ps.setString(2, brief.agentId());
      ps.setString(3, brief.schemaVersion());
      ps.setString(4, brief.rawQuery());
      ps.setString(5, brief.document());
      ps.setTimestamp(6, Timestamp.from(brief.createdAt()));
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Storing brief " + brief.id() + " failed", e);
    }
  }

  @Override
  public Optional<StoredBrief> find(String agentId, String briefId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, agent_id, schema_version, raw_query, document, created_at FROM briefs"
                    + " WHERE id = ? AND agent_id = ?")) {
      ps.setString(1, briefId);
      ps.setString(2, agentId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        Instant created = rs.getTimestamp(6).toInstant();
        return Optional.of(
            new StoredBrief(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                created));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading brief " + briefId + " failed", e);
    }
  }

  private DataSource dataSource() {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = Database.lookupDataSource();
      dataSource = ds;
    }
    return ds;
  }
}
