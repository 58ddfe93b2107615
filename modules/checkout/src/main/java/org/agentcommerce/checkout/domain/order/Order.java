package org.agentcommerce.checkout.domain.order;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;

/**
 * An order: one merchant, lines and totals fixed when it was made (from its quote), and a status
 * that moves only along {@link OrderStatus#next()}. The version column makes two concurrent moves
 * of one order conflict instead of overwriting each other.
 */
@Entity(name = "CheckoutOrder")
@Table(name = "orders")
public class Order {

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(name = "merchant_id", nullable = false)
  private String merchantId;

  @Column(name = "quote_id", nullable = false)
  private String quoteId;

  @Column(nullable = false)
  private String status;

  @Column(name = "payment_status", nullable = false)
  private String paymentStatus;

  @Column(nullable = false)
  private String market;

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

  @Column(name = "refunded_minor", nullable = false)
  private long refundedMinor;

  @Column(name = "delivery_option")
  private String deliveryOption;

  @Column(name = "customer_email")
  private String customerEmail;

  @Column(name = "customer_name")
  private String customerName;

  @Column(name = "shipping_address")
  private String shippingAddress;

  @Column(name = "buyer_ref")
  private String buyerRef;

  @Column(name = "buyer_issuer")
  private String buyerIssuer;

  @Column(name = "buyer_subject")
  private String buyerSubject;

  @Column(name = "agent_session_id")
  private String agentSessionId;

  @Column(name = "preferred_psp")
  private String preferredPsp;

  @Column(name = "metadata")
  private String metadata;

  /** Where the order was made: rest, hosted, checkout_session (see {@link #origin()}). */
  @Column(name = "origin", nullable = false)
  private String origin = "rest";

  @Column(name = "merchant_order_id")
  private String merchantOrderId;

  @Column(name = "merchant_order_number")
  private String merchantOrderNumber;

  @Column(name = "tracking_number")
  private String trackingNumber;

  /**
   * How many moves the order's audit trail holds (the next transition's seq is this plus one). Kept
   * on the order row, which every move locks and re-reads, because a count of the transitions in a
   * REPEATABLE READ snapshot taken before the lock misses one committed meanwhile.
   */
  @Column(name = "transition_count", nullable = false)
  private int transitionCount;

  @Version
  @Column(nullable = false)
  private int version;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Column(name = "confirmed_at")
  private Instant confirmedAt;

  @Column(name = "fulfilled_at")
  private Instant fulfilledAt;

  // Lazy: a payment locks and moves its order twice without reading the lines (two queries saved
  // per payment); EclipseLink loads them on first use, also after the transaction.
  @ElementCollection(fetch = FetchType.LAZY)
  @CollectionTable(name = "order_lines", joinColumns = @JoinColumn(name = "order_id"))
  @OrderColumn(name = "position")
  private List<OrderLine> lines = new ArrayList<>();

  protected Order() {}

  /** Who and what an order is for, beyond its lines and totals. */
  public record Parties(
      String agentId,
      String customerEmail,
      String customerName,
      String shippingAddressJson,
      String buyerRef,
      String buyerIssuer,
      String buyerSubject,
      String agentSessionId,
      String preferredPsp,
      String metadataJson) {}

  /** Totals in minor units of {@code currency}. */
  public record Totals(
      String currency,
      long subtotalMinor,
      long discountMinor,
      long shippingMinor,
      long taxMinor,
      long totalMinor) {}

  public Order(
      String id,
      String merchantId,
      String quoteId,
      String market,
      String deliveryOption,
      Totals totals,
      Parties parties,
      List<OrderLine> lines,
      Instant now) {
    this.id = id;
    this.agentId = parties.agentId();
    this.merchantId = merchantId;
    this.quoteId = quoteId;
    this.status = OrderStatus.AWAITING_PAYMENT.wireName();
    this.paymentStatus = "none";
    this.market = market;
    this.currency = totals.currency();
    this.subtotalMinor = totals.subtotalMinor();
    this.discountMinor = totals.discountMinor();
    this.shippingMinor = totals.shippingMinor();
    this.taxMinor = totals.taxMinor();
    this.totalMinor = totals.totalMinor();
    this.deliveryOption = deliveryOption;
    this.customerEmail = parties.customerEmail();
    this.customerName = parties.customerName();
    this.shippingAddress = parties.shippingAddressJson();
    this.buyerRef = parties.buyerRef();
    this.buyerIssuer = parties.buyerIssuer();
    this.buyerSubject = parties.buyerSubject();
    this.agentSessionId = parties.agentSessionId();
    this.preferredPsp = parties.preferredPsp();
    this.metadata = parties.metadataJson();
    this.lines = new ArrayList<>(lines);
    this.createdAt = now;
    this.transitionCount = 1;
    this.updatedAt = now;
  }

  /**
   * Moves the order, or refuses with 409 {@code INVALID_STATE} naming where it is and where it may
   * go. Answers the status it left.
   */
  /** The seq of the latest audit transition (1 is the creation). */
  public int transitionCount() {
    return transitionCount;
  }

  public OrderStatus moveTo(OrderStatus target, Instant now) {
    OrderStatus from = status();
    if (!from.canMoveTo(target)) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Order "
              + id
              + " is "
              + from.wireName()
              + " and cannot become "
              + target.wireName()
              + ".",
          Map.of(
              "order_id",
              id,
              "current_status",
              from.wireName(),
              "allowed",
              from.next().stream().map(OrderStatus::wireName).sorted().toList()),
          Map.of());
    }
    status = target.wireName();
    updatedAt = now;
    if (target == OrderStatus.CONFIRMED) {
      confirmedAt = now;
    } else if (target == OrderStatus.FULFILLED) {
      fulfilledAt = now;
    }
    transitionCount++;
    return from;
  }

  public void paymentStatus(String value, Instant now) {
    this.paymentStatus = value;
    this.updatedAt = now;
  }

  public void refunded(long amountMinor) {
    this.refundedMinor = Math.addExact(refundedMinor, amountMinor);
  }

  public void placedAs(String platformOrderId, String platformOrderNumber) {
    this.merchantOrderId = platformOrderId;
    this.merchantOrderNumber = platformOrderNumber;
  }

  public void shipped(String trackingNumber) {
    this.trackingNumber = trackingNumber;
  }

  public String trackingNumber() {
    return trackingNumber;
  }

  /** When the merchant confirmed the order; null before (or before V78). */
  public Instant confirmedAt() {
    return confirmedAt;
  }

  /** When the order was fulfilled (shipped); null before (or before V78). */
  public Instant fulfilledAt() {
    return fulfilledAt;
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

  public String quoteId() {
    return quoteId;
  }

  public OrderStatus status() {
    return OrderStatus.fromWire(status)
        .orElseThrow(() -> new IllegalStateException("Order " + id + " has status " + status));
  }

  public String paymentStatus() {
    return paymentStatus;
  }

  public String market() {
    return market;
  }

  public String currency() {
    return currency;
  }

  public Money total() {
    return Money.ofMinor(totalMinor, currency);
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

  public long refundedMinor() {
    return refundedMinor;
  }

  /**
   * What this order counts towards its agent's rolling spend: what is left of its total unless it
   * is cancelled, failed or fully refunded.
   */
  public long spendCounted() {
    return switch (status()) {
      case CANCELLED, PAYMENT_FAILED, REFUNDED -> 0;
      default -> totalMinor - refundedMinor;
    };
  }

  public String deliveryOption() {
    return deliveryOption;
  }

  public String customerEmail() {
    return customerEmail;
  }

  public String customerName() {
    return customerName;
  }

  public String shippingAddressJson() {
    return shippingAddress;
  }

  public String buyerRef() {
    return buyerRef;
  }

  public String buyerIssuer() {
    return buyerIssuer;
  }

  public String buyerSubject() {
    return buyerSubject;
  }

  public String agentSessionId() {
    return agentSessionId;
  }

  /** The PSP to try first when the order is paid (a name; an unknown one is passed over). */
  public void prefer(String psp) {
    this.preferredPsp = psp;
  }

  public String preferredPsp() {
    return preferredPsp;
  }

  public String metadataJson() {
    return metadata;
  }

  public String merchantOrderId() {
    return merchantOrderId;
  }

  public String merchantOrderNumber() {
    return merchantOrderNumber;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant updatedAt() {
    return updatedAt;
  }

  public List<OrderLine> lines() {
    return List.copyOf(lines);
  }

  /**
   * Where the order was made: {@code rest} (the orders API, v2 checkouts), {@code hosted} (the
   * buyer on the hosted checkout page), {@code checkout_session} (an ACP, UCP or tool-door
   * session). The payment gates decide from it.
   */
  public String origin() {
    return origin;
  }

  /** Set once, before the order is stored. */
  public void madeThrough(String origin) {
    this.origin = java.util.Objects.requireNonNull(origin);
  }
}
