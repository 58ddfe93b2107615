package org.agentcommerce.catalog.infrastructure.persistence;

import static org.agentcommerce.catalog.infrastructure.persistence.JdbcProductWriter.ACTIVE;
import static org.agentcommerce.catalog.infrastructure.persistence.JdbcProductWriter.ARCHIVED;
import static org.agentcommerce.catalog.infrastructure.persistence.JdbcProductWriter.clip;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;

/**
 * The rows of one merchant's catalog write, step by step, on the caller's connection and in its
 * transaction: lock the merchant row, read its products, per product a SELECT-decided UPDATE or
 * INSERT and the DELETE and INSERT of its variants and offers (batched, offers first for the
 * foreign key), archive the products the platform no longer lists, and stamp the sync.
 */
final class CatalogRows {

  /** Logs as the writer it works for. */
  private static final Logger LOG = Logger.getLogger(JdbcProductWriter.class.getName());

  /** Products written per round of batches. */
  private static final int CHUNK = 200;

  // Column widths of V4__catalog.sql: longer texts are cut to fit rather than fail the sync.
  private static final int PLATFORM_ID_MAX = 64;
  private static final int HANDLE_MAX = 200;
  private static final int TITLE_MAX = 300;
  private static final int DESCRIPTION_MAX = 4000;
  private static final int VENDOR_MAX = 120;
  private static final int PRODUCT_TYPE_MAX = 120;
  private static final int URL_MAX = 500;
  private static final int VARIANT_TITLE_MAX = 200;
  private static final int SKU_MAX = 80;

  private CatalogRows() {}

  /** What a write did, for the log. */
  record Stats(int products, int inserted, int variants, int archived) {}

  private record Existing(String id, String status) {}

  private record Written(int inserted, int variants) {}

  /** Each platform product once (the first listing wins), without ids too long to store. */
  static List<ProductSnapshot> unique(String merchantId, List<ProductSnapshot> products) {
    Map<String, ProductSnapshot> byId = new LinkedHashMap<>();
    for (ProductSnapshot p : products) {
      if (p.platformProductId().length() > PLATFORM_ID_MAX) {
        LOG.warning(
            () ->
                "Merchant "
                    + merchantId
                    + ": product id longer than "
                    + PLATFORM_ID_MAX
                    + " characters skipped");
        continue;
      }
      byId.putIfAbsent(p.platformProductId(), p);
    }
    return new ArrayList<>(byId.values());
  }

  /**
   * Writes {@code products} (unique) as the merchant's catalog in {@code market}; with {@code
   * complete}, archives the products they do not list.
   */
  static Stats write(
      Connection c,
      String merchantId,
      List<ProductSnapshot> products,
      String market,
      Instant now,
      boolean complete)
      throws SQLException {
    Timestamp at = Timestamp.from(now);
    String source = lockMerchant(c, merchantId);
    Map<String, Existing> existing = existing(c, merchantId);
    Written written = writeProducts(c, merchantId, source, products, existing, market, at);
    int archived = complete ? archiveUnlisted(c, products, existing, at) : 0;
    markSynced(c, merchantId, at);
    return new Stats(products.size(), written.inserted(), written.variants(), archived);
  }

  /**
   * Locks the merchant: a second sync of the same merchant (another node) waits for this one.
   * Answers its catalog source.
   */
  private static String lockMerchant(Connection c, String merchantId) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT catalog_source FROM merchants WHERE id = ? FOR UPDATE")) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalArgumentException("No merchant " + merchantId);
        }
        return rs.getString(1);
      }
    }
  }

  /** The merchant's stored products by platform product id. */
  private static Map<String, Existing> existing(Connection c, String merchantId)
      throws SQLException {
    Map<String, Existing> existing = new HashMap<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT id, platform_product_id, status FROM products WHERE merchant_id = ?")) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          existing.put(rs.getString(2), new Existing(rs.getString(1), rs.getString(3)));
        }
      }
    }
    return existing;
  }

  /**
   * Updates the products already stored and inserts the others, active, and replaces their variants
   * and offers, in rounds of {@link #CHUNK} products.
   */
  private static Written writeProducts(
      Connection c,
      String merchantId,
      String source,
      List<ProductSnapshot> products,
      Map<String, Existing> existing,
      String market,
      Timestamp at)
      throws SQLException {
    int inserted = 0;
    int variantCount = 0;
    try (PreparedStatement updateProduct =
            c.prepareStatement(
                "UPDATE products SET handle = ?, title = ?, description = ?, vendor = ?,"
                    + " product_type = ?, category = ?, catalog_surface = ?, tags = ?,"
                    + " image_url = ?, status = ?, updated_at = ? WHERE id = ?");
        PreparedStatement insertProduct =
            c.prepareStatement(
                "INSERT INTO products (id, merchant_id, platform_product_id, handle, title,"
                    + " description, vendor, product_type, category, catalog_surface, tags,"
                    + " image_url, status, created_at, updated_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement deleteOffers =
            c.prepareStatement(
                "DELETE FROM offers WHERE variant_id IN"
                    + " (SELECT id FROM variants WHERE product_id = ?)");
        PreparedStatement deleteVariants =
            c.prepareStatement("DELETE FROM variants WHERE product_id = ?");
        PreparedStatement insertVariant =
            c.prepareStatement(
                "INSERT INTO variants (id, product_id, platform_variant_id, title, sku,"
                    + " options_json, image_url, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement insertOffer =
            c.prepareStatement(
                "INSERT INTO offers (id, variant_id, merchant_id, market, currency, price_minor,"
                    + " compare_at_minor, inventory_quantity, updated_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      int inChunk = 0;
      for (ProductSnapshot p : products) {
        Existing old = existing.get(p.platformProductId());
        String productId =
            old != null
                ? old.id()
                : JdbcProductWriter.productId(source, merchantId, p.platformProductId());
        String[] text = columns(p);
        if (old != null) {
          for (int i = 0; i < text.length; i++) {
            updateProduct.setString(i + 1, text[i]);
          }
          updateProduct.setString(10, ACTIVE);
          updateProduct.setTimestamp(11, at);
          updateProduct.setString(12, productId);
          updateProduct.addBatch();
          deleteOffers.setString(1, productId);
          deleteOffers.addBatch();
          deleteVariants.setString(1, productId);
          deleteVariants.addBatch();
        } else {
          insertProduct.setString(1, productId);
          insertProduct.setString(2, merchantId);
          insertProduct.setString(3, p.platformProductId());
          for (int i = 0; i < text.length; i++) {
            insertProduct.setString(i + 4, text[i]);
          }
          insertProduct.setString(13, ACTIVE);
          insertProduct.setTimestamp(14, at);
          insertProduct.setTimestamp(15, at);
          insertProduct.addBatch();
          inserted++;
        }
        variantCount +=
            addVariants(insertVariant, insertOffer, p, productId, merchantId, market, at);
        if (++inChunk == CHUNK) {
          flush(
              updateProduct,
              insertProduct,
              deleteOffers,
              deleteVariants,
              insertVariant,
              insertOffer);
          inChunk = 0;
        }
      }
      if (inChunk > 0) {
        flush(
            updateProduct, insertProduct, deleteOffers, deleteVariants, insertVariant, insertOffer);
      }
    }
    return new Written(inserted, variantCount);
  }

  /**
   * The product's text columns as stored, in the order both product statements set them: handle,
   * title, description, vendor, product type, category, surface, tags, image.
   */
  private static String[] columns(ProductSnapshot p) {
    String category = ProductCategories.category(p.productType(), p.tags());
    return new String[] {
      clip(p.handle(), HANDLE_MAX),
      clip(p.title(), TITLE_MAX),
      clip(p.description(), DESCRIPTION_MAX),
      clip(p.vendor(), VENDOR_MAX),
      clip(p.productType(), PRODUCT_TYPE_MAX),
      category,
      ProductCategories.surface(category),
      JdbcProductWriter.tags(p.tags()),
      clip(p.imageUrl(), URL_MAX)
    };
  }

  /**
   * Adds the product's variants (each platform variant once, without ids too long to store) and
   * their offers in {@code market} to the batches; answers how many.
   */
  private static int addVariants(
      PreparedStatement insertVariant,
      PreparedStatement insertOffer,
      ProductSnapshot p,
      String productId,
      String merchantId,
      String market,
      Timestamp at)
      throws SQLException {
    int variantCount = 0;
    Set<String> seenVariants = new HashSet<>();
    for (VariantSnapshot v : p.variants()) {
      if (v.platformVariantId().length() > PLATFORM_ID_MAX
          || !seenVariants.add(v.platformVariantId())) {
        continue;
      }
      String variantId = JdbcProductWriter.variantId(productId, v.platformVariantId());
      insertVariant.setString(1, variantId);
      insertVariant.setString(2, productId);
      insertVariant.setString(3, v.platformVariantId());
      insertVariant.setString(4, clip(v.title() == null ? "" : v.title(), VARIANT_TITLE_MAX));
      insertVariant.setString(5, clip(v.sku(), SKU_MAX));
      insertVariant.setString(6, JdbcProductWriter.optionsJson(v.options()));
      insertVariant.setString(7, clip(v.imageUrl(), URL_MAX));
      insertVariant.setInt(8, v.position());
      insertVariant.addBatch();

      insertOffer.setString(1, JdbcProductWriter.offerId(variantId, market));
      insertOffer.setString(2, variantId);
      insertOffer.setString(3, merchantId);
      insertOffer.setString(4, market);
      insertOffer.setString(5, v.currency());
      insertOffer.setLong(6, JdbcProductWriter.minorUnits(v.price(), v.currency()));
      if (v.compareAtPrice() == null) {
        insertOffer.setNull(7, Types.BIGINT);
      } else {
        insertOffer.setLong(7, JdbcProductWriter.minorUnits(v.compareAtPrice(), v.currency()));
      }
      insertOffer.setInt(8, JdbcProductWriter.inventory(v));
      insertOffer.setTimestamp(9, at);
      insertOffer.addBatch();
      variantCount++;
    }
    return variantCount;
  }

  /** Runs the batches in foreign-key order: products, old offers, old variants, new ones. */
  private static void flush(PreparedStatement... inOrder) throws SQLException {
    for (PreparedStatement ps : inOrder) {
      ps.executeBatch();
    }
  }

  /** Archives the stored products that {@code products} does not list; answers how many. */
  private static int archiveUnlisted(
      Connection c, List<ProductSnapshot> products, Map<String, Existing> existing, Timestamp at)
      throws SQLException {
    int archived = 0;
    Set<String> listed = new HashSet<>();
    products.forEach(p -> listed.add(p.platformProductId()));
    try (PreparedStatement archive =
        c.prepareStatement("UPDATE products SET status = ?, updated_at = ? WHERE id = ?")) {
      for (Map.Entry<String, Existing> e : existing.entrySet()) {
        if (!listed.contains(e.getKey()) && !ARCHIVED.equals(e.getValue().status())) {
          archive.setString(1, ARCHIVED);
          archive.setTimestamp(2, at);
          archive.setString(3, e.getValue().id());
          archive.addBatch();
          archived++;
        }
      }
      if (archived > 0) {
        archive.executeBatch();
      }
    }
    return archived;
  }

  private static void markSynced(Connection c, String merchantId, Timestamp at)
      throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE merchants SET catalog_synced_at = ? WHERE id = ?")) {
      ps.setTimestamp(1, at);
      ps.setString(2, merchantId);
      ps.executeUpdate();
    }
  }
}
