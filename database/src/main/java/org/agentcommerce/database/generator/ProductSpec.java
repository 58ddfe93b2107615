package org.agentcommerce.database.generator;

import java.util.List;

/**
 * A product as its brand makes it, before any merchant lists it: the copy, formula and options are
 * the same at every merchant that sells it.
 */
record ProductSpec(
    String vendor,
    String skuPrefix,
    String kindCode,
    String title,
    String description,
    String productType,
    Category category,
    List<String> tags,
    List<String> keyActives,
    String ingredients,
    List<String> skinTypes,
    List<String> concerns,
    String optionName,
    List<Kind.Option> options,
    int usdBase,
    boolean onSale,
    String status,
    /** The product's number within its brand (SKU codes). */
    int brandSeq,
    /** Evidence references its intel may cite ({@code topic} or {@code topic:fact}). */
    List<String> evidence,
    String bestFor,
    String why) {

  boolean singleVariant() {
    return options.size() == 1;
  }
}
