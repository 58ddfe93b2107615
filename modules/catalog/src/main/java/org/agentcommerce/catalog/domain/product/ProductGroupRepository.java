package org.agentcommerce.catalog.domain.product;

import java.util.Optional;

/** Curated groups of one product sold by several merchants, and exact product aliases. */
public interface ProductGroupRepository {

  Optional<Group> group(String groupId);

  /** The product an exact alias (canonical ref, product page URL, old id) points at. */
  Optional<String> productForAlias(String alias);

  /** A group's own facts; its members come from the catalog index. */
  record Group(String id, String title, String brand, String canonicalProductId) {}
}
