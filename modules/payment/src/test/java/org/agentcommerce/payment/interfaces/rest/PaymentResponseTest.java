package org.agentcommerce.payment.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an idempotent replay of a payment answer may show. */
class PaymentResponseTest {

  private static PaymentResource.PaymentResponse answer(String redirect) {
    return new PaymentResource.PaymentResponse(
            "requires_action",
            "pay_1",
            "ord_1",
            "21.00",
            "USD",
            "stripe",
            null,
            null,
            "test",
            List.of(),
            Instant.EPOCH,
            Instant.EPOCH,
            "pi_1",
            "stripe",
            null,
            null)
        .withNextAction(new PaymentResource.NextAction("redirect_to_url", redirect));
  }

  @Test
  void aReplayNeverCarriesAClientSecret() {
    String url =
        "https://hooks.stripe.com/3d_secure_2/hosted?payment_intent_client_secret=pi_1_secret_x";
    PaymentResource.PaymentResponse first = answer(url);
    PaymentResource.PaymentResponse replay =
        (PaymentResource.PaymentResponse) first.withoutSecrets();
    assertNull(replay.nextAction().redirectUrl());
    assertEquals("redirect_to_url", replay.nextAction().type());
    assertEquals(url, first.nextAction().redirectUrl(), "the first answer keeps it");
    // The origin's payment_action carries the same address: shown once too.
    assertEquals(url, first.paymentAction().url());
    assertNull(replay.paymentAction().url());
    assertNull(replay.clientSecret());
  }

  @Test
  void aReplayNeverCarriesTheSandboxChallengeSecret() {
    PaymentResource.PaymentResponse first =
        answer("http://127.0.0.1/sandbox/psp/challenge/spch_1#secret=scs_x");
    assertNull(
        ((PaymentResource.PaymentResponse) first.withoutSecrets()).nextAction().redirectUrl());
  }

  @Test
  void anAddressWithoutASecretIsKept() {
    PaymentResource.PaymentResponse a = answer("http://127.0.0.1/sandbox/psp/challenge/abc");
    assertSame(a, a.withoutSecrets());
  }
}
