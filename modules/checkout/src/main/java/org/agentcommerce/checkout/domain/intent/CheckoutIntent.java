package org.agentcommerce.checkout.domain.intent;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * A checkout intent (see V13__checkout_lanes.sql): the hosted checkout of one order or quote,
 * opened with a checkout token of which only the hash is kept. {@code open → used | revoked}.
 */
@Entity
@Table(name = "checkout_intents")
public class CheckoutIntent {

  public static final String OPEN = "open";
  public static final String USED = "used";
  public static final String REVOKED = "revoked";

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(name = "buyer_issuer", nullable = false)
  private String buyerIssuer;

  @Column(name = "buyer_subject", nullable = false)
  private String buyerSubject;

  @Column(name = "buyer_ref")
  private String buyerRef;

  @Column(name = "merchant_id", nullable = false)
  private String merchantId;

  @Column(name = "order_id")
  private String orderId;

  @Column(name = "quote_id")
  private String quoteId;

  @Column(nullable = false)
  private String lane;

  @Column(name = "token_hash", nullable = false)
  private String tokenHash;

  @Column(nullable = false)
  private String status;

  @Column(name = "return_url")
  private String returnUrl;

  @Column private String prefill;

  @Column(name = "prefill_reads", nullable = false)
  private int prefillReads;

  @Column(nullable = false)
  private int pricings;

  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  @Column(name = "used_at")
  private Instant usedAt;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Version
  @Column(nullable = false)
  private int version;

  protected CheckoutIntent() {}

  /** Who the intent is for and what it checks out: an order or a quote. */
  public record Binding(
      String agentId,
      String buyerIssuer,
      String buyerSubject,
      String buyerRef,
      String merchantId,
      String orderId,
      String quoteId) {}

  public CheckoutIntent(
      String id,
      Binding b,
      String lane,
      String tokenHash,
      String returnUrl,
      String prefill,
      Instant now,
      Instant expiresAt) {
    this.id = id;
    this.agentId = b.agentId();
    this.buyerIssuer = b.buyerIssuer();
    this.buyerSubject = b.buyerSubject();
    this.buyerRef = b.buyerRef();
    this.merchantId = b.merchantId();
    this.orderId = b.orderId();
    this.quoteId = b.quoteId();
    this.lane = lane;
    this.tokenHash = tokenHash;
    this.status = OPEN;
    this.returnUrl = returnUrl;
    this.prefill = prefill;
    this.createdAt = now;
    this.expiresAt = expiresAt;
  }

  public boolean expired(Instant now) {
    return !now.isBefore(expiresAt);
  }

  /** Counts a prefill read; false when {@code max} reads were made already. */
  public boolean readPrefill(int max) {
    if (prefillReads >= max) {
      return false;
    }
    prefillReads++;
    return true;
  }

  /** Counts a pricing by the hosted page; false when {@code max} were made already. */
  public boolean pricedAgain(int max) {
    if (pricings >= max) {
      return false;
    }
    pricings++;
    return true;
  }

  /** The hosted page priced the basket again (another destination, an expired quote). */
  public void requoted(String newQuoteId) {
    if (orderId != null) {
      throw new IllegalStateException("Intent " + id + " has its order already");
    }
    quoteId = newQuoteId;
  }

  /** The hosted page made the order of the intent's quote. */
  public void ordered(String newOrderId) {
    orderId = newOrderId;
  }

  /** Paid: the token opens nothing any more. */
  public void used(Instant now) {
    status = USED;
    usedAt = now;
  }

  public void revoked(Instant now) {
    status = REVOKED;
    usedAt = now;
  }

  public Binding binding() {
    return new Binding(agentId, buyerIssuer, buyerSubject, buyerRef, merchantId, orderId, quoteId);
  }

  public String id() {
    return id;
  }

  public String lane() {
    return lane;
  }

  public String status() {
    return status;
  }

  public String returnUrl() {
    return returnUrl;
  }

  public String prefill() {
    return prefill;
  }

  public int prefillReads() {
    return prefillReads;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public Instant createdAt() {
    return createdAt;
  }
}
