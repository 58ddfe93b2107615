package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.api.PackFacts;
import org.agentcommerce.platform.api.Database;

/** {@link PackFacts} as single reads of the catalog tables. */
@ApplicationScoped
public class JdbcPackFacts implements PackFacts {

  @Override
  public boolean merchantExists(String merchantId) {
    return first("SELECT id FROM merchants WHERE id = ?", merchantId).isPresent();
  }

  @Override
  public Optional<String> productMerchant(String productId) {
    return first("SELECT merchant_id FROM products WHERE id = ?", productId);
  }

  @Override
  public Optional<String> offerMerchant(String offerId) {
    return first("SELECT merchant_id FROM offers WHERE id = ?", offerId);
  }

  @Override
  public boolean citationExists(String citationId) {
    return first("SELECT id FROM citations WHERE id = ?", citationId).isPresent();
  }

  @Override
  public boolean intelExists(String productId) {
    return first("SELECT product_id FROM product_intel WHERE product_id = ?", productId)
        .isPresent();
  }

  @Override
  public List<ProductRow> products(
      String merchantId, List<String> productIds, String market, int limit) {
    try (Connection c = Database.connection()) {
      Offered offered = offered(c, merchantId, market);
      List<String> order = productIds.isEmpty() ? List.copyOf(offered.rows.keySet()) : productIds;
      List<ProductRow> out = new ArrayList<>();
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String requested : order) {
        String id = offered.ids.get(requested);
        Row row = id == null ? null : offered.rows.get(id);
        if (row != null && out.size() < limit && seen.add(id)) {
          out.add(new ProductRow(id, row.title, row.offerId, claims(c, id)));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the merchant's products", e);
    }
  }

  @Override
  public List<String> unknownProducts(String merchantId, List<String> productIds) {
    try (Connection c = Database.connection()) {
      Offered offered = offered(c, merchantId, "");
      return productIds.stream().filter(id -> !offered.ids.containsKey(id)).toList();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the merchant's products", e);
    }
  }

  /**
   * The merchant's active products with an offer (by title), each with the offer chosen for the
   * market, and every id they answer to: ours and the merchant platform's.
   */
  private record Offered(Map<String, Row> rows, Map<String, String> ids) {}

  private static Offered offered(Connection c, String merchantId, String market)
      throws SQLException {
    String sql =
        "SELECT p.id, p.title, o.id, o.market, p.platform_product_id FROM products p"
            + " JOIN variants v ON v.product_id = p.id"
            + " JOIN offers o ON o.variant_id = v.id"
            + " WHERE p.merchant_id = ? AND p.status = 'active'"
            + " ORDER BY p.title, p.id, v.position, o.market";
    Map<String, Row> rows = new LinkedHashMap<>();
    Map<String, String> ids = new java.util.HashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String id = rs.getString(1);
          Row row = rows.computeIfAbsent(id, k -> new Row());
          ids.put(id, id);
          ids.putIfAbsent(rs.getString(5), id);
          boolean inMarket = rs.getString(4).equals(market);
          if (row.offerId == null || (inMarket && !row.inMarket)) {
            row.title = rs.getString(2);
            row.offerId = rs.getString(3);
            row.inMarket = inMarket;
          }
        }
      }
    }
    return new Offered(rows, ids);
  }

  /** The offer chosen for a product so far: the first in the market, else the first at all. */
  private static final class Row {
    String title;
    String offerId;
    boolean inMarket;
  }

  private static List<IntelClaim> claims(Connection c, String productId) throws SQLException {
    List<IntelClaim> claims = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT claim, citation_id FROM intel_claims WHERE product_id = ? ORDER BY position")) {
      ps.setString(1, productId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          claims.add(new IntelClaim(rs.getString(1), rs.getString(2)));
        }
      }
    }
    return claims;
  }

  private static Optional<String> first(String sql, String parameter) {
    try (Connection c = Database.connection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, parameter);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the catalog", e);
    }
  }
}
