package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.catalog.domain.merchant.Merchant;
import org.agentcommerce.catalog.domain.merchant.MerchantRepository;
import org.agentcommerce.platform.api.Database;

/** Merchants in JPA. */
@ApplicationScoped
public class JpaMerchantRepository implements MerchantRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public Optional<Merchant> findById(String merchantId) {
    return Optional.ofNullable(em.find(Merchant.class, merchantId));
  }

  @Override
  public List<Merchant> page(String status, Set<String> onlyIds, int offset, int limit) {
    TypedQuery<Merchant> query =
        em.createQuery(
            "SELECT m FROM Merchant m" + where(status, onlyIds) + " ORDER BY m.businessName, m.id",
            Merchant.class);
    bind(query, status, onlyIds);
    return query.setFirstResult(offset).setMaxResults(limit).getResultList();
  }

  @Override
  public long count(String status, Set<String> onlyIds) {
    TypedQuery<Long> query =
        em.createQuery("SELECT COUNT(m) FROM Merchant m" + where(status, onlyIds), Long.class);
    bind(query, status, onlyIds);
    return query.getSingleResult();
  }

  @Override
  public List<Merchant> findAll() {
    return em.createQuery("SELECT m FROM Merchant m ORDER BY m.id", Merchant.class).getResultList();
  }

  @Override
  public List<Capability> capabilities() {
    List<?> rows =
        em.createNativeQuery(
                "SELECT merchant_id, kind, code FROM merchant_capabilities"
                    + " ORDER BY merchant_id, kind, code")
            .getResultList();
    return rows.stream()
        .map(r -> (Object[]) r)
        .map(r -> new Capability((String) r[0], (String) r[1], (String) r[2]))
        .toList();
  }

  private static String where(String status, Set<String> onlyIds) {
    StringBuilder where = new StringBuilder();
    if (status != null) {
      where.append(" WHERE m.status = :status");
    }
    if (!onlyIds.isEmpty()) {
      where.append(status == null ? " WHERE" : " AND").append(" m.id IN :ids");
    }
    return where.toString();
  }

  private static void bind(TypedQuery<?> query, String status, Set<String> onlyIds) {
    if (status != null) {
      query.setParameter("status", status);
    }
    if (!onlyIds.isEmpty()) {
      query.setParameter("ids", onlyIds);
    }
  }
}
