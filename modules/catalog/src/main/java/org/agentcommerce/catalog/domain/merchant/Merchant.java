package org.agentcommerce.catalog.domain.merchant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A merchant connected to the service: its store, platform, region and payment setup. */
@Entity
@Table(name = "merchants")
public class Merchant {

  @Id private String id;

  @Column(name = "business_name", nullable = false)
  private String businessName;

  @Column(nullable = false)
  private String status;

  @Column(nullable = false)
  private String platform;

  @Column(nullable = false)
  private String region;

  @Column(name = "store_url")
  private String storeUrl;

  private String website;

  @Column(name = "contact_email")
  private String contactEmail;

  @Column(name = "psp_connected", nullable = false)
  private boolean pspConnected;

  @Column(name = "psp_type")
  private String pspType;

  @Column(name = "catalog_source", nullable = false)
  private String catalogSource;

  @Column(name = "catalog_base_url")
  private String catalogBaseUrl;

  @Column(name = "default_currency", nullable = false)
  private String defaultCurrency;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Merchant() {}

  public String id() {
    return id;
  }

  public String businessName() {
    return businessName;
  }

  public String status() {
    return status;
  }

  public String platform() {
    return platform;
  }

  public String region() {
    return region;
  }

  public String storeUrl() {
    return storeUrl;
  }

  public String website() {
    return website;
  }

  public String contactEmail() {
    return contactEmail;
  }

  public boolean pspConnected() {
    return pspConnected;
  }

  public String pspType() {
    return pspType;
  }

  /**
   * Where the catalog lives: {@code local} (our database) or a platform such as {@code shopify}.
   */
  public String catalogSource() {
    return catalogSource;
  }

  public String catalogBaseUrl() {
    return catalogBaseUrl;
  }

  public String defaultCurrency() {
    return defaultCurrency;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant updatedAt() {
    return updatedAt;
  }
}
