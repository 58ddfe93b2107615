package org.agentcommerce.catalog.spi;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A product as its platform described it at one moment.
 *
 * @param platformProductId the platform's id, its exact digits kept as text
 * @param description plain text, HTML stripped; null when the product has none
 * @param imageUrl the main image, absolute; null when there is none
 * @param images every image, absolute, main first
 * @param updatedAt when the platform last changed the product; null when the platform did not say
 */
public record ProductSnapshot(
    String platformProductId,
    String handle,
    String title,
    String description,
    String vendor,
    String productType,
    List<String> tags,
    String imageUrl,
    List<String> images,
    List<VariantSnapshot> variants,
    Instant updatedAt) {

  public ProductSnapshot {
    Objects.requireNonNull(platformProductId, "platformProductId");
    Objects.requireNonNull(handle, "handle");
    Objects.requireNonNull(title, "title");
    tags = tags == null ? List.of() : List.copyOf(tags);
    images = images == null ? List.of() : List.copyOf(images);
    variants = variants == null ? List.of() : List.copyOf(variants);
  }
}
