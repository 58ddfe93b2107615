package org.agentcommerce.platform.domain.agent;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/** An agent platform that calls the service, identified by its e-mail and holding API keys. */
@Entity
@Table(name = "agents")
@NamedQuery(name = "Agent.findByEmail", query = "SELECT a FROM Agent a WHERE a.email = :email")
public class Agent {

  public static final String ACTIVE = "active";
  public static final String DEACTIVATED = "deactivated";

  @Id private String id;

  @Column(nullable = false)
  private String name;

  @Column(nullable = false)
  private String email;

  private String company;
  private String description;

  @Column(nullable = false)
  private String status;

  @Column(nullable = false)
  private String tier;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Agent() {}

  public Agent(
      String id,
      String name,
      String email,
      String company,
      String description,
      String tier,
      Instant now) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.company = company;
    this.description = description;
    this.status = ACTIVE;
    this.tier = tier;
    this.createdAt = now;
    this.updatedAt = now;
  }

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  public String email() {
    return email;
  }

  public String company() {
    return company;
  }

  public String description() {
    return description;
  }

  public String status() {
    return status;
  }

  public boolean isActive() {
    return ACTIVE.equals(status);
  }

  public String tier() {
    return tier;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant updatedAt() {
    return updatedAt;
  }
}
