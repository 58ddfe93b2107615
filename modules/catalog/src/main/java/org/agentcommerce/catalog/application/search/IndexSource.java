package org.agentcommerce.catalog.application.search;

/** Where the index a node serves came from at start ({@link CatalogIndex.BuildReport}). */
public enum IndexSource {
  /** Built from every product in the database. */
  DATABASE,
  /** The index this node kept, brought up to date. */
  STORED,
  /** The fleet's published copy ({@code ac.search.index-seed}), brought up to date. */
  SEED
}
