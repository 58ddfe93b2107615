package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Webhook endpoints and deliveries in SQL, on autocommitted connections; times that decide who may
 * act (due, leases) come from the database clock so that nodes agree.
 *
 * <p>The statements live by concern: {@link WebhookEndpointsSql} (endpoints and the pause switch),
 * {@link WebhookQueueSql} (queueing, due, claims and leases), {@link WebhookOutcomesSql} (recording
 * attempts), {@link WebhookReadsSql} (what agents read: deliveries, attempts, the summary, the
 * trace), and {@link WebhookSql} (what they share). Each opens and closes its own connections and
 * transactions exactly as this class did; none of them is a CDI bean.
 */
@ApplicationScoped
public class JdbcWebhookStore implements WebhookStore {

  // ---- endpoints and the pause switch

  @Override
  public Optional<Endpoint> endpoint(String agentId) {
    return WebhookEndpointsSql.endpoint(agentId);
  }

  @Override
  public Optional<Endpoint> endpoint(Connection c, String agentId) throws SQLException {
    return WebhookEndpointsSql.endpoint(c, agentId);
  }

  @Override
  public boolean save(Endpoint e, String readSecret) {
    return WebhookEndpointsSql.save(e, readSecret);
  }

  @Override
  public void disable(String agentId, String reason) {
    WebhookEndpointsSql.disable(agentId, reason);
  }

  @Override
  public void recordTest(String agentId, String status) {
    WebhookEndpointsSql.recordTest(agentId, status);
  }

  @Override
  public boolean deliveryPaused() {
    return WebhookEndpointsSql.deliveryPaused();
  }

  @Override
  public void pauseDelivery(boolean paused, String who) {
    WebhookEndpointsSql.pauseDelivery(paused, who);
  }

  // ---- the delivery queue

  @Override
  public Delivery enqueueClaimed(Queued delivery, String holder, long leaseMillis) {
    return WebhookQueueSql.enqueueClaimed(delivery, holder, leaseMillis);
  }

  @Override
  public void enqueueAll(Connection c, List<Queued> deliveries) throws SQLException {
    WebhookQueueSql.enqueueAll(c, deliveries);
  }

  @Override
  public boolean redeliver(String agentId, String deliveryId) {
    return WebhookQueueSql.redeliver(agentId, deliveryId);
  }

  @Override
  public List<Due> due(int max, java.util.Collection<String> exceptAgents) {
    return WebhookQueueSql.due(max, exceptAgents);
  }

  @Override
  public List<Delivery> claimAll(List<String> deliveryIds, String holder, long leaseMillis) {
    return WebhookQueueSql.claimAll(deliveryIds, holder, leaseMillis);
  }

  @Override
  public Optional<Delivery> claim(String deliveryId, String holder, long leaseMillis) {
    return WebhookQueueSql.claim(deliveryId, holder, leaseMillis);
  }

  // ---- outcomes

  @Override
  public boolean[] finishAll(List<Finished> done) {
    return WebhookOutcomesSql.finishAll(done);
  }

  // ---- what agents read

  @Override
  public Optional<Delivery> delivery(String agentId, String deliveryId) {
    return WebhookReadsSql.delivery(agentId, deliveryId);
  }

  @Override
  public List<Delivery> deliveries(String agentId, String status, Cursor after, int limit) {
    return WebhookReadsSql.deliveries(agentId, status, after, limit);
  }

  @Override
  public List<Attempt> attempts(String deliveryId) {
    return WebhookReadsSql.attempts(deliveryId);
  }

  @Override
  public Summary summary24h(String agentId) {
    return WebhookReadsSql.summary24h(agentId);
  }

  @Override
  public Optional<String> traceparentOf(Delivery delivery) {
    return WebhookReadsSql.traceparentOf(delivery);
  }
}
