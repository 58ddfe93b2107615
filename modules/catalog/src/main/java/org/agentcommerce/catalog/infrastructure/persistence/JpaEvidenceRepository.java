package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.catalog.domain.evidence.Citation;
import org.agentcommerce.catalog.domain.evidence.EvidenceRepository;
import org.agentcommerce.platform.api.Database;

/** Citations in JPA; intel and claims by native queries. */
@ApplicationScoped
public class JpaEvidenceRepository implements EvidenceRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public List<Citation> allCitations() {
    return em.createQuery("SELECT c FROM Citation c ORDER BY c.id", Citation.class).getResultList();
  }

  @Override
  public Optional<Citation> citation(String id) {
    return Optional.ofNullable(em.find(Citation.class, id));
  }

  @Override
  public Optional<Intel> intel(String productId) {
    List<?> rows =
        em.createNativeQuery(
                "SELECT reviewed, best_for, why FROM product_intel WHERE product_id = ?1")
            .setParameter(1, productId)
            .getResultList();
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    Object[] row = (Object[]) rows.get(0);
    List<?> claimRows =
        em.createNativeQuery(
                "SELECT claim, citation_id FROM intel_claims WHERE product_id = ?1 ORDER BY position")
            .setParameter(1, productId)
            .getResultList();
    List<Claim> claims = new ArrayList<>();
    for (Object o : claimRows) {
      Object[] c = (Object[]) o;
      citation((String) c[1]).ifPresent(cit -> claims.add(new Claim((String) c[0], cit)));
    }
    return Optional.of(
        new Intel(
            productId,
            Boolean.TRUE.equals(row[0]) || (row[0] instanceof Number n && n.intValue() != 0),
            (String) row[1],
            (String) row[2],
            claims));
  }
}
