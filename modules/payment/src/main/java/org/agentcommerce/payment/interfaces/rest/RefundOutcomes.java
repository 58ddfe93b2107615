package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.agentcommerce.payment.application.RefundService;
import org.agentcommerce.platform.api.UnknownOutcomes;

/**
 * Answers a retry of a refund request whose node stopped before answering (the key's outcome is
 * unknown) with what is true: the refund as reconciliation settled it, the answer the first request
 * would have given; nothing yet while it is still open (409 {@code idempotency_outcome_unknown}
 * with Retry-After); and "nothing happened" when that request wrote no refund, which is certain
 * because a request writes its refund only while it still holds its key ({@code
 * RefundService.prepare}).
 */
@ApplicationScoped
public class RefundOutcomes implements UnknownOutcomes {

  /** The idempotency operation of {@link RefundResource#refund}. */
  static final String OPERATION = "POST /agent/v1/payments/{payment_id}/refunds";

  @Inject RefundService refunds;

  @Override
  public Optional<Outcome> decide(String operation, String recordId) {
    if (!OPERATION.equals(operation)) {
      return Optional.empty();
    }
    Optional<RefundService.Refund> refund = refunds.byRequest(recordId);
    if (refund.isEmpty()) {
      return Optional.of(new NothingHappened());
    }
    String status = refund.get().status();
    if ("succeeded".equals(status) || "failed".equals(status)) {
      return Optional.of(new Answered(200, RefundResource.view(refund.get())));
    }
    return Optional.empty();
  }
}
