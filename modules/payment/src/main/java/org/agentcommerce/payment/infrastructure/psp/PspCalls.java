package org.agentcommerce.payment.infrastructure.psp;

import org.agentcommerce.payment.spi.PspAdapter;
import org.agentcommerce.payment.spi.PspCallTrace;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspRetriableException;

/**
 * What every PSP guard does inside its fault-tolerance annotations: call the adapter and mark a
 * not-accepted answer retriable when the PSP said a retry with the same key may succeed. The
 * annotations stay on each guard's own methods, so each PSP has its own breaker and bulkhead.
 */
final class PspCalls {

  private PspCalls() {}

  static PspResult charge(PspAdapter psp, PspCharge charge) throws PspNotAcceptedException {
    boolean before = PspCallTrace.markSending();
    try {
      return psp.charge(charge);
    } catch (PspNotAcceptedException e) {
      if (e.failoverSafe()) {
        PspCallTrace.notSent(before);
      }
      throw PspRetriableException.classify(e);
    }
  }

  static PspResult retrieve(PspAdapter psp, PspLookup lookup) throws PspNotAcceptedException {
    try {
      return psp.retrieve(lookup);
    } catch (PspNotAcceptedException e) {
      throw PspRetriableException.classify(e);
    }
  }

  static PspResult cancel(PspAdapter psp, PspLookup lookup) throws PspNotAcceptedException {
    try {
      return psp.cancel(lookup);
    } catch (PspNotAcceptedException e) {
      throw PspRetriableException.classify(e);
    }
  }

  static PspResult fence(PspAdapter psp, PspFence fence) throws PspNotAcceptedException {
    try {
      return psp.fence(fence);
    } catch (PspNotAcceptedException e) {
      throw PspRetriableException.classify(e);
    }
  }

  static PspRefundResult refund(PspAdapter psp, PspRefund refund) throws PspNotAcceptedException {
    try {
      return psp.refund(refund);
    } catch (PspNotAcceptedException e) {
      throw PspRetriableException.classify(e);
    }
  }

  static PspRefundResult retrieveRefund(PspAdapter psp, PspRefundLookup lookup)
      throws PspNotAcceptedException {
    try {
      return psp.retrieveRefund(lookup);
    } catch (PspNotAcceptedException e) {
      throw PspRetriableException.classify(e);
    }
  }
}
