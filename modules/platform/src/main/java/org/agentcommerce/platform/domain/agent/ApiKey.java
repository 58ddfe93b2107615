package org.agentcommerce.platform.domain.agent;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/**
 * An agent's API key, known only by the SHA-256 hash of its secret. An agent has one current key
 * (active, no expiry); a rotated key stays usable until {@code expiresAt}; a revoked key never
 * again.
 */
@Entity
@Table(name = "api_keys")
@NamedQuery(name = "ApiKey.findByHash", query = "SELECT k FROM ApiKey k WHERE k.keyHash = :hash")
@NamedQuery(
    name = "ApiKey.findUsableByAgent",
    query =
        "SELECT k FROM ApiKey k WHERE k.agentId = :agentId AND k.status = 'active'"
            + " AND (k.expiresAt IS NULL OR k.expiresAt > :now) ORDER BY k.createdAt")
@NamedQuery(
    name = "ApiKey.findByAgent",
    query = "SELECT k FROM ApiKey k WHERE k.agentId = :agentId ORDER BY k.createdAt DESC, k.id")
public class ApiKey {

  public static final String ACTIVE = "active";
  public static final String REVOKED = "revoked";

  /** What a key is to its agent at a moment: see {@link #stateAt}. */
  public enum State {
    /** The agent's current key: the only one that may rotate or revoke keys. */
    CURRENT,
    /** Replaced by a rotation; works until {@code expiresAt}. */
    GRACE,
    /** Past its grace period. */
    EXPIRED,
    /** Revoked: never works again. */
    REVOKED
  }

  @Id private String id;

  @Column(name = "agent_id", nullable = false)
  private String agentId;

  @Column(name = "key_hash", nullable = false)
  private String keyHash;

  @Column(name = "key_hint", nullable = false)
  private String keyHint;

  @Column(nullable = false)
  private String status;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "expires_at")
  private Instant expiresAt;

  @Column(name = "last_used_at")
  private Instant lastUsedAt;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "api_key_merchants", joinColumns = @JoinColumn(name = "api_key_id"))
  @Column(name = "merchant_id")
  private Set<String> merchantIds = new TreeSet<>();

  protected ApiKey() {}

  public ApiKey(
      String id,
      String agentId,
      String keyHash,
      String keyHint,
      Set<String> merchantIds,
      Instant now) {
    this.id = id;
    this.agentId = agentId;
    this.keyHash = keyHash;
    this.keyHint = keyHint;
    this.status = ACTIVE;
    this.createdAt = now;
    this.merchantIds = new TreeSet<>(merchantIds);
  }

  /** Usable at {@code now}: active and not past its expiry. */
  public boolean isUsableAt(Instant now) {
    return ACTIVE.equals(status) && (expiresAt == null || expiresAt.isAfter(now));
  }

  /** The agent's current key: active and not replaced by a rotation. */
  public boolean isCurrent() {
    return ACTIVE.equals(status) && expiresAt == null;
  }

  public State stateAt(Instant now) {
    if (!ACTIVE.equals(status)) {
      return State.REVOKED;
    }
    if (expiresAt == null) {
      return State.CURRENT;
    }
    return expiresAt.isAfter(now) ? State.GRACE : State.EXPIRED;
  }

  /** The key stops working for good; revoking it again changes nothing. */
  public void revoke() {
    status = REVOKED;
  }

  /** After a rotation the old key keeps working until {@code at}, then never again. */
  public void expireAt(Instant at) {
    if (expiresAt == null || at.isBefore(expiresAt)) {
      expiresAt = at;
    }
  }

  /** Records use at most once a minute so that authentication stays a read. */
  public boolean touch(Instant now) {
    if (lastUsedAt == null || lastUsedAt.isBefore(now.minusSeconds(60))) {
      lastUsedAt = now;
      return true;
    }
    return false;
  }

  public String id() {
    return id;
  }

  public String agentId() {
    return agentId;
  }

  public String keyHash() {
    return keyHash;
  }

  public String keyHint() {
    return keyHint;
  }

  public String status() {
    return status;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public Instant lastUsedAt() {
    return lastUsedAt;
  }

  public Set<String> merchantIds() {
    return Set.copyOf(merchantIds);
  }
}
