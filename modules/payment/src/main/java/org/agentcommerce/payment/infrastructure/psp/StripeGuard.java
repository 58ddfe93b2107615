package org.agentcommerce.payment.infrastructure.psp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Duration;
import org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspRetriableException;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Stripe behind its guard (the adapter's own read timeout is 10 s). Every value can be overridden
 * with MicroProfile Fault Tolerance's configuration, e.g. {@code
 * org.agentcommerce.payment.infrastructure.psp.StripeGuard/charge/Timeout/value=12000}. No
 * transaction is open during a PSP call (NOT_SUPPORTED).
 *
 * <p>Deliberately a class of its own beside {@link AdyenGuard} rather than a subclass of a shared
 * base: Fault Tolerance keys the circuit breaker's state and the configuration overrides above by
 * the class that declares the method, so a shared base would give both PSPs one breaker (one PSP's
 * outage would open the other's) and one set of overrides.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.NOT_SUPPORTED)
public class StripeGuard implements GuardedPsp {

  private final StripePspAdapter psp = new StripePspAdapter(Duration.ofSeconds(10));

  @Override
  public String name() {
    return "stripe";
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @CircuitBreaker(
      failOn = {PspRetriableException.class, TimeoutException.class},
      requestVolumeThreshold = 20,
      failureRatio = 0.5,
      delay = 5000)
  @Bulkhead(64)
  public PspResult charge(PspCharge charge) throws PspNotAcceptedException {
    return PspCalls.charge(psp, charge);
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @Bulkhead(64)
  public PspResult retrieve(PspLookup lookup) throws PspNotAcceptedException {
    return PspCalls.retrieve(psp, lookup);
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @Bulkhead(64)
  public PspResult cancel(PspLookup lookup) throws PspNotAcceptedException {
    return PspCalls.cancel(psp, lookup);
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @Bulkhead(64)
  public PspResult fence(PspFence fence) throws PspNotAcceptedException {
    return PspCalls.fence(psp, fence);
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @Bulkhead(64)
  public PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException {
    return PspCalls.refund(psp, refund);
  }

  @Override
  @Timeout(12000)
  @Retry(retryOn = PspRetriableException.class, maxRetries = 2, delay = 100, jitter = 50)
  @Bulkhead(64)
  public PspRefundResult retrieveRefund(PspRefundLookup lookup) throws PspNotAcceptedException {
    return PspCalls.retrieveRefund(psp, lookup);
  }

  @Override
  public Duration idempotencyWindow() {
    return psp.idempotencyWindow();
  }

  @Override
  public PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException {
    return psp.verifyWebhook(request, credentials);
  }
}
