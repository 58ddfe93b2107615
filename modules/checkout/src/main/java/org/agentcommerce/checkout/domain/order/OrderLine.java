package org.agentcommerce.checkout.domain.order;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** One line of an order, priced when the order was made. Amounts in minor units. */
@Embeddable
public class OrderLine {

  @Column(name = "product_id", nullable = false)
  private String productId;

  @Column(name = "platform_product_id", nullable = false)
  private String platformProductId;

  @Column(name = "variant_id", nullable = false)
  private String variantId;

  @Column(name = "sku")
  private String sku;

  @Column(name = "title", nullable = false)
  private String title;

  @Column(name = "variant_title")
  private String variantTitle;

  @Column(name = "image_url")
  private String imageUrl;

  @Column(name = "quantity", nullable = false)
  private int quantity;

  @Column(name = "unit_original_minor", nullable = false)
  private long unitOriginalMinor;

  @Column(name = "unit_effective_minor", nullable = false)
  private long unitEffectiveMinor;

  @Column(name = "discount_minor", nullable = false)
  private long discountMinor;

  @Column(name = "total_minor", nullable = false)
  private long totalMinor;

  protected OrderLine() {}

  public OrderLine(
      String productId,
      String platformProductId,
      String variantId,
      String sku,
      String title,
      String variantTitle,
      String imageUrl,
      int quantity,
      long unitOriginalMinor,
      long unitEffectiveMinor,
      long discountMinor,
      long totalMinor) {
    this.productId = productId;
    this.platformProductId = platformProductId;
    this.variantId = variantId;
    this.sku = sku;
    this.title = title;
    this.variantTitle = variantTitle;
    this.imageUrl = imageUrl;
    this.quantity = quantity;
    this.unitOriginalMinor = unitOriginalMinor;
    this.unitEffectiveMinor = unitEffectiveMinor;
    this.discountMinor = discountMinor;
    this.totalMinor = totalMinor;
  }

  public String productId() {
    return productId;
  }

  public String platformProductId() {
    return platformProductId;
  }

  public String variantId() {
    return variantId;
  }

  public String sku() {
    return sku;
  }

  public String title() {
    return title;
  }

  public String variantTitle() {
    return variantTitle;
  }

  public String imageUrl() {
    return imageUrl;
  }

  public int quantity() {
    return quantity;
  }

  public long unitOriginalMinor() {
    return unitOriginalMinor;
  }

  public long unitEffectiveMinor() {
    return unitEffectiveMinor;
  }

  public long discountMinor() {
    return discountMinor;
  }

  public long totalMinor() {
    return totalMinor;
  }
}
