package org.agentcommerce.checkout.application.partner;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.checkout.application.placement.Backoff;
import org.agentcommerce.checkout.domain.partner.PartnerException;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase.Dispatch;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases;
import org.agentcommerce.checkout.domain.partner.PartnerPurchases.Move;
import org.agentcommerce.checkout.domain.partner.PurchaseStatus;
import org.agentcommerce.checkout.domain.partner.PurchasingPartner;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;

/**
 * Drives partner purchases with the partner, one step per lease: a run on any node leases a due
 * purchase (a compare-and-set in the database, so one run at a time drives a purchase), makes the
 * one partner call its state calls for, outside any transaction, and stores the move only if it
 * still holds the lease. Before the place call goes out it records that it goes out, under our
 * attempt id (the partner's idempotency key); a run that finds that record without an answer looks
 * the attempt up at the partner instead of placing again. A run that dies leaves a lease that
 * expires; the next run picks the purchase up where the database says it is. Failures retry with
 * exponential backoff; before the place call the give-up rule fails the purchase after
 * ac.partner.max-attempts failed attempts in a row or past ac.partner.give-up-after.
 */
@ApplicationScoped
public class PartnerPoller {

  private static final Logger LOG = Logger.getLogger(PartnerPoller.class.getName());

  @Inject PartnerPurchases purchases;
  @Inject PartnerSettings settings;
  @Inject PurchasingPartner partner;
  @Inject Tracing tracing;

  @Resource ManagedScheduledExecutorService scheduler;

  private static final AtomicBoolean NOT_SENT_WARNED = new AtomicBoolean();

  private final AtomicBoolean draining = new AtomicBoolean();
  private volatile ScheduledFuture<?> ticker;
  private volatile Semaphore slots;

  void onSchemaReady(@Observes SchemaReady ready) {
    if (!settings.pollerEnabled()) {
      LOG.info("The partner purchase poller is off on this node (ac.partner.poller.enabled)");
      return;
    }
    start();
  }

  /** Starts this node's scheduled polling (again); false when it was running. */
  public synchronized boolean start() {
    if (ticker != null) {
      return false;
    }
    long every = Math.max(50, settings.pollInterval().toMillis());
    ticker = scheduler.scheduleWithFixedDelay(this::drain, every, every, TimeUnit.MILLISECONDS);
    return true;
  }

  /**
   * Stops this node's scheduled polling, as a node going down would: runs under way finish their
   * step; their purchases wait in the database for the next run on any node.
   */
  @PreDestroy
  void shutdown() {
    stop();
  }

  public synchronized boolean stop() {
    ScheduledFuture<?> t = ticker;
    ticker = null;
    if (t == null) {
      return false;
    }
    t.cancel(false);
    return true;
  }

  public boolean isScheduled() {
    return ticker != null;
  }

  /** Runs a poll soon, when polling is scheduled on this node (a purchase was just opened). */
  public void wake() {
    if (ticker != null && scheduler != null) {
      scheduler.execute(this::drain);
    }
  }

  /**
   * One poll run in the calling thread, until nothing is due: leases each due purchase it can get
   * and takes its step. Answers the number of steps this run took. For operators and tests; runs on
   * several threads or nodes at once never drive one purchase together.
   */
  public int runOnce() {
    int steps = 0;
    for (int round = 0; round < 1000; round++) {
      int before = steps;
      for (String id : purchases.due(settings.batch())) {
        String holder = holder();
        Optional<PartnerPurchase> claimed =
            purchases.claim(id, holder, settings.lease().toMillis());
        if (claimed.isPresent()) {
          runHolding(claimed.get(), holder);
          steps++;
        }
      }
      if (steps == before) {
        return steps;
      }
    }
    return steps;
  }

  /** The scheduled poll: leases due purchases while this node has free slots. */
  void drain() {
    if (ticker == null || !draining.compareAndSet(false, true)) {
      return;
    }
    try {
      Semaphore free = slots();
      for (String id : purchases.due(settings.batch())) {
        if (!free.tryAcquire()) {
          return;
        }
        String holder = holder();
        Optional<PartnerPurchase> claimed;
        try {
          claimed = purchases.claim(id, holder, settings.lease().toMillis());
        } catch (RuntimeException e) {
          free.release();
          throw e;
        }
        if (claimed.isEmpty()) {
          free.release();
          continue;
        }
        scheduler.execute(
            () -> {
              try {
                runHolding(claimed.get(), holder);
              } finally {
                free.release();
                wake(); // its next step may be due at once
              }
            });
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Partner purchase poll failed; will retry", e);
    } finally {
      draining.set(false);
    }
  }

  private Semaphore slots() {
    Semaphore s = slots;
    if (s == null) {
      synchronized (this) {
        if (slots == null) {
          slots = new Semaphore(settings.batch());
        }
        s = slots;
      }
    }
    return s;
  }

  /** A lease holder: one per claim, so two runs on one node are two holders. */
  private static String holder() {
    return "run-" + Ids.randomHex(12);
  }

  private void runHolding(PartnerPurchase p, String holder) {
    long every = Math.max(100, settings.lease().toMillis() / 3);
    ScheduledFuture<?> renewal =
        scheduler.scheduleWithFixedDelay(
            () -> quietlyRenew(p.id(), holder), every, every, TimeUnit.MILLISECONDS);
    try (TraceSpan span =
        tracing
            .startLinked("partner.step", null)
            .attribute("ac.partner_purchase_id", p.id())
            .attribute("ac.partner_purchase.status", String.valueOf(p.status()))) {
      Move move = step(p, holder);
      if (move != null && !purchases.move(p.id(), holder, move)) {
        LOG.warning(() -> "Partner purchase " + p.id() + ": lease lost before its move; dropped");
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Partner purchase " + p.id() + " step failed unexpectedly", e);
      // the row as it is now, not the snapshot: the place call may have gone out meanwhile
      PartnerPurchase now = purchases.find(p.id()).orElse(p);
      Move m = failed(now, "internal error: " + e.getClass().getSimpleName(), null);
      if (now.dispatch().isUncertain()) {
        m = m.dispatch(Dispatch.UNKNOWN); // looked up before anything else, never failed
      }
      purchases.move(p.id(), holder, m);
    } finally {
      renewal.cancel(false);
    }
  }

  private void quietlyRenew(String id, String holder) {
    try {
      purchases.renew(id, holder, settings.lease().toMillis());
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "Renewing the lease of partner purchase " + id + " failed", e);
    }
  }

  /** The step the purchase's state calls for; null when the lease was lost meanwhile. */
  Move step(PartnerPurchase p, String holder) {
    boolean beforePlacement = p.status() != PurchaseStatus.PLACED && !p.dispatch().isUncertain();
    if (beforePlacement && p.giveUpAt() != null && Instant.now().isAfter(p.giveUpAt())) {
      return Move.to(PurchaseStatus.FAILED)
          .failure("gave_up", "No progress with the partner within ac.partner.give-up-after");
    }
    try {
      return switch (p.status()) {
        case RESOLVING -> quote(p);
        case QUOTED -> checkout(p);
        case CHECKOUT_CREATED -> place(p, holder);
        case PLACED -> follow(p);
        default -> Move.later(settings.pollInterval().toMillis(), false, null);
      };
    } catch (PartnerException e) {
      if (e.kind() == PartnerException.Kind.NOT_SENT) {
        return notSent(p, e);
      }
      return failed(p, e.getMessage(), e);
    }
  }

  /**
   * Nothing left this server (the partner's address is not known on this node yet): not an attempt
   * (the attempts and their backoff stay as they were), and if the place call was being recorded as
   * going out, it did not go out. Only ac.partner.give-up-after bounds such a purchase.
   */
  private Move notSent(PartnerPurchase p, PartnerException e) {
    if (NOT_SENT_WARNED.compareAndSet(false, true)) {
      LOG.warning(
          "Partner purchases wait: " + e.getMessage() + " (this is not counted as an attempt)");
    }
    long delay = Math.max(settings.pollInterval().toMillis(), settings.backoffBase().toMillis());
    return Move.waiting(delay, e.getMessage()).dispatch(p.dispatch());
  }

  private Move quote(PartnerPurchase p) throws PartnerException {
    PurchasingPartner.Quote q = partner.quote(p.merchantId(), p.sku(), p.quantity(), p.currency());
    if (!p.currency().equals(q.currency()) || q.unitPriceMinor() > p.unitPriceMinor()) {
      return Move.to(PurchaseStatus.FAILED)
          .failure(
              "partner_price_mismatch",
              "The partner quoted "
                  + q.unitPriceMinor()
                  + " "
                  + q.currency()
                  + " for a purchase fixed at "
                  + p.unitPriceMinor()
                  + " "
                  + p.currency());
    }
    return Move.to(PurchaseStatus.QUOTED).ids(q.quoteId(), null, null);
  }

  private boolean contactExpired(PartnerPurchase p) {
    return p.contactExpiresAt() != null && Instant.now().isAfter(p.contactExpiresAt());
  }

  private Move checkout(PartnerPurchase p) throws PartnerException {
    if (contactExpired(p)) {
      return Move.to(PurchaseStatus.AWAITING_CONTACT);
    }
    try {
      String checkoutId =
          partner.createCheckout(
              p.partnerQuoteId(),
              PurchaseRequest.partnerContact(p.requestJson()),
              p.id() + "-checkout-" + p.partnerQuoteId());
      return Move.to(PurchaseStatus.CHECKOUT_CREATED).ids(null, checkoutId, null);
    } catch (PartnerException e) {
      if (e.kind() == PartnerException.Kind.REFUSED && "quote_expired".equals(e.code())) {
        return Move.to(PurchaseStatus.RESOLVING).failure(null, "The partner's quote expired");
      }
      throw e;
    }
  }

  private Move place(PartnerPurchase p, String holder) throws PartnerException {
    if (p.dispatch().isUncertain()) {
      Optional<PurchasingPartner.PartnerOrder> found = partner.findPlacement(p.placeAttemptId());
      if (found.isPresent()) {
        return placed(found.get());
      }
    } else if (contactExpired(p)) {
      return Move.to(PurchaseStatus.AWAITING_CONTACT);
    }
    if (!purchases.markDispatching(p.id(), holder)) {
      return null;
    }
    try {
      return placed(partner.place(p.partnerCheckoutId(), p.placeAttemptId()));
    } catch (PartnerException e) {
      if (e.kind() == PartnerException.Kind.NOT_SENT) {
        throw e;
      }
      if (e.kind() == PartnerException.Kind.REFUSED) {
        return Move.to(PurchaseStatus.FAILED)
            .dispatch(Dispatch.REFUSED)
            .failure("partner_refused", e.code() + ": " + e.getMessage());
      }
      // no answer: whatever happened, the next run looks the attempt up first
      return failedLater(p, e.getMessage(), e.retryAfterSeconds()).dispatch(Dispatch.UNKNOWN);
    }
  }

  private Move placed(PurchasingPartner.PartnerOrder o) {
    PurchaseStatus next =
        "completed".equals(o.status()) ? PurchaseStatus.COMPLETED : PurchaseStatus.PLACED;
    return new Move(
        next,
        Dispatch.CONFIRMED,
        null,
        null,
        o.orderId(),
        true,
        false,
        settings.statusPollInterval().toMillis(),
        null,
        null);
  }

  private Move follow(PartnerPurchase p) throws PartnerException {
    PurchasingPartner.PartnerOrder o = partner.order(p.partnerOrderId());
    return switch (o.status()) {
      case "completed" -> Move.to(PurchaseStatus.COMPLETED);
      case "failed" ->
          Move.to(PurchaseStatus.FAILED)
              .failure("partner_failed", "The partner could not fulfil the order");
      default -> Move.later(settings.statusPollInterval().toMillis(), false, null);
    };
  }

  /**
   * A failed step: retry with backoff, or give up when the rule says so. Once the place call may
   * have reached the partner, a purchase never fails by our rule: it is looked up until the partner
   * answers.
   */
  private Move failed(PartnerPurchase p, String error, PartnerException e) {
    boolean beforePlacement = p.status() != PurchaseStatus.PLACED && !p.dispatch().isUncertain();
    if (beforePlacement && e != null && e.kind() == PartnerException.Kind.REFUSED) {
      return Move.to(PurchaseStatus.FAILED).failure("partner_refused", e.code() + ": " + error);
    }
    if (beforePlacement && p.attempts() + 1 >= settings.maxAttempts()) {
      return Move.to(PurchaseStatus.FAILED)
          .failure(
              "partner_unavailable",
              error + " (gave up after " + (p.attempts() + 1) + " attempts)");
    }
    return failedLater(p, error, e == null ? null : e.retryAfterSeconds());
  }

  private Move failedLater(PartnerPurchase p, String error, Long retryAfter) {
    long delay =
        new Backoff(settings.backoffBase(), settings.backoffMax())
            .delayMillis(p.attempts() + 1, retryAfter);
    LOG.info(
        () ->
            "Partner purchase "
                + p.id()
                + " ("
                + p.status().wireName()
                + ") attempt "
                + (p.attempts() + 1)
                + " failed: "
                + error
                + "; retrying in "
                + delay
                + " ms");
    return Move.later(delay, true, error);
  }
}
