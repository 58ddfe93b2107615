package org.agentcommerce.packs.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.bind.Jsonb;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.packs.api.PackStatus;
import org.agentcommerce.packs.api.Validation;
import org.agentcommerce.packs.domain.Pack;
import org.agentcommerce.packs.domain.PackStore;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.WireJson;

/** {@code ops_packs} over plain JDBC; content and validation are stored as their wire JSON. */
@ApplicationScoped
public class JdbcPackStore implements PackStore {

  private static Jsonb json() {
    return WireJson.jsonb();
  }

  @Override
  public void insert(Pack p) {
    try (Connection c = Database.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "INSERT INTO ops_packs (id, agent_id, merchant_id, status, source, content,"
                    + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      ps.setString(1, p.id());
      ps.setString(2, p.agentId());
      ps.setString(3, p.merchantId());
      ps.setString(4, p.status().wireName());
      ps.setString(5, p.source());
      ps.setString(6, json().toJson(p.content()));
      ps.setTimestamp(7, Timestamp.from(p.createdAt()));
      ps.setTimestamp(8, Timestamp.from(p.updatedAt()));
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not store the pack", e);
    }
  }

  @Override
  public Optional<Pack> find(String packId) {
    try (Connection c = Database.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, agent_id, merchant_id, status, source, content, validation,"
                    + " created_at, updated_at, validated_at, published_at FROM ops_packs"
                    + " WHERE id = ?")) {
      ps.setString(1, packId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String validation = rs.getString(7);
        return Optional.of(
            new Pack(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                PackStatus.valueOf(rs.getString(4).toUpperCase(Locale.ROOT)),
                rs.getString(5),
                json().fromJson(rs.getString(6), PackContent.class),
                validation == null ? null : json().fromJson(validation, Validation.class),
                instant(rs.getTimestamp(8)),
                instant(rs.getTimestamp(9)),
                instant(rs.getTimestamp(10)),
                instant(rs.getTimestamp(11))));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the pack", e);
    }
  }

  @Override
  public boolean update(
      String packId,
      PackStatus from,
      PackStatus to,
      Validation validation,
      Instant at,
      Instant validatedAt,
      Instant publishedAt) {
    try (Connection c = Database.connection();
        PreparedStatement ps =
            c.prepareStatement(
                "UPDATE ops_packs SET status = ?, validation = ?, updated_at = ?,"
                    + " validated_at = ?, published_at = ? WHERE id = ? AND status = ?")) {
      ps.setString(1, to.wireName());
      ps.setString(2, validation == null ? null : json().toJson(validation));
      ps.setTimestamp(3, Timestamp.from(at));
      ps.setTimestamp(4, validatedAt == null ? null : Timestamp.from(validatedAt));
      ps.setTimestamp(5, publishedAt == null ? null : Timestamp.from(publishedAt));
      ps.setString(6, packId);
      ps.setString(7, from.wireName());
      return ps.executeUpdate() == 1;
    } catch (SQLException e) {
      throw new IllegalStateException("Could not update the pack", e);
    }
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
