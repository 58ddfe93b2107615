package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.agentcommerce.payment.application.LateCaptures;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.platform.api.UnknownOutcomes;

/**
 * Answers a retry of a payment request whose node stopped before answering (the key's outcome is
 * unknown) with what is true: the payment as the reconciler settled it (succeeded or failed), the
 * answer the first request would have given; nothing yet while it is still open (409 {@code
 * idempotency_outcome_unknown} with Retry-After); and "nothing happened" when that request started
 * no payment, which is certain because a request writes its payment only while it still holds its
 * key ({@code PaymentSteps.prepare}).
 */
@ApplicationScoped
public class PaymentOutcomes implements UnknownOutcomes {

  /** The idempotency operation of {@link PaymentResource}'s payment. */
  static final String OPERATION = "POST /agent/v1/payments";

  @Inject PaymentStore store;
  @Inject LateCaptures lateCaptures;

  @Override
  public Optional<Outcome> decide(String operation, String recordId) {
    if (!OPERATION.equals(operation)) {
      return Optional.empty();
    }
    Optional<PaymentRecord> payment = store.byRequest(recordId);
    if (payment.isEmpty()) {
      return Optional.of(new NothingHappened());
    }
    PaymentRecord p = payment.get();
    if (!p.status().isFinal()) {
      return Optional.empty();
    }
    return Optional.of(
        new Answered(
            200,
            PaymentResource.view(
                p, store.attempts(p.id()), lateCaptures.ofPayment(p.id()), url -> url)));
  }
}
