package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.AlternativesView;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.AlternativesService;
import org.agentcommerce.catalog.application.IntelService;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.SearchCriteria;
import org.agentcommerce.platform.application.CallerContext;
import org.agentcommerce.webapp.support.Deployments;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The intel and alternatives services the tool door will expose, run inside the shared test server
 * ({@link Deployments#shared()}).
 */
@ExtendWith(ArquillianExtension.class)
class CatalogServicesInContainerIT {

  @Deployment
  static WebArchive war() {
    return Deployments.shared();
  }

  @Inject CallerContext caller;
  @Inject CatalogIndex index;
  @Inject ProductSearchService search;
  @Inject IntelService intel;
  @Inject AlternativesService alternatives;

  @BeforeEach
  void asAnAgentOnAReadyIndex() throws InterruptedException {
    caller.establish("agent_incontainer", "key_incontainer", "standard", Set.of());
    long deadline = System.currentTimeMillis() + 60_000;
    while (!index.isReady() && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertTrue(index.isReady());
  }

  private ProductView first(String query) {
    return search
        .search(new SearchCriteria(query, null, null, null, null, null, null, null, Map.of(), 0, 1))
        .products()
        .get(0);
  }

  @Test
  void intelClaimsEachCiteTheirEvidence() {
    IntelView found = null;
    for (ProductView p :
        search
            .search(
                new SearchCriteria(
                    "serum", null, null, null, null, null, null, null, Map.of(), 0, 50))
            .products()) {
      IntelView i = intel.intel(p.id(), p.merchantId());
      if (i.reviewed() && !i.claims().isEmpty()) {
        found = i;
        break;
      }
    }
    assertNotNull(found, "some serum has reviewed intel in the demo data");
    assertFalse(found.bestFor().isBlank());
    assertFalse(found.why().isBlank());
    for (IntelView.Claim claim : found.claims()) {
      assertFalse(claim.claim().isBlank());
      assertTrue(claim.evidence().citationId().startsWith("cit_"));
      assertFalse(claim.evidence().url().isBlank());
    }
  }

  @Test
  void alternativesCarryPriceRelationGradeReasonsAndTheirOwnCurrency() {
    ProductView anchor = first("vitamin c serum");
    AlternativesView view = alternatives.alternatives(anchor.id(), anchor.merchantId(), "any", 5);
    assertEquals(anchor.id(), view.anchor().id());
    assertFalse(view.alternatives().isEmpty());
    assertTrue(view.alternatives().size() <= 5);
    for (AlternativesView.Alternative alt : view.alternatives()) {
      assertNotEquals(anchor.id(), alt.product().id());
      assertEquals(anchor.category(), alt.product().category());
      assertEquals(anchor.currency(), alt.currency(), "currency filled in");
      assertTrue(List.of("cheaper", "similar", "pricier").contains(alt.priceRelationship()));
      BigDecimal expected = alt.price().divide(anchor.price(), 3, java.math.RoundingMode.HALF_UP);
      assertEquals(0, expected.compareTo(alt.priceRatio()));
      assertTrue(List.of("A", "B", "C").contains(alt.grade()));
      assertFalse(alt.reasons().isEmpty());
    }
    for (AlternativesView.Alternative alt :
        alternatives.alternatives(anchor.id(), anchor.merchantId(), "cheaper", 5).alternatives()) {
      assertTrue(alt.price().compareTo(anchor.price()) < 0);
    }
  }
}
