package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestPayments;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.junit.jupiter.api.Test;

/**
 * A node killed (kill -9) in the middle of its background work, then started again with the same
 * options on the same database: a merchant placement and a webhook delivery that were under way
 * when it died are both finished after the restart, each once. The node has a database of its own,
 * so that no other node's workers can take either job; one node start and one restart serve both
 * jobs (each start costs about 30 CPU seconds of the suite).
 */
class NodeCrashIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";

  @Test
  void aPlacementAndADeliveryUnderWayWhenTheirNodeCrashesAreFinishedOnceAfterTheRestart()
      throws Exception {
    String db = "ac_crash_" + UUID.randomUUID().toString().substring(0, 8);
    Agents.sql("CREATE DATABASE " + db);
    try (WebhookReceiver receiver = new WebhookReceiver();
        SecondNode node =
            SecondNode.start(Deployments.builtWar(), "-Dac.placement.lease=PT3S", dbUrl(db))) {
      receiver.then(new WebhookReceiver.Answer(200, null, 60_000)); // the first attempt hangs
      Http first = new Http(node.base());
      Agents.Registered owner = Agents.register(first);
      String secret =
          ok(first.send(
                  "PUT",
                  "/agents/" + owner.agentId() + "/webhooks/config",
                  "{\"destination_url\":\""
                      + receiver.url()
                      + "\",\"subscribed_events\":[\"order.created\"]}",
                  "X-API-Key",
                  owner.apiKey()))
              .getString("signing_secret");
      // The merchant's platform hangs on the first placement call.
      Agents.sqlOn(
          db,
          "UPDATE merchant_order_channels SET base_url = 'sandbox:hang-first=1' WHERE merchant_id = ?",
          LUMEN);
      String id = TestPayments.payableOrder(first, owner.apiKey());
      TestPayments.pay(first, owner.apiKey(), id);
      ok(
          first.post(
              "/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", owner.apiKey()));
      String webhookId = receiver.await(1, 20_000).get(0).header("webhook-id"); // under way
      await(
          () ->
              count(
                      db,
                      "SELECT COUNT(*) FROM merchant_placements WHERE order_id = ? AND status ="
                          + " 'running' AND attempts = 1",
                      id)
                  == 1,
          20,
          "the placement never started");
      Thread.sleep(1500); // the calls hang; the leases are being renewed
      node.kill();

      // The node's whole log (start, configuration, delivery, placement) never carries the secret.
      assertFalse(node.log().contains(secret.substring(6)));
      assertEquals(
          1,
          count(
              db,
              "SELECT COUNT(*) FROM webhook_deliveries WHERE agent_id = ? AND status ="
                  + " 'delivering'",
              owner.agentId()));
      assertEquals(
          1,
          count(
              db,
              "SELECT COUNT(*) FROM merchant_placements WHERE order_id = ? AND status = 'running'"
                  + " AND lease_holder IS NOT NULL",
              id));

      // The same node started again (same options, same database): the crashed jobs' leases run
      // out, the order is placed and the event delivered again, under its id.
      node.restart();
      Http again = new Http(node.base());
      JsonObject placed = awaitConfirmed(again, owner, id);
      assertNotNull(placed.getJsonObject("tracking").getString("merchant_order_number"));
      List<WebhookReceiver.Received> got = receiver.await(2, 30_000);
      got.get(1).verify(secret);
      assertEquals(webhookId, got.get(1).header("webhook-id"));
      await(
          () ->
              count(
                      db,
                      "SELECT COUNT(*) FROM webhook_deliveries WHERE agent_id = ? AND status ="
                          + " 'succeeded' AND attempts = 2",
                      owner.agentId())
                  == 1,
          20,
          "the delivery was never recorded as delivered");
      node.close();
      assertEquals(2, count(db, "SELECT attempts FROM merchant_placements WHERE order_id = ?", id));
      assertEquals(
          1, count(db, "SELECT COUNT(*) FROM sandbox_merchant_orders WHERE reference = ?", id));
      assertEquals(2, receiver.received().size(), "the event was delivered once more, no more");
    } finally {
      Agents.sql("DROP DATABASE " + db);
    }
  }

  private static String dbUrl(String db) {
    return "-Dac.db.url=" + org.agentcommerce.webapp.support.TestDatabase.otherDatabase(db);
  }

  private static JsonObject awaitConfirmed(Http http, Agents.Registered agent, String id)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      JsonObject o =
          ok(http.get("/agent/v1/orders/" + id, "X-API-Key", agent.apiKey()))
              .getJsonObject("order");
      if (o.getString("status").equals("confirmed")) {
        return o;
      }
      assertTrue(System.currentTimeMillis() < deadline, () -> "order never placed: " + o);
      Thread.sleep(200);
    }
  }

  private static void await(BooleanSupplier done, int seconds, String failure)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + seconds * 1000L;
    while (!done.getAsBoolean()) {
      assertTrue(System.currentTimeMillis() < deadline, failure);
      Thread.sleep(100);
    }
  }

  private static long count(String db, String sql, Object... args) {
    Object value = Agents.queryOn(db, sql, args);
    return value == null ? 0 : ((Number) value).longValue();
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }
}
