package org.agentcommerce.platform.domain.buyer;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * One merge of an agent's buyer references: {@code source} now means {@code target}. Targets are
 * kept canonical, so a lookup never follows more than one step.
 */
@Entity
@Table(name = "buyer_aliases")
@NamedQuery(
    name = "BuyerAlias.findByTarget",
    query = "SELECT a FROM BuyerAlias a WHERE a.id.agentId = :agentId AND a.targetRef = :target")
public class BuyerAlias {

  @EmbeddedId private Key id;

  @Column(name = "target_ref", nullable = false)
  private String targetRef;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  protected BuyerAlias() {}

  public BuyerAlias(String agentId, String sourceRef, String targetRef, Instant now) {
    this.id = new Key(agentId, sourceRef);
    this.targetRef = targetRef;
    this.createdAt = now;
  }

  public String sourceRef() {
    return id.sourceRef;
  }

  public String targetRef() {
    return targetRef;
  }

  public void retarget(String canonical) {
    this.targetRef = canonical;
  }

  /** Agent and source reference: an alias is unique per agent. */
  @Embeddable
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    @Column(name = "agent_id")
    private String agentId;

    @Column(name = "source_ref")
    private String sourceRef;

    protected Key() {}

    public Key(String agentId, String sourceRef) {
      this.agentId = agentId;
      this.sourceRef = sourceRef;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && agentId.equals(k.agentId) && sourceRef.equals(k.sourceRef);
    }

    @Override
    public int hashCode() {
      return Objects.hash(agentId, sourceRef);
    }
  }
}
