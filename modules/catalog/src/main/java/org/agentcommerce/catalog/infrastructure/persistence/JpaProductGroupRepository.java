package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.catalog.domain.product.ProductGroupRepository;
import org.agentcommerce.platform.api.Database;

/** Product groups and aliases by native queries. */
@ApplicationScoped
public class JpaProductGroupRepository implements ProductGroupRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public Optional<Group> group(String groupId) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT id, title, brand, canonical_product_id FROM product_groups WHERE id = ?1")
            .setParameter(1, groupId)
            .getResultList();
    return rows.stream()
        .map(r -> (Object[]) r)
        .map(r -> new Group((String) r[0], (String) r[1], (String) r[2], (String) r[3]))
        .findFirst();
  }

  @Override
  public Optional<String> productForAlias(String alias) {
    List<?> rows =
        em.createNativeQuery("SELECT product_id FROM product_aliases WHERE alias = ?1")
            .setParameter(1, alias)
            .getResultList();
    return rows.stream().map(String.class::cast).findFirst();
  }
}
