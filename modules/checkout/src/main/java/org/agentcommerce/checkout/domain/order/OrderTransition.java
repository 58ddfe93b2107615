package org.agentcommerce.checkout.domain.order;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** One move of an order: the audit trail. */
@Entity
@Table(name = "order_transitions")
@IdClass(OrderTransition.Key.class)
public class OrderTransition {

  @Id
  @Column(name = "order_id")
  private String orderId;

  @Id
  @Column(name = "seq")
  private int seq;

  @Column(name = "from_status")
  private String fromStatus;

  @Column(name = "to_status", nullable = false)
  private String toStatus;

  @Column(name = "reason")
  private String reason;

  @Column(name = "actor", nullable = false)
  private String actor;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  protected OrderTransition() {}

  public OrderTransition(
      String orderId,
      int seq,
      String fromStatus,
      String toStatus,
      String reason,
      String actor,
      Instant createdAt) {
    this.orderId = orderId;
    this.seq = seq;
    this.fromStatus = fromStatus;
    this.toStatus = toStatus;
    this.reason = reason == null || reason.length() <= 300 ? reason : reason.substring(0, 300);
    this.actor = actor;
    this.createdAt = createdAt;
  }

  public int seq() {
    return seq;
  }

  public String fromStatus() {
    return fromStatus;
  }

  public String toStatus() {
    return toStatus;
  }

  public String reason() {
    return reason;
  }

  public String actor() {
    return actor;
  }

  public Instant createdAt() {
    return createdAt;
  }

  /** The composite key. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;
    private String orderId;
    private int seq;

    public Key() {}

    public Key(String orderId, int seq) {
      this.orderId = orderId;
      this.seq = seq;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.seq == seq && Objects.equals(k.orderId, orderId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(orderId, seq);
    }
  }
}
