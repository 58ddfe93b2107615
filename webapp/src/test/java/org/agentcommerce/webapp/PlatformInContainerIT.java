package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.application.idempotency.IdempotencyService;
import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;
import org.agentcommerce.webapp.support.Deployments;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs inside the shared test server (the real WAR, {@link Deployments#shared()}): CDI services
 * against the real MariaDB.
 */
@ExtendWith(ArquillianExtension.class)
class PlatformInContainerIT {

  @Deployment
  static WebArchive war() {
    return Deployments.shared();
  }

  @Inject DatabaseProbe database;
  @Inject IdempotencyService idempotency;
  @Resource ManagedExecutorService executor;

  @Test
  void servicesRunOnTheMigratedMariaDb() {
    DatabaseProbe.Result result = database.check();
    assertTrue(result.reachable(), String.valueOf(result));
    assertEquals("MariaDB", result.product());
  }

  @Test
  void theDatabaseLetsExactlyOneOfManyConcurrentClaimsWin() throws Exception {
    String key = UUID.randomUUID().toString();
    int threads = 16;
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Object>> outcomes = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      outcomes.add(
          executor.submit(
              () -> {
                start.await();
                try {
                  return idempotency.begin(
                      "agent_incontainer", "POST /probe", key, "h".repeat(64), false);
                } catch (ApiException e) {
                  return e;
                }
              }));
    }
    start.countDown();
    int winners = 0;
    for (Future<Object> outcome : outcomes) {
      Object result = outcome.get();
      if (result instanceof IdempotencyService.Proceed) {
        winners++;
      } else {
        ApiException refused = assertInstanceOf(ApiException.class, result);
        assertEquals("idempotency_in_flight", refused.code());
      }
    }
    assertEquals(1, winners);
  }
}
