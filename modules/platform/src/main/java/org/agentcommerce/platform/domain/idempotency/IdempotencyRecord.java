package org.agentcommerce.platform.domain.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The first use of an idempotency key: which request it was (a hash of the canonical body), whether
 * it is still running, and the response to replay once it finished.
 */
@Entity
@Table(name = "idempotency_records")
@NamedQuery(
    name = "IdempotencyRecord.find",
    query =
        "SELECT r FROM IdempotencyRecord r WHERE r.agentId = :agentId AND r.operation = :operation"
            + " AND r.idemKey = :key")
@NamedQuery(
    name = "IdempotencyRecord.deleteExpired",
    query = "DELETE FROM IdempotencyRecord r WHERE r.expiresAt < :now")
public class IdempotencyRecord {

  public static final String IN_FLIGHT = "in_flight";
  public static final String COMPLETED = "completed";

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(nullable = false)
  private String operation;

  @Column(name = "idem_key", nullable = false)
  private String idemKey;

  @Column(name = "request_hash", nullable = false)
  private String requestHash;

  @Column(nullable = false)
  private String state;

  @Column(name = "response_status")
  private Integer responseStatus;

  @Lob
  @Column(name = "response_body")
  private String responseBody;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  protected IdempotencyRecord() {}

  public IdempotencyRecord(
      String id,
      String agentId,
      String operation,
      String idemKey,
      String requestHash,
      Instant now,
      Instant expiresAt) {
    this.id = id;
    this.agentId = agentId;
    this.operation = operation;
    this.idemKey = idemKey;
    this.requestHash = requestHash;
    this.state = IN_FLIGHT;
    this.createdAt = now;
    this.expiresAt = expiresAt;
  }

  public void complete(int status, String body) {
    this.state = COMPLETED;
    this.responseStatus = status;
    this.responseBody = body;
  }

  /** A retry takes over a record whose first request died without finishing. */
  public void restart(String requestHash, Instant now, Instant expiresAt) {
    this.requestHash = requestHash;
    this.state = IN_FLIGHT;
    this.responseStatus = null;
    this.responseBody = null;
    this.createdAt = now;
    this.expiresAt = expiresAt;
  }

  public String id() {
    return id;
  }

  public String requestHash() {
    return requestHash;
  }

  public boolean isCompleted() {
    return COMPLETED.equals(state);
  }

  public Integer responseStatus() {
    return responseStatus;
  }

  public String responseBody() {
    return responseBody;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }
}
