package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;

/**
 * Webhooks from PSPs: verified with the account's webhook secret (the PSP's own signature scheme),
 * handled once per PSP event id, and settling the attempt they are about through the same {@link
 * PaymentSteps#settle} as the request and the reconciler (an attempt settles once, whichever comes
 * first). The event id is recorded after the settlement, so a crash in between makes the PSP's
 * redelivery settle it (a no-op when it is already settled).
 */
@ApplicationScoped
public class PspWebhooks {

  private static final Logger LOG = Logger.getLogger(PspWebhooks.class.getName());

  @Inject PspRegistry registry;
  @Inject PaymentStore store;
  @Inject PaymentSteps steps;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** What was done with a webhook: {@code duplicate}, and the payment it settled if any. */
  public record Handled(String eventId, boolean duplicate, String paymentId, String outcome) {}

  public Handled handle(
      String pspName, String account, Map<String, List<String>> headers, byte[] body) {
    GuardedPsp psp =
        registry
            .psp(pspName)
            .orElseThrow(() -> new ApiException(404, "PSP_NOT_FOUND", "No PSP " + pspName + "."));
    String verifiedBy = account == null ? pspName : account;
    PspWebhookEvent event;
    try {
      event =
          psp.verifyWebhook(new PspWebhookRequest(headers, body), registry.credentials(verifiedBy));
    } catch (PspWebhookException | RuntimeException e) {
      LOG.info("Refused a webhook for " + pspName + ": " + e.getClass().getSimpleName());
      throw new ApiException(
          400, "WEBHOOK_SIGNATURE_INVALID", "The webhook is not authentic or not readable.");
    }
    if (seen(pspName, event.eventId())) {
      return new Handled(event.eventId(), true, null, null);
    }
    String paymentId = null;
    String outcome = null;
    if (event.outcome() != null) {
      Optional<AttemptRecord> attempt = Optional.empty();
      if (event.reference() != null) {
        attempt = store.attempt(event.reference()).filter(a -> a.psp().equals(pspName));
      }
      if (attempt.isEmpty() && event.pspPaymentId() != null) {
        attempt = store.attemptByPspPaymentId(pspName, event.pspPaymentId());
      }
      if (attempt.isPresent() && !trusted(attempt.get(), pspName, verifiedBy, event)) {
        attempt = Optional.empty();
      }
      if (attempt.isPresent()) {
        AttemptRecord a = attempt.get();
        paymentId = a.paymentId();
        PspResult r =
            new PspResult(
                event.outcome(),
                event.pspPaymentId(),
                null,
                event.outcome() == PspOutcome.DECLINED ? "card_declined" : null,
                event.declineCode(),
                null);
        outcome =
            steps
                .settle(a.paymentId(), a.id(), pspName, r, null, Duration.ofSeconds(2), "webhook")
                .status()
                .wireName();
      } else {
        LOG.info(
            () -> "Webhook " + event.eventId() + " of " + pspName + " names no payment of ours");
      }
    }
    if (event.dispute()) {
      LOG.warning(
          "Dispute opened at "
              + pspName
              + " for PSP payment "
              + event.pspPaymentId()
              + " (event "
              + event.eventId()
              + ")");
    }
    record(pspName, event, paymentId, outcome);
    return new Handled(event.eventId(), false, paymentId, outcome);
  }

  /**
   * Whether an authentic event may settle this attempt: it must be signed with the secret of the
   * account the attempt was charged through, and name the PSP payment the attempt created. An
   * attempt whose PSP payment id we never learned is not settled from an event (its content cannot
   * be tied to it): the reconciler asks the PSP about it instead, at once.
   */
  private boolean trusted(
      AttemptRecord a, String pspName, String verifiedBy, PspWebhookEvent event) {
    String merchant = store.find(a.paymentId()).map(p -> p.merchantId()).orElse(null);
    String account = merchant == null ? pspName : store.accountFor(merchant, pspName);
    if (!account.equals(verifiedBy)) {
      LOG.warning(
          "Webhook "
              + event.eventId()
              + " verified with account "
              + verifiedBy
              + " names attempt "
              + a.id()
              + " of account "
              + account
              + ": ignored");
      return false;
    }
    if (a.pspPaymentId() == null || !a.pspPaymentId().equals(event.pspPaymentId())) {
      LOG.info(
          () ->
              "Webhook "
                  + event.eventId()
                  + " does not name attempt "
                  + a.id()
                  + "'s PSP payment; the reconciler asks the PSP instead");
      return false;
    }
    return true;
  }

  private boolean seen(String psp, String eventId) {
    Number n =
        (Number)
            em.createNativeQuery(
                    "SELECT COUNT(*) FROM psp_webhook_events WHERE psp = ? AND event_id = ?")
                .setParameter(1, psp)
                .setParameter(2, eventId)
                .getSingleResult();
    return n.intValue() > 0;
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void recordInTx(String psp, PspWebhookEvent event, String paymentId, String outcome) {
    em.createNativeQuery(
            "INSERT INTO psp_webhook_events (psp, event_id, event_type, payment_id, outcome,"
                + " received_at) VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP(6))")
        .setParameter(1, psp)
        .setParameter(2, event.eventId())
        .setParameter(3, event.type() == null ? "unknown" : event.type())
        .setParameter(4, paymentId)
        .setParameter(5, outcome)
        .executeUpdate();
  }

  private void record(String psp, PspWebhookEvent event, String paymentId, String outcome) {
    try {
      self().recordInTx(psp, event, paymentId, outcome);
    } catch (PersistenceException | jakarta.transaction.TransactionalException e) {
      // A concurrent delivery of the same event recorded it first: nothing is lost.
      LOG.fine(() -> "Webhook " + event.eventId() + " recorded concurrently");
    }
  }

  @Inject jakarta.enterprise.inject.Instance<PspWebhooks> selfRef;

  private PspWebhooks self() {
    return selfRef.get();
  }
}
