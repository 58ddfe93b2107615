package org.agentcommerce.checkout.domain.quote;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.agentcommerce.platform.api.ApiException;

/**
 * A priced basket the server locked: its totals are authoritative until it expires, and it is used
 * by at most one order ({@code active → consumed | expired}). The answer the agent got is kept
 * whole in {@code document}.
 */
@Entity
@Table(name = "quotes")
public class Quote {

  public static final String ACTIVE = "active";
  public static final String CONSUMED = "consumed";
  public static final String EXPIRED = "expired";

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(name = "merchant_id", nullable = false)
  private String merchantId;

  @Column(nullable = false)
  private String status;

  @Column(name = "implicit_quote", nullable = false)
  private boolean implicitQuote;

  @Column(nullable = false)
  private String market;

  @Column(nullable = false)
  private String currency;

  @Column(nullable = false)
  private String fingerprint;

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

  @Column(name = "delivery_option")
  private String deliveryOption;

  @Column(name = "ship_country")
  private String shipCountry;

  @Column(name = "ship_region")
  private String shipRegion;

  @Column(name = "ship_postcode")
  private String shipPostcode;

  @Column(name = "discount_codes")
  private String discountCodes;

  @Column(nullable = false)
  private String document;

  @Column(name = "order_id")
  private String orderId;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  @Column(name = "consumed_at")
  private Instant consumedAt;

  protected Quote() {}

  /** What a new quote is made of; amounts in minor units of {@code currency}. */
  public record Terms(
      String merchantId,
      String market,
      String currency,
      String fingerprint,
      long subtotalMinor,
      long discountMinor,
      long shippingMinor,
      long taxMinor,
      long totalMinor,
      String deliveryOption,
      String shipCountry,
      String shipRegion,
      String shipPostcode,
      String discountCodes) {}

  public Quote(
      String id,
      String agentId,
      Terms t,
      boolean implicitQuote,
      String document,
      Instant now,
      Instant expiresAt) {
    this.id = id;
    this.agentId = agentId;
    this.merchantId = t.merchantId();
    this.status = ACTIVE;
    this.implicitQuote = implicitQuote;
    this.market = t.market();
    this.currency = t.currency();
    this.fingerprint = t.fingerprint();
    this.subtotalMinor = t.subtotalMinor();
    this.discountMinor = t.discountMinor();
    this.shippingMinor = t.shippingMinor();
    this.taxMinor = t.taxMinor();
    this.totalMinor = t.totalMinor();
    this.deliveryOption = t.deliveryOption();
    this.shipCountry = t.shipCountry();
    this.shipRegion = t.shipRegion();
    this.shipPostcode = t.shipPostcode();
    this.discountCodes = t.discountCodes();
    this.document = document;
    this.createdAt = now;
    this.expiresAt = expiresAt;
  }

  /**
   * Hands the quote to an order: only an active, unexpired quote may be used, once. An expired
   * quote is marked so on the way.
   */
  public void consume(String orderId, Instant now) {
    if (CONSUMED.equals(status)) {
      throw new ApiException(
          409, "QUOTE_CONSUMED", "Quote " + id + " was already used by an order; get a new quote.");
    }
    if (EXPIRED.equals(status) || !now.isBefore(expiresAt)) {
      status = EXPIRED;
      throw new ApiException(
          409,
          "QUOTE_EXPIRED",
          "Quote " + id + " expired at " + expiresAt + "; get a new quote.",
          java.util.Map.of("quote_id", id, "expired_at", expiresAt.toString()),
          java.util.Map.of());
    }
    status = CONSUMED;
    this.orderId = orderId;
    this.consumedAt = now;
  }

  /** The status as of now: an active quote past its expiry reads as expired. */
  public String statusAt(Instant now) {
    return ACTIVE.equals(status) && !now.isBefore(expiresAt) ? EXPIRED : status;
  }

  public String id() {
    return id;
  }

  public String agentId() {
    return agentId;
  }

  public String merchantId() {
    return merchantId;
  }

  public boolean implicitQuote() {
    return implicitQuote;
  }

  public String market() {
    return market;
  }

  public String currency() {
    return currency;
  }

  public String fingerprint() {
    return fingerprint;
  }

  public long subtotalMinor() {
    return subtotalMinor;
  }

  public long discountMinor() {
    return discountMinor;
  }

  public long shippingMinor() {
    return shippingMinor;
  }

  public long taxMinor() {
    return taxMinor;
  }

  public long totalMinor() {
    return totalMinor;
  }

  public String deliveryOption() {
    return deliveryOption;
  }

  public String shipCountry() {
    return shipCountry;
  }

  public String shipRegion() {
    return shipRegion;
  }

  public String shipPostcode() {
    return shipPostcode;
  }

  public String discountCodes() {
    return discountCodes;
  }

  public String document() {
    return document;
  }

  public String orderId() {
    return orderId;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }
}
