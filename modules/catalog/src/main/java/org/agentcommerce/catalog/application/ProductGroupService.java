package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductGroupRepository;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;

/** Product groups: one product, many sellers. Members are filtered to what the key may see. */
@ApplicationScoped
public class ProductGroupService {

  @Inject ProductGroupRepository groups;
  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;

  /** A group and its visible members (optionally of one platform). */
  public record GroupView(
      ProductGroupRepository.Group group, int memberCount, List<ProductView> members) {}

  public GroupView byId(String groupId, String platform, int limit) {
    ProductGroupRepository.Group group =
        groups.group(groupId).orElseThrow(() -> ApiException.notFound("Product group " + groupId));
    Set<String> visible = catalog.visibleMerchants();
    List<ProductRecord> members =
        search.byGroup(groupId, 1000).stream()
            .filter(p -> visible.contains(p.merchantId()))
            .filter(p -> "active".equals(p.status()))
            .filter(p -> platform == null || platform.equalsIgnoreCase(p.platform()))
            .toList();
    return new GroupView(
        group,
        members.size(),
        members.stream().limit(limit).map(p -> ProductViews.render(p, null)).toList());
  }

  /** The group of a merchant's product. */
  public GroupView forProduct(String merchantId, String productId, String platform, int limit) {
    return byId(groupOf(catalog.product(merchantId, productId)), platform, limit);
  }

  /** The group of a product named by our id alone. */
  public GroupView forProductId(String productId, String platform, int limit) {
    ProductRecord p =
        search
            .find(null, productId)
            .filter(r -> catalog.visibleMerchants().contains(r.merchantId()))
            .orElseThrow(() -> ApiException.notFound("Product " + productId));
    return byId(groupOf(p), platform, limit);
  }

  private static String groupOf(ProductRecord p) {
    if (p.productGroupId() == null) {
      throw new ApiException(
          404, "PRODUCT_GROUP_NOT_FOUND", "Product " + p.id() + " is not in a product group.");
    }
    return p.productGroupId();
  }
}
