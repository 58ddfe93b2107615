package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.Base64;
import java.util.Optional;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.SharedKeys;

/** {@link SharedKeys} in the table {@code shared_keys}: the first insert of a name wins. */
@ApplicationScoped
public class JdbcSharedKeys implements SharedKeys {

  private static final Logger LOG = Logger.getLogger(JdbcSharedKeys.class.getName());
  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  public byte[] key(String name, int bytes) {
    try (Connection c = Database.connection()) {
      Optional<byte[]> stored = read(c, name);
      if (stored.isPresent()) {
        return stored.get();
      }
      byte[] made = new byte[bytes];
      RANDOM.nextBytes(made);
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO shared_keys (name, key_material, created_at)"
                  + " VALUES (?, ?, CURRENT_TIMESTAMP(6))")) {
        insert.setString(1, name);
        insert.setString(2, Base64.getEncoder().encodeToString(made));
        insert.executeUpdate();
        LOG.info(() -> "Created the shared key " + name + " for every node of this deployment");
      } catch (SQLIntegrityConstraintViolationException anotherNodeWasFirst) {
        // read below
      } catch (SQLException e) {
        if (!"23505".equals(e.getSQLState()) && !"23000".equals(e.getSQLState())) {
          throw e;
        }
      }
      return read(c, name)
          .orElseThrow(() -> new IllegalStateException("The shared key " + name + " is missing"));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read or create the shared key " + name, e);
    }
  }

  @Override
  public Optional<String> note(String name) {
    try (Connection c = Database.connection()) {
      return read(c, name).map(b -> new String(b, java.nio.charset.StandardCharsets.UTF_8));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read " + name + " of shared_keys", e);
    }
  }

  @Override
  public void note(String name, String value) {
    String stored =
        Base64.getEncoder().encodeToString(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    try (Connection c = Database.connection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE shared_keys SET key_material = ?, created_at = CURRENT_TIMESTAMP(6)"
                    + " WHERE name = ?")) {
      update.setString(1, stored);
      update.setString(2, name);
      if (update.executeUpdate() == 0) {
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO shared_keys (name, key_material, created_at)"
                    + " VALUES (?, ?, CURRENT_TIMESTAMP(6))")) {
          insert.setString(1, name);
          insert.setString(2, stored);
          insert.executeUpdate();
        } catch (SQLIntegrityConstraintViolationException anotherNodeWasFirst) {
          // its value stands: it started at the same moment
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot store " + name + " in shared_keys", e);
    }
  }

  private static Optional<byte[]> read(Connection c, String name) throws SQLException {
    try (PreparedStatement select =
        c.prepareStatement("SELECT key_material FROM shared_keys WHERE name = ?")) {
      select.setString(1, name);
      try (ResultSet rs = select.executeQuery()) {
        return rs.next()
            ? Optional.of(Base64.getDecoder().decode(rs.getString(1)))
            : Optional.empty();
      }
    }
  }
}
