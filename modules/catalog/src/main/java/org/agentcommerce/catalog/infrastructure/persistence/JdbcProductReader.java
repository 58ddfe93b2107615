package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.agentcommerce.platform.api.Database;

/**
 * Bulk reads of the catalog in plain JDBC: keyset-paged products, then their variants and offers in
 * one query per batch. Fast enough to index 100,000 products at start-up.
 */
@ApplicationScoped
public class JdbcProductReader implements ProductReader {

  private static final int BATCH = 2000;

  private static final String PRODUCT_COLUMNS =
      "p.id, p.merchant_id, m.business_name, m.status AS merchant_status,"
          + " m.default_currency, m.platform,"
          + " p.platform_product_id, p.handle, p.title, p.description, p.vendor, p.product_type,"
          + " p.category, p.catalog_surface, p.tags, p.key_actives, p.ingredients, p.skin_types,"
          + " p.concerns, p.image_url, p.status, g.group_id, p.created_at, p.updated_at";
  private static final String PRODUCT_FROM =
      " FROM products p JOIN merchants m ON m.id = p.merchant_id"
          + " LEFT JOIN product_group_members g ON g.product_id = p.id";

  private volatile DataSource dataSource;

  @Override
  public long readAll(Consumer<List<ProductRecord>> batch) {
    String after = "";
    long total = 0;
    try (Connection c = dataSource().getConnection()) {
      while (true) {
        List<ProductRecord> page;
        try (PreparedStatement ps =
            c.prepareStatement(
                // The page of ids first, by the primary key: joining first would make the
                // database sort every remaining product for every page.
                "SELECT "
                    + PRODUCT_COLUMNS
                    + " FROM (SELECT * FROM products WHERE id > ? ORDER BY id LIMIT "
                    + BATCH
                    + ") p JOIN merchants m ON m.id = p.merchant_id"
                    + " LEFT JOIN product_group_members g ON g.product_id = p.id ORDER BY p.id")) {
          ps.setString(1, after);
          page = withVariants(c, readProducts(ps));
        }
        if (page.isEmpty()) {
          return total;
        }
        total += page.size();
        batch.accept(page);
        after = page.get(page.size() - 1).id();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the catalog", e);
    }
  }

  @Override
  public List<Change> changesSince(Instant since, int limit) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, updated_at FROM products WHERE updated_at > ?"
                    + " ORDER BY updated_at, id LIMIT "
                    + Math.max(1, limit))) {
      ps.setTimestamp(1, Timestamp.from(since));
      List<Change> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Change(rs.getString(1), rs.getTimestamp(2).toInstant()));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read changed products", e);
    }
  }

  @Override
  public List<ProductRecord> read(List<String> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT "
                    + PRODUCT_COLUMNS
                    + PRODUCT_FROM
                    + " WHERE p.id IN ("
                    + String.join(",", java.util.Collections.nCopies(ids.size(), "?"))
                    + ") ORDER BY p.id")) {
      for (int i = 0; i < ids.size(); i++) {
        ps.setString(i + 1, ids.get(i));
      }
      return withVariants(c, readProducts(ps));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read products", e);
    }
  }

  @Override
  public List<ProductRecord> readMerchant(String merchantId, String afterId, int limit) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT "
                    + PRODUCT_COLUMNS
                    + PRODUCT_FROM
                    + " WHERE p.merchant_id = ? AND p.id > ? ORDER BY p.id LIMIT "
                    + Math.max(1, limit))) {
      ps.setString(1, merchantId);
      ps.setString(2, afterId == null ? "" : afterId);
      return withVariants(c, readProducts(ps));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the merchant's products", e);
    }
  }

  @Override
  public long count() {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM products");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot count the products", e);
    }
  }

  /**
   * The row of {@code catalog_identity}, written by the first node that asks: an insert that loses
   * the race to another node's finds that node's row when it reads again.
   */
  @Override
  public String identity() {
    try (Connection c = dataSource().getConnection()) {
      String found = readIdentity(c);
      if (found != null) {
        return found;
      }
      try (PreparedStatement ps =
          c.prepareStatement("INSERT INTO catalog_identity (k, identity) VALUES ('catalog', ?)")) {
        ps.setString(1, java.util.UUID.randomUUID().toString());
        ps.executeUpdate();
      } catch (SQLException raced) {
        // another node wrote it first (a duplicate key): its row is the identity
      }
      found = readIdentity(c);
      if (found == null) {
        throw new IllegalStateException("The catalog identity could not be written");
      }
      return found;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the catalog identity", e);
    }
  }

  private static String readIdentity(Connection c) throws SQLException {
    try (PreparedStatement ps =
            c.prepareStatement("SELECT identity FROM catalog_identity WHERE k = 'catalog'");
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  @Override
  public List<String> allIds() {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT id FROM products");
        ResultSet rs = ps.executeQuery()) {
      List<String> ids = new ArrayList<>();
      while (rs.next()) {
        ids.add(rs.getString(1));
      }
      return ids;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read product ids", e);
    }
  }

  private static List<ProductRecord> readProducts(PreparedStatement ps) throws SQLException {
    List<ProductRecord> products = new ArrayList<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        products.add(
            new ProductRecord(
                rs.getString("id"),
                rs.getString("merchant_id"),
                rs.getString("business_name"),
                rs.getString("merchant_status"),
                rs.getString("default_currency"),
                rs.getString("platform"),
                rs.getString("platform_product_id"),
                rs.getString("handle"),
                rs.getString("title"),
                rs.getString("description"),
                rs.getString("vendor"),
                rs.getString("product_type"),
                rs.getString("category"),
                rs.getString("catalog_surface"),
                split(rs.getString("tags")),
                split(rs.getString("key_actives")),
                rs.getString("ingredients"),
                split(rs.getString("skin_types")),
                split(rs.getString("concerns")),
                rs.getString("image_url"),
                rs.getString("status"),
                rs.getString("group_id"),
                instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("updated_at")),
                List.of()));
      }
    }
    return products;
  }

  /** The same products with their variants and offers, read in one query. */
  private static List<ProductRecord> withVariants(Connection c, List<ProductRecord> products)
      throws SQLException {
    if (products.isEmpty()) {
      return products;
    }
    String marks = String.join(",", java.util.Collections.nCopies(products.size(), "?"));
    Map<String, List<VariantRecord>> byProduct = new HashMap<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT v.product_id, v.id AS vid, v.platform_variant_id, v.title, v.sku,"
                + " v.options_json, v.image_url, v.position, o.market, o.currency, o.price_minor,"
                + " o.compare_at_minor, o.inventory_quantity FROM variants v"
                + " LEFT JOIN offers o ON o.variant_id = v.id WHERE v.product_id IN ("
                + marks
                + ") ORDER BY v.product_id, v.position, v.id, o.market")) {
      for (int i = 0; i < products.size(); i++) {
        ps.setString(i + 1, products.get(i).id());
      }
      try (ResultSet rs = ps.executeQuery()) {
        String currentVariant = null;
        List<OfferRecord> offers = null;
        String[] variant = null;
        int position = 0;
        String productId = null;
        while (rs.next()) {
          String vid = rs.getString("vid");
          if (!vid.equals(currentVariant)) {
            if (currentVariant != null) {
              add(byProduct, productId, variant, position, offers);
            }
            currentVariant = vid;
            productId = rs.getString("product_id");
            variant =
                new String[] {
                  rs.getString("platform_variant_id"),
                  rs.getString("title"),
                  rs.getString("sku"),
                  rs.getString("options_json"),
                  rs.getString("image_url")
                };
            position = rs.getInt("position");
            offers = new ArrayList<>();
          }
          String market = rs.getString("market");
          if (market != null) {
            long compare = rs.getLong("compare_at_minor");
            Long compareAt = rs.wasNull() ? null : compare;
            offers.add(
                new OfferRecord(
                    market,
                    rs.getString("currency"),
                    rs.getLong("price_minor"),
                    compareAt,
                    rs.getInt("inventory_quantity")));
          }
        }
        if (currentVariant != null) {
          add(byProduct, productId, variant, position, offers);
        }
      }
    }
    List<ProductRecord> out = new ArrayList<>(products.size());
    for (ProductRecord p : products) {
      out.add(
          new ProductRecord(
              p.id(),
              p.merchantId(),
              p.merchantName(),
              p.merchantStatus(),
              p.merchantCurrency(),
              p.platform(),
              p.platformProductId(),
              p.handle(),
              p.title(),
              p.description(),
              p.vendor(),
              p.productType(),
              p.category(),
              p.catalogSurface(),
              p.tags(),
              p.keyActives(),
              p.ingredients(),
              p.skinTypes(),
              p.concerns(),
              p.imageUrl(),
              p.status(),
              p.productGroupId(),
              p.createdAt(),
              p.updatedAt(),
              byProduct.getOrDefault(p.id(), List.of())));
    }
    return out;
  }

  private static void add(
      Map<String, List<VariantRecord>> byProduct,
      String productId,
      String[] v,
      int position,
      List<OfferRecord> offers) {
    byProduct
        .computeIfAbsent(productId, k -> new ArrayList<>())
        .add(new VariantRecord(v[0], v[1], v[2], v[3], v[4], position, offers));
  }

  private static List<String> split(String csv) {
    if (csv == null || csv.isBlank()) {
      return List.of();
    }
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }

  private DataSource dataSource() {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = Database.lookupDataSource();
      dataSource = ds;
    }
    return ds;
  }
}
