package org.agentcommerce.webapp.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * A test-only spending operation, added to the real WAR by the tests that need one until the
 * checkout issues bring real ones: guarded by the buyer gate and idempotent, and it counts how
 * often its body really ran. On request it writes a row in the operation's transaction ({@code
 * write}), has another request take its idempotency claim over while it runs ({@code steal_claim}),
 * answers 201 with a Location ({@code created}), or checks a merchant's access ({@code
 * merchant_id}).
 */
@RequestScoped
@Path("/agent/v1/test/buyer-probe")
@Authenticated
public class BuyerProbeResource {

  private static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();

  @Inject BuyerIdentity buyer;
  @Inject Caller caller;
  @Inject Sql sql;

  /** What the probe is asked to do. */
  public record ProbeRequest(
      String note,
      Integer sleepMs,
      Boolean fail,
      String idempotencyKey,
      Boolean write,
      Boolean stealClaim,
      Boolean created,
      String merchantId) {}

  @POST
  @Idempotent
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response spend(ProbeRequest request, @HeaderParam("Idempotency-Key") String key)
      throws InterruptedException {
    JsonWebToken token = buyer.requireVerifiedBuyer();
    int runs = RUNS.computeIfAbsent(request.note(), n -> new AtomicInteger()).incrementAndGet();
    if (request.merchantId() != null) {
      caller.requireMerchantAccess(request.merchantId());
    }
    if (Boolean.TRUE.equals(request.write())) {
      sql.writeMarker(caller.agentId(), request.note());
    }
    if (Boolean.TRUE.equals(request.stealClaim())) {
      sql.stealClaim(caller.agentId(), key);
    }
    if (request.sleepMs() != null) {
      Thread.sleep(request.sleepMs());
    }
    if (Boolean.TRUE.equals(request.fail())) {
      throw new IllegalStateException("probe asked to fail");
    }
    Map<String, Object> body =
        Map.of(
            "status", "success",
            "subject", token.getSubject(),
            "agent_id", caller.agentId(),
            "note", request.note(),
            "run", runs);
    if (Boolean.TRUE.equals(request.created())) {
      return Response.created(URI.create("/agent/v1/test/buyer-probe/" + request.note()))
          .header("Retry-After", "7")
          .entity(body)
          .build();
    }
    return Response.ok(body).build();
  }

  /** The same probe as an operation with outside effects (a charge, say). */
  @POST
  @Path("/external")
  @Idempotent(outsideEffects = true)
  @BuyerRequired
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response charge(ProbeRequest request, @HeaderParam("Idempotency-Key") String key)
      throws InterruptedException {
    return spend(request, key);
  }

  @GET
  @Path("/runs")
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> runs(@QueryParam("note") String note) {
    AtomicInteger runs = RUNS.get(note);
    return Map.of("runs", runs == null ? 0 : runs.get());
  }

  @GET
  @Path("/scope")
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> scope(@QueryParam("merchant_id") String merchantId) {
    return Map.of("status", "success", "merchant_id", merchantId);
  }

  /** The probe's database work. */
  @ApplicationScoped
  public static class Sql {

    @PersistenceContext(unitName = "agentcommerce")
    EntityManager em;

    /** A row written in the operation's own transaction: a buyer alias named after the note. */
    @Transactional
    public void writeMarker(String agentId, String note) {
      em.createNativeQuery(
              "INSERT INTO buyer_aliases (agent_id, source_ref, target_ref, created_at)"
                  + " VALUES (?1, ?2, 'user:probe-target', CURRENT_TIMESTAMP)")
          .setParameter(1, agentId)
          .setParameter(2, "user:probe-" + note)
          .executeUpdate();
    }

    /** What another node's take-over does to the claim, committed while the probe still runs. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void stealClaim(String agentId, String key) {
      em.createNativeQuery(
              "UPDATE idempotency_records SET holder = 'another-node' WHERE agent_id = ?1 AND"
                  + " idem_key = ?2")
          .setParameter(1, agentId)
          .setParameter(2, key)
          .executeUpdate();
    }
  }
}
