package org.agentcommerce.catalog.api;

/** Prefixes of the catalog's public identifiers: {@code merch_…}, {@code prod_…} and so on. */
public final class CatalogIds {

  public static final String MERCHANT = "merch";
  public static final String PRODUCT = "prod";
  public static final String VARIANT = "var";
  public static final String PRODUCT_GROUP = "grp";
  public static final String CITATION = "cit";
  public static final String BRIEF = "brf";

  private CatalogIds() {}
}
