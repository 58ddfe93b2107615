package org.agentcommerce.checkout.application.partner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import org.agentcommerce.checkout.domain.partner.PartnerException;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase.Dispatch;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases.Move;
import org.agentcommerce.checkout.domain.partner.PurchaseStatus;
import org.agentcommerce.checkout.domain.partner.PurchasingPartner;
import org.junit.jupiter.api.Test;

/** A partner whose address this node does not know yet: waiting is not an attempt. */
class PartnerPollerTest {

  private static final PartnerException NO_ADDRESS =
      new PartnerException(PartnerException.Kind.NOT_SENT, "no_address", "not known", null);

  private static <T> T fake(Class<T> type, java.util.function.Function<String, Object> answers) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              Object a = answers.apply(method.getName());
              if (a instanceof Throwable t) {
                throw t;
              }
              return a;
            }));
  }

  private static PartnerPoller poller() {
    PartnerPoller p = new PartnerPoller();
    PartnerSettings s = new PartnerSettings();
    s.maxAttempts = 8;
    s.backoffBase = Duration.ofSeconds(2);
    s.backoffMax = Duration.ofMinutes(5);
    s.pollInterval = Duration.ofSeconds(1);
    s.statusPollInterval = Duration.ofSeconds(2);
    p.settings = s;
    p.purchases = fake(PartnerPurchases.class, m -> m.equals("markDispatching") ? true : null);
    p.partner = fake(PurchasingPartner.class, m -> NO_ADDRESS);
    p.tracing = new org.agentcommerce.platform.api.tracing.Tracing(); // off: never initialised
    return p;
  }

  private static PartnerPurchase purchase(PurchaseStatus status, int attempts) {
    Instant later = Instant.now().plusSeconds(3600);
    return new PartnerPurchase(
        "ppur_1",
        "agt_1",
        "k".repeat(64),
        "key",
        "f".repeat(64),
        1,
        "{}",
        "m",
        "p",
        "v",
        "SKU",
        1,
        100,
        "USD",
        100,
        status,
        null,
        Dispatch.NONE,
        "pat_1",
        "q",
        "c",
        null,
        attempts,
        0,
        Instant.now(),
        later,
        later,
        0,
        0,
        null,
        null,
        Instant.now(),
        Instant.now());
  }

  @Test
  void anUnknownAddressOnTheLastAttemptWaitsWithoutCountingIt() {
    Move m = poller().step(purchase(PurchaseStatus.RESOLVING, 7), "run-1");
    assertNull(m.status(), () -> "moved to " + m.status());
    assertFalse(m.countFailure());
    assertFalse(m.resetAttempts());
    assertNull(m.failureReason());
  }

  @Test
  void aPlaceCallThatNeverLeftIsNotRecordedAsGoingOut() {
    Move m = poller().step(purchase(PurchaseStatus.CHECKOUT_CREATED, 7), "run-1");
    assertNull(m.status());
    assertEquals(Dispatch.NONE, m.dispatch());
    assertFalse(m.countFailure());
  }
}
