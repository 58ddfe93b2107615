package org.agentcommerce.checkout.domain.acp;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;

/**
 * An in-chat ACP checkout session (see V13__checkout_lanes.sql): {@code ready_for_payment →
 * completing → completed}, or {@code ready_for_payment → cancelled}. A complete claims it ({@link
 * #claim}) before anything is charged, so two concurrent completes charge once; a definitive
 * capture failure releases the claim; a completed session keeps the answer every later complete
 * replays.
 */
@Entity
@Table(name = "acp_sessions")
public class AcpSession {

  public static final String READY = "ready_for_payment";
  public static final String COMPLETING = "completing";
  public static final String COMPLETED = "completed";
  public static final String CANCELLED = "cancelled";

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(name = "buyer_issuer", nullable = false)
  private String buyerIssuer;

  @Column(name = "buyer_subject", nullable = false)
  private String buyerSubject;

  @Column(name = "merchant_id", nullable = false)
  private String merchantId;

  @Column(nullable = false)
  private String status;

  @Column(name = "quote_id", nullable = false)
  private String quoteId;

  @Column(nullable = false)
  private String currency;

  @Column(name = "subtotal_minor", nullable = false)
  private long subtotalMinor;

  @Column(name = "discount_minor", nullable = false)
  private long discountMinor;

  @Column(name = "shipping_minor", nullable = false)
  private long shippingMinor;

  @Column(name = "tax_minor", nullable = false)
  private long taxMinor;

  @Column(name = "total_minor", nullable = false)
  private long totalMinor;

  @Column(nullable = false)
  private String basket;

  @Column(name = "customer_email")
  private String customerEmail;

  @Column(name = "order_id")
  private String orderId;

  @Column(name = "payment_id")
  private String paymentId;

  @Column(name = "lease_until")
  private Instant leaseUntil;

  @Column(nullable = false)
  private int completions;

  @Column(name = "last_error")
  private String lastError;

  @Column(name = "completion_key")
  private String completionKey;

  @Column(name = "completion_hash")
  private String completionHash;

  @Column private String result;

  @Column(name = "public_base")
  private String publicBase;

  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(nullable = false)
  private int version;

  protected AcpSession() {}

  /** Totals in minor units of {@code currency}. */
  public record Totals(
      String currency, long subtotal, long discount, long shipping, long tax, long total) {}

  public AcpSession(
      String id,
      String agentId,
      String buyerIssuer,
      String buyerSubject,
      String merchantId,
      String quoteId,
      Totals totals,
      String basket,
      String customerEmail,
      Instant now,
      Instant expiresAt) {
    this.id = id;
    this.agentId = agentId;
    this.buyerIssuer = buyerIssuer;
    this.buyerSubject = buyerSubject;
    this.merchantId = merchantId;
    this.status = READY;
    this.quoteId = quoteId;
    price(totals);
    this.basket = basket;
    this.customerEmail = customerEmail;
    this.expiresAt = expiresAt;
    this.createdAt = now;
    this.updatedAt = now;
  }

  private void price(Totals totals) {
    this.currency = totals.currency();
    this.subtotalMinor = totals.subtotal();
    this.discountMinor = totals.discount();
    this.shippingMinor = totals.shipping();
    this.taxMinor = totals.tax();
    this.totalMinor = totals.total();
  }

  /** Whether this buyer is the one the session was made for. */
  public boolean boundTo(String issuer, String subject) {
    return buyerIssuer.equals(issuer) && buyerSubject.equals(subject);
  }

  public boolean expired(Instant now) {
    return !now.isBefore(expiresAt);
  }

  /** A completing claim some request still holds. */
  public boolean claimHeld(Instant now) {
    return COMPLETING.equals(status) && leaseUntil != null && now.isBefore(leaseUntil);
  }

  /**
   * Takes the completion claim for {@code lease}, for the request with this idempotency key (may be
   * null) and payload hash.
   */
  public void claim(Instant now, Duration lease, String key, String payloadHash) {
    status = COMPLETING;
    completionKey = key;
    completionHash = payloadHash;
    leaseUntil = now.plus(lease);
    completions++;
    updatedAt = now;
  }

  /**
   * A full re-quote of a ready session: its new quote, totals, basket and e-mail, and a fresh
   * expiry.
   */
  public void requote(
      String quoteId,
      Totals totals,
      String basket,
      String customerEmail,
      Instant now,
      Instant expiry) {
    this.quoteId = quoteId;
    price(totals);
    this.basket = basket;
    this.customerEmail = customerEmail;
    this.expiresAt = expiry;
    updatedAt = now;
  }

  /** Cancelled: never completed or paid through this session again. */
  public void cancel(Instant now) {
    status = CANCELLED;
    leaseUntil = null;
    updatedAt = now;
  }

  /** The public base a completion of this session answered on (its order's permalink). */
  public String publicBase() {
    return publicBase;
  }

  /** Records the public base the completion answers on. */
  public void completingOn(String base, Instant now) {
    this.publicBase = base;
    updatedAt = now;
  }

  /** The order made for this session (once). */
  public void ordered(String orderId, Instant now) {
    this.orderId = orderId;
    updatedAt = now;
  }

  /** Completed: the charge succeeded; {@code result} is the answer every later complete replays. */
  public void completed(String paymentId, String result, Instant now) {
    status = COMPLETED;
    this.paymentId = paymentId;
    this.result = result;
    leaseUntil = null;
    lastError = null;
    updatedAt = now;
  }

  /** A definitive failure: nothing captured; the session can be completed again. */
  public void released(String paymentId, String error, Instant now) {
    status = READY;
    if (paymentId != null) {
      this.paymentId = paymentId;
    }
    lastError = error;
    leaseUntil = null;
    updatedAt = now;
  }

  /**
   * The outcome is not known yet: the claim stays (status completing) but its lease ends now, so
   * the next complete reads the order's payment before it does anything.
   */
  public void pending(String paymentId, Instant now) {
    if (paymentId != null) {
      this.paymentId = paymentId;
    }
    lastError = "capture_pending";
    leaseUntil = now;
    updatedAt = now;
  }

  public String id() {
    return id;
  }

  public String agentId() {
    return agentId;
  }

  public String buyerIssuer() {
    return buyerIssuer;
  }

  public String buyerSubject() {
    return buyerSubject;
  }

  public String merchantId() {
    return merchantId;
  }

  public String status() {
    return status;
  }

  public String quoteId() {
    return quoteId;
  }

  public Totals totals() {
    return new Totals(currency, subtotalMinor, discountMinor, shippingMinor, taxMinor, totalMinor);
  }

  public String basket() {
    return basket;
  }

  public String customerEmail() {
    return customerEmail;
  }

  public String orderId() {
    return orderId;
  }

  public String paymentId() {
    return paymentId;
  }

  public String lastError() {
    return lastError;
  }

  public String completionKey() {
    return completionKey;
  }

  public String completionHash() {
    return completionHash;
  }

  public String result() {
    return result;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public Instant createdAt() {
    return createdAt;
  }
}
