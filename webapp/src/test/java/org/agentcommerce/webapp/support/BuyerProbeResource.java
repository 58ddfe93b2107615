package org.agentcommerce.webapp.support;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * A test-only spending operation, added to the real WAR by the tests that need one until the
 * checkout issues bring real ones: guarded by the buyer check and idempotent, and it counts how
 * often its body really ran.
 */
@RequestScoped
@Path("/agent/v1/test/buyer-probe")
@Authenticated
public class BuyerProbeResource {

  private static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();

  @Inject BuyerIdentity buyer;
  @Inject Caller caller;

  /** What the probe is asked to do. */
  public record ProbeRequest(String note, Integer sleepMs, Boolean fail, String idempotencyKey) {}

  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> spend(ProbeRequest request) throws InterruptedException {
    JsonWebToken token = buyer.requireVerifiedBuyer();
    int runs = RUNS.computeIfAbsent(request.note(), n -> new AtomicInteger()).incrementAndGet();
    if (request.sleepMs() != null) {
      Thread.sleep(request.sleepMs());
    }
    if (Boolean.TRUE.equals(request.fail())) {
      throw new IllegalStateException("probe asked to fail");
    }
    return Map.of(
        "status", "success",
        "subject", token.getSubject(),
        "agent_id", caller.agentId(),
        "note", request.note(),
        "run", runs);
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
}
