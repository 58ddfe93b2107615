package org.agentcommerce.payment.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.payment.api.PaymentStatus;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.payment.domain.PaymentStore.PspAccount;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.tracing.Traced;
import org.eclipse.microprofile.config.Config;

/**
 * The transactional steps of a payment. {@link #prepare} runs every check and writes the payment,
 * its first attempt (with the PSP idempotency key) and the order's move in a transaction of its own
 * that commits before the PSP is called. {@link #settle} records an outcome, moves the payment and
 * the order and publishes the order's event in one transaction.
 */
@ApplicationScoped
public class PaymentSteps {

  /** The protocol of a payment the buyer makes on the hosted checkout page. */
  public static final String HOSTED = "hosted";

  @Inject PaymentStore store;
  @Inject OrderBook orders;
  @Inject PaymentGates gates;
  @Inject HilApprovals hil;
  @Inject Mandates mandates;
  @Inject VaultTokens vaultTokens;
  @Inject PspRegistry registry;
  @Inject LateCaptures lateCaptures;
  @Inject PaymentFigures figures;
  @Inject org.agentcommerce.platform.api.security.IdempotentRequest request;
  @Inject Config config;

  private Duration sentGrace;
  private Duration pollInterval;
  private Duration buyerActionTtl;
  private List<String> defaultPsps;

  @PostConstruct
  void init() {
    sentGrace =
        config
            .getOptionalValue("ac.payments.sent-grace", Duration.class)
            .orElse(Duration.ofSeconds(60));
    buyerActionTtl = buyerActionTtl(config);
    pollInterval =
        config
            .getOptionalValue("ac.payments.poll-interval", Duration.class)
            .orElse(Duration.ofSeconds(2));
    defaultPsps =
        List.of(
            config
                .getOptionalValue("ac.payments.default-psps", String.class)
                .orElse("")
                .split("\\s*,\\s*"));
  }

  /** What {@link #prepare} wrote: the payment, its first attempt and the PSPs to try in order. */
  /**
   * What {@link #prepare} wrote: the payment, its first attempt, the PSPs to try in order, and the
   * PSP method token a redeemed mandate stands for (null: the buyer's own token).
   */
  public record Prepared(
      PaymentRecord payment, AttemptRecord attempt, List<PspAccount> route, String mandateMethod) {}

  /** A payment over the HIL threshold without an approval: nothing was written. */
  public static class HilRequired extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final transient OrderBook.OrderSnapshot order;

    HilRequired(OrderBook.OrderSnapshot order) {
      super("approval required", null, false, false);
      this.order = order;
    }
  }

  @Traced("payment.prepare")
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Prepared prepare(PayCommand cmd) {
    if (!request.stillHeld()) {
      // A retry found this request's key abandoned (its node stopped renewing it) and may have
      // decided it: starting a payment now could pay twice under one key.
      throw new ApiException(
          409,
          "idempotency_in_flight",
          "Another request took over this Idempotency-Key while this one waited; nothing was"
              + " charged by this one. Retry to get the answer.",
          Map.of(),
          Map.of("Retry-After", "1"));
    }
    // A mandate's token is a delegated method: the buyer is not present, the gates apply.
    boolean mandate = Mandates.METHOD.equals(cmd.methodType());
    boolean vault = VaultTokens.METHOD.equals(cmd.methodType());
    boolean offSession = cmd.offSession() || mandate || vault;
    OrderBook.OrderSnapshot o =
        orders
            .lockOrder(cmd.agentId(), cmd.orderId())
            .orElseThrow(
                () ->
                    new ApiException(
                        404, "ORDER_NOT_FOUND", "No order " + cmd.orderId() + " of this agent."));
    if (o.buyerSubject() != null
        && !(o.buyerSubject().equals(cmd.buyerSubject())
            && Objects.equals(o.buyerIssuer(), cmd.buyerIssuer()))) {
      throw new ApiException(
          403, "BUYER_MISMATCH", "The verified buyer is not the buyer this order was made for.");
    }
    if (o.status().isPaid()) {
      throw new ApiException(
          409,
          "ORDER_ALREADY_PAID",
          "Order " + o.orderId() + " is paid.",
          context(
              "order_id",
              o.orderId(),
              "payment_id",
              store.latestForOrder(o.orderId()).map(PaymentRecord::id).orElse(null)),
          Map.of());
    }
    if (o.status() == OrderStatus.PAYMENT_PROCESSING) {
      throw new ApiException(
          409,
          "PAYMENT_IN_PROGRESS",
          "A payment of order " + o.orderId() + " is under way; read it before trying again.",
          context(
              "order_id",
              o.orderId(),
              "payment_id",
              store.liveForOrder(o.orderId()).map(PaymentRecord::id).orElse(null)),
          Map.of());
    }
    if (o.status() != OrderStatus.AWAITING_PAYMENT && o.status() != OrderStatus.PAYMENT_FAILED) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Order " + o.orderId() + " is " + o.status().wireName() + " and cannot be paid.");
    }
    driftGuard(cmd, o.total());
    List<PspAccount> route = new ArrayList<>(route(o));
    boolean live = registry.live(route.get(0).account());
    gates.check(
        new PaymentGates.Charge(
            cmd.protocol(),
            offSession,
            o.merchantId(),
            o.total().minorUnits(),
            live,
            o.protocolTier()));
    // A failover never leaves the lane the gates allowed: later PSPs they refuse are dropped.
    route
        .subList(1, route.size())
        .removeIf(
            a ->
                !gates.allows(
                    new PaymentGates.Charge(
                        cmd.protocol(),
                        offSession,
                        o.merchantId(),
                        o.total().minorUnits(),
                        registry.live(a.account()),
                        o.protocolTier())));
    String paymentId = Ids.newId("pay", 12);
    Mandates.Redeemed redeemed =
        mandate
            ? mandates.redeem(
                cmd.agentId(),
                cmd.methodToken(),
                o.total(),
                o.merchantId(),
                paymentId,
                cmd.buyerIssuer(),
                cmd.buyerSubject())
            : null;
    // A vault token is checked against its allowance and used up in this transaction.
    String vaultMethod =
        vault
            ? vaultTokens.redeem(
                cmd.agentId(),
                cmd.methodToken(),
                o.total(),
                o.merchantId(),
                cmd.checkoutSessionId(),
                paymentId)
            : null;
    String approvalId = cmd.hilApprovalId();
    if (hil.required(o.total()) && HOSTED.equals(cmd.protocol()) && approvalId == null) {
      // The buyer's own press of pay on the hosted page, the amount on its button.
      approvalId =
          hil.pressedOnPage(
              cmd.agentId(),
              o.orderId(),
              o.total(),
              cmd.buyerIssuer(),
              cmd.buyerSubject(),
              paymentId);
    } else if (hil.required(o.total())) {
      if (cmd.hilApprovalId() == null) {
        throw new HilRequired(o);
      }
      hil.use(
          cmd.agentId(),
          cmd.hilApprovalId(),
          o.orderId(),
          o.total(),
          paymentId,
          cmd.buyerIssuer(),
          cmd.buyerSubject());
    }
    PaymentRecord p =
        new PaymentRecord(
            paymentId,
            cmd.agentId(),
            o.orderId(),
            o.merchantId(),
            PaymentStatus.PROCESSING,
            o.total(),
            route.get(0).psp(),
            null,
            cmd.methodType(),
            offSession,
            live,
            cmd.protocol(),
            cmd.returnUrl(),
            null,
            null,
            null,
            null,
            cmd.buyerIssuer(),
            cmd.buyerSubject(),
            approvalId,
            redeemed == null ? null : redeemed.mandateId(),
            null,
            null);
    try {
      store.insert(p);
    } catch (PaymentStore.PaymentConflict e) {
      throw new ApiException(
          409, "PAYMENT_IN_PROGRESS", "A payment of order " + o.orderId() + " is under way.");
    }
    request.recordId().ifPresent(record -> store.linkRequest(paymentId, record));
    AttemptRecord a = newAttempt(paymentId, 1, route.get(0).psp());
    store.insertAttempt(a, sentGrace, buyerActionTtl);
    orders.paymentStarted(o.orderId(), paymentId, route.get(0).psp());
    return new Prepared(
        store.find(paymentId).orElseThrow(),
        a,
        route,
        redeemed == null ? vaultMethod : redeemed.paymentMethodToken());
  }

  /** What the reconciler needs of a claimed attempt, read in one short transaction. */
  public record Reconcilable(AttemptRecord attempt, PaymentRecord payment, String account) {}

  /**
   * Reads a claimed attempt, its payment and the merchant's account at the attempt's PSP in a
   * transaction of its own: background threads never use the EntityManager outside a transaction
   * (the container closes such an EntityManager with the task's context, which broke the reconciler
   * once nothing else wrapped its calls).
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public java.util.Optional<Reconcilable> reconcilable(String attemptId) {
    AttemptRecord a = store.attempt(attemptId).orElse(null);
    if (a == null || !a.open()) {
      return java.util.Optional.empty();
    }
    PaymentRecord p = store.find(a.paymentId()).orElseThrow();
    return java.util.Optional.of(new Reconcilable(a, p, store.accountFor(p.merchantId(), a.psp())));
  }

  /** The first PSP refused before creating anything: that attempt ends, the next one begins. */
  @Traced("payment.failover")
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public AttemptRecord failover(
      AttemptRecord failed, String code, String message, long latencyMs, String nextPsp) {
    store.finishAttempt(failed.id(), "not_accepted", null, code, null, message, latencyMs, null);
    AttemptRecord next = newAttempt(failed.paymentId(), failed.seq() + 1, nextPsp);
    store.insertAttempt(next, sentGrace, buyerActionTtl);
    return next;
  }

  /**
   * Records what became of an attempt and moves the payment and its order, if the attempt is still
   * open (a reconciler or a webhook may have settled it first: then nothing changes). A capture
   * reported for an attempt that was closed otherwise, or for a payment that is already final, is a
   * late capture ({@link LateCaptures}): recorded, announced and refunded, never dropped. {@code
   * via}: who reports the outcome (answer, reconciliation, webhook).
   */
  @Traced("payment.settle")
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public PaymentRecord settle(
      String paymentId,
      String attemptId,
      String psp,
      PspResult r,
      Long latencyMs,
      Duration unknownRecheck,
      String via) {
    PaymentRecord p = store.lock(paymentId).orElseThrow();
    AttemptRecord before = store.attempt(attemptId).orElseThrow();
    String attemptStatus =
        switch (r.outcome()) {
          case SUCCEEDED -> "succeeded";
          case REQUIRES_ACTION -> "requires_action";
          case PROCESSING -> "processing";
          case DECLINED -> "declined";
          case NOT_FOUND -> "not_accepted";
          case UNKNOWN -> "unknown";
        };
    Duration recheck = r.outcome() == PspOutcome.UNKNOWN ? unknownRecheck : pollInterval;
    if (!store.finishAttempt(
            attemptId,
            attemptStatus,
            r.pspPaymentId(),
            r.errorCode(),
            r.declineCode(),
            r.message(),
            latencyMs,
            recheck)
        || p.status().isFinal()) {
      // An attempt recorded as succeeded is the payment's own capture (or a late one recorded
      // already, which LateCaptures.record keeps once): nothing new.
      if (r.outcome() == PspOutcome.SUCCEEDED && !"succeeded".equals(before.status())) {
        lateCaptures.record(p, before, r.pspPaymentId(), via);
      }
      return store.find(paymentId).orElseThrow();
    }
    switch (r.outcome()) {
      case SUCCEEDED -> {
        store.update(
            paymentId, PaymentStatus.SUCCEEDED, psp, r.pspPaymentId(), null, null, null, null);
        orders.paymentSucceeded(p.orderId(), paymentId, psp);
      }
      case DECLINED, NOT_FOUND -> {
        store.update(
            paymentId,
            PaymentStatus.FAILED,
            psp,
            r.pspPaymentId(),
            null,
            r.errorCode() == null ? "payment_failed" : r.errorCode(),
            r.declineCode(),
            r.message());
        orders.paymentFailed(
            p.orderId(), paymentId, r.declineCode() != null ? r.declineCode() : r.errorCode());
      }
      case REQUIRES_ACTION ->
          store.update(
              paymentId,
              PaymentStatus.REQUIRES_ACTION,
              psp,
              r.pspPaymentId(),
              storable(r.actionUrl()),
              null,
              null,
              null);
      case PROCESSING, UNKNOWN ->
          store.update(
              paymentId, PaymentStatus.PROCESSING, psp, r.pspPaymentId(), null, null, null, null);
    }
    PaymentRecord after = store.find(paymentId).orElseThrow();
    if (after.status() != p.status()) {
      // Counted when the answer moved the payment: a re-check that finds it still waiting is not.
      figures.settled(psp, r.outcome());
    }
    return after;
  }

  /** An action address we may keep: none that carries a secret (Stripe's client secret). */
  static String storable(String url) {
    return url == null || url.toLowerCase(java.util.Locale.ROOT).contains("secret") ? null : url;
  }

  /** The PSPs that take this merchant's payments, the order's preferred one first. */
  List<PspAccount> route(OrderBook.OrderSnapshot o) {
    return route(o.merchantId(), o.preferredPsp());
  }

  /** The PSPs that take this merchant's payments, {@code preferredPsp} (may be null) first. */
  List<PspAccount> route(String merchantId, String preferredPsp) {
    List<PspAccount> accounts = new ArrayList<>(store.pspAccounts(merchantId));
    if (accounts.isEmpty()) {
      defaultPsps.forEach(p -> accounts.add(new PspAccount(p, p)));
    }
    accounts.removeIf(a -> registry.psp(a.psp()).isEmpty());
    if (accounts.isEmpty()) {
      throw new ApiException(
          503,
          "PSP_NOT_CONFIGURED",
          "No payment provider is configured for merchant " + merchantId + ".");
    }
    if (preferredPsp != null) {
      accounts.stream()
          .filter(a -> a.psp().equals(preferredPsp))
          .findFirst()
          .ifPresent(
              a -> {
                accounts.remove(a);
                accounts.add(0, a);
              });
    }
    return accounts;
  }

  private static void driftGuard(PayCommand cmd, Money total) {
    boolean currencyDiffers =
        cmd.expectedCurrency() != null
            && !cmd.expectedCurrency().equalsIgnoreCase(total.currencyCode());
    boolean amountDiffers =
        cmd.expectedAmount() != null && cmd.expectedAmount().compareTo(total.amount()) != 0;
    if (currencyDiffers || amountDiffers) {
      Map<String, Object> ctx = new LinkedHashMap<>();
      ctx.put(
          "expected_amount",
          cmd.expectedAmount() == null ? null : cmd.expectedAmount().toPlainString());
      ctx.put("expected_currency", cmd.expectedCurrency());
      ctx.put("order_amount", total.amount().toPlainString());
      ctx.put("order_currency", total.currencyCode());
      throw new ApiException(
          409,
          "QUOTE_MISMATCH",
          "The order's total is "
              + total.amount().toPlainString()
              + " "
              + total.currencyCode()
              + ", not the expected "
              + (cmd.expectedAmount() == null ? "" : cmd.expectedAmount().toPlainString() + " ")
              + (cmd.expectedCurrency() == null ? total.currencyCode() : cmd.expectedCurrency())
              + ".",
          ctx,
          Map.of());
    }
  }

  private static AttemptRecord newAttempt(String paymentId, int seq, String psp) {
    String id = Ids.newId("att", 12);
    return new AttemptRecord(
        id,
        paymentId,
        seq,
        psp,
        "ac-" + id,
        "sent",
        null,
        null,
        null,
        null,
        null,
        0,
        null,
        null,
        null);
  }

  /**
   * {@code ac.payments.buyer-action-ttl}: how long a payment may wait for the buyer or the PSP. The
   * deadline is stored with each attempt when it is written.
   */
  static Duration buyerActionTtl(Config config) {
    return config
        .getOptionalValue("ac.payments.buyer-action-ttl", Duration.class)
        .orElse(Duration.ofMinutes(30));
  }

  private static Map<String, Object> context(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(k1, v1);
    if (v2 != null) {
      m.put(k2, v2);
    }
    return m;
  }
}
