package org.agentcommerce.catalog.interfaces.jmx;

/**
 * {@code org.agentcommerce:type=CatalogIndex}: this node's search index (each node keeps its own):
 * what the last full build indexed, and a full rebuild in the background while searches go on
 * against the index as it was.
 */
public interface CatalogIndexMXBean {

  long getIndexedProducts();

  long getLastBuildMillis();

  String getLastBuiltAt();

  boolean isRebuilding();

  /** Starts a full rebuild unless one runs; answers what it did. */
  String rebuild();
}
