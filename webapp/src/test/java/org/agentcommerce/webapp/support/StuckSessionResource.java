package org.agentcommerce.webapp.support;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.agentcommerce.platform.api.Database;

/**
 * A test-only stand-in for a node that froze in the middle of a transaction, added to the real WAR
 * by the tests that need it. {@code POST /agent/v1/test/stuck-session/sequencer} borrows a
 * connection from the application's own pool (so with the session settings every connection of the
 * application gets), starts a transaction, takes the {@code event_sequencer} row the way the
 * sequencer does (a write) and then sends nothing more, as a frozen node would. {@code DELETE
 * /agent/v1/test/stuck-session/{id}} ends it and says whether the database had already ended it.
 * {@code GET /agent/v1/test/stuck-session/settings} shows an application connection's settings.
 */
@ApplicationScoped
@Path("/agent/v1/test/stuck-session")
public class StuckSessionResource {

  /** A held session: let go of when {@code release} counts down; {@code ended}: by the database. */
  private record Held(CountDownLatch release, CompletableFuture<Boolean> ended) {}

  private static final Map<String, Held> HELD = new ConcurrentHashMap<>();

  @Resource ManagedExecutorService executor;

  /**
   * Holds the session on a managed thread of its own: a connection left open by a request would be
   * cleaned up by the container when the request ends.
   */
  @POST
  @Path("/sequencer")
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> holdSequencer() throws Exception {
    Held held = new Held(new CountDownLatch(1), new CompletableFuture<>());
    CompletableFuture<Void> holding = new CompletableFuture<>();
    executor.submit(
        () -> {
          try (Connection c = Database.lookupDataSource().getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps =
                c.prepareStatement(
                    "UPDATE event_sequencer SET next_id = next_id + 1"
                        + " WHERE name = 'order_events'")) {
              ps.executeUpdate();
            }
            holding.complete(null);
            held.release().await(5, TimeUnit.MINUTES);
            boolean endedByDatabase;
            try {
              c.rollback();
              c.setAutoCommit(true);
              endedByDatabase = false;
            } catch (SQLException gone) {
              endedByDatabase = true;
            }
            held.ended().complete(endedByDatabase);
          } catch (Exception e) {
            holding.completeExceptionally(e);
            held.ended().completeExceptionally(e);
          }
        });
    holding.get(30, TimeUnit.SECONDS);
    String id = UUID.randomUUID().toString();
    HELD.put(id, held);
    return Map.of("id", id);
  }

  @DELETE
  @Path("/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> release(@PathParam("id") String id) throws Exception {
    Held held = HELD.remove(id);
    if (held == null) {
      throw new NotFoundException();
    }
    held.release().countDown();
    return Map.of("ended_by_database", held.ended().get(30, TimeUnit.SECONDS));
  }

  @GET
  @Path("/settings")
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> settings() throws SQLException {
    try (Connection c = Database.lookupDataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT @@session.idle_write_transaction_timeout,"
                    + " @@session.idle_readonly_transaction_timeout,"
                    + " @@session.innodb_lock_wait_timeout");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return Map.of(
          "idle_write_transaction_timeout", rs.getLong(1),
          "idle_readonly_transaction_timeout", rs.getLong(2),
          "innodb_lock_wait_timeout", rs.getLong(3));
    }
  }
}
