package org.agentcommerce.catalog.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.agentcommerce.catalog.api.CatalogIds;
import org.agentcommerce.catalog.domain.product.ProductWriter;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;
import org.agentcommerce.platform.api.Database;

/**
 * Stores platform snapshots in plain, portable JDBC (H2 and MariaDB): per product a SELECT-decided
 * UPDATE or INSERT, then DELETE and INSERT of its variants and offers (offers first, for the
 * foreign key), batched, all in one local transaction that first locks the merchant row, so that
 * two nodes syncing the same merchant take turns. Runs outside any JTA transaction of the caller.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.NOT_SUPPORTED)
public class JdbcProductWriter implements ProductWriter {

  private static final Logger LOG = Logger.getLogger(JdbcProductWriter.class.getName());

  /** Products written per round of batches. */
  private static final int CHUNK = 200;

  static final String ACTIVE = "active";
  static final String ARCHIVED = "archived";
  static final String OTHER = "other";

  // Column widths of V4__catalog.sql: longer texts are cut to fit rather than fail the sync.
  private static final int PLATFORM_ID_MAX = 64;
  private static final int HANDLE_MAX = 200;
  private static final int TITLE_MAX = 300;
  private static final int DESCRIPTION_MAX = 4000;
  private static final int VENDOR_MAX = 120;
  private static final int PRODUCT_TYPE_MAX = 120;
  private static final int TAGS_MAX = 1000;
  private static final int URL_MAX = 500;
  private static final int VARIANT_TITLE_MAX = 200;
  private static final int SKU_MAX = 80;
  private static final int OPTIONS_MAX = 1000;
  private static final int MARKET_MAX = 8;

  /**
   * Category keywords, by priority: the first category with a word in the product type wins, else
   * the first with a word in the tags, else {@code other}. Words are matched whole, in lower case;
   * hyphenated words are also tried joined ("make-up" is "makeup").
   */
  private static final List<Map.Entry<String, Set<String>>> CATEGORY_WORDS =
      List.of(
          Map.entry(
              "fragrance",
              Set.of(
                  "fragrance",
                  "fragrances",
                  "perfume",
                  "perfumes",
                  "parfum",
                  "toilette",
                  "cologne",
                  "colognes",
                  "scent",
                  "scents")),
          Map.entry(
              "makeup",
              Set.of(
                  "makeup",
                  "cosmetics",
                  "lipstick",
                  "lipsticks",
                  "lipgloss",
                  "gloss",
                  "mascara",
                  "foundation",
                  "concealer",
                  "blush",
                  "bronzer",
                  "highlighter",
                  "eyeliner",
                  "eyeshadow",
                  "eyeshadows",
                  "liner",
                  "primer",
                  "nail",
                  "nails",
                  "polish")),
          Map.entry(
              "hair",
              Set.of(
                  "hair",
                  "haircare",
                  "shampoo",
                  "shampoos",
                  "conditioner",
                  "conditioners",
                  "scalp",
                  "hairspray",
                  "styling")),
          Map.entry(
              "sun",
              Set.of(
                  "sun",
                  "suncare",
                  "sunscreen",
                  "sunscreens",
                  "sunblock",
                  "spf",
                  "uv",
                  "aftersun",
                  "selftan",
                  "selftanner",
                  "tanning")),
          Map.entry(
              "body",
              Set.of(
                  "body",
                  "bodycare",
                  "hand",
                  "hands",
                  "foot",
                  "feet",
                  "shower",
                  "bath",
                  "soap",
                  "deodorant",
                  "deodorants")),
          Map.entry(
              "skincare",
              Set.of(
                  "skincare",
                  "skin",
                  "face",
                  "facial",
                  "serum",
                  "serums",
                  "moisturizer",
                  "moisturizers",
                  "moisturiser",
                  "moisturisers",
                  "moisturizing",
                  "cream",
                  "creams",
                  "cleanser",
                  "cleansers",
                  "toner",
                  "toners",
                  "essence",
                  "mask",
                  "masks",
                  "retinol",
                  "exfoliant",
                  "exfoliator",
                  "peel",
                  "eye",
                  "ampoule",
                  "lotion",
                  "balm")));

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private volatile DataSource dataSource;

  /** For CDI: the application datasource, looked up on first use. */
  public JdbcProductWriter() {}

  /** On a given datasource (tests, tools). */
  public JdbcProductWriter(DataSource dataSource) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
  }

  @Override
  public void replaceMerchantCatalog(
      String merchantId, List<ProductSnapshot> products, String market, Instant now) {
    store(merchantId, products, market, now, true);
  }

  @Override
  public void replaceMerchantCatalog(
      String merchantId,
      List<ProductSnapshot> products,
      String market,
      Instant now,
      boolean complete) {
    store(merchantId, products, market, now, complete);
  }

  @Override
  public int activeProductCount(String merchantId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*) FROM products WHERE merchant_id = ? AND status = ?")) {
      ps.setString(1, merchantId);
      ps.setString(2, ACTIVE);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getInt(1) : 0;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot count the products of merchant " + merchantId, e);
    }
  }

  @Override
  public Optional<Instant> syncedAt(String merchantId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT catalog_synced_at FROM merchants WHERE id = ?")) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        Timestamp t = rs.getTimestamp(1);
        return t == null ? Optional.empty() : Optional.of(t.toInstant());
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read when merchant " + merchantId + " was synced", e);
    }
  }

  private void store(
      String merchantId,
      List<ProductSnapshot> products,
      String market,
      Instant now,
      boolean complete) {
    Objects.requireNonNull(merchantId, "merchantId");
    Objects.requireNonNull(products, "products");
    Objects.requireNonNull(now, "now");
    String offerMarket = Objects.requireNonNull(market, "market").strip().toUpperCase(Locale.ROOT);
    if (offerMarket.isEmpty() || offerMarket.length() > MARKET_MAX) {
      throw new IllegalArgumentException("not a market code: " + market);
    }
    long start = System.nanoTime();
    Stats stats;
    try (Connection c = dataSource().getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      try {
        stats = write(c, merchantId, unique(merchantId, products), offerMarket, now, complete);
        c.commit();
      } catch (SQLException | RuntimeException e) {
        try {
          c.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      } finally {
        try {
          c.setAutoCommit(autoCommit);
        } catch (SQLException e) {
          LOG.log(Level.FINE, "Cannot restore autocommit", e);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot store the catalog of merchant " + merchantId, e);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    LOG.info(
        () ->
            String.format(
                "Catalog of merchant %s stored: %d products (%d new), %d variants, %d archived"
                    + " in %d ms",
                merchantId,
                stats.products(),
                stats.inserted(),
                stats.variants(),
                stats.archived(),
                millis));
  }

  private record Stats(int products, int inserted, int variants, int archived) {}

  private record Existing(String id, String status) {}

  private static Stats write(
      Connection c,
      String merchantId,
      List<ProductSnapshot> products,
      String market,
      Instant now,
      boolean complete)
      throws SQLException {
    Timestamp at = Timestamp.from(now);
    String source;
    // Locks the merchant: a second sync of the same merchant (another node) waits for this one.
    try (PreparedStatement ps =
        c.prepareStatement("SELECT catalog_source FROM merchants WHERE id = ? FOR UPDATE")) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalArgumentException("No merchant " + merchantId);
        }
        source = rs.getString(1);
      }
    }
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
            old != null ? old.id() : productId(source, merchantId, p.platformProductId());
        String category = category(p.productType(), p.tags());
        String[] text = {
          clip(p.handle(), HANDLE_MAX),
          clip(p.title(), TITLE_MAX),
          clip(p.description(), DESCRIPTION_MAX),
          clip(p.vendor(), VENDOR_MAX),
          clip(p.productType(), PRODUCT_TYPE_MAX),
          category,
          surface(category),
          tags(p.tags()),
          clip(p.imageUrl(), URL_MAX)
        };
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
        Set<String> seenVariants = new HashSet<>();
        for (VariantSnapshot v : p.variants()) {
          if (v.platformVariantId().length() > PLATFORM_ID_MAX
              || !seenVariants.add(v.platformVariantId())) {
            continue;
          }
          String variantId = variantId(productId, v.platformVariantId());
          insertVariant.setString(1, variantId);
          insertVariant.setString(2, productId);
          insertVariant.setString(3, v.platformVariantId());
          insertVariant.setString(4, clip(v.title() == null ? "" : v.title(), VARIANT_TITLE_MAX));
          insertVariant.setString(5, clip(v.sku(), SKU_MAX));
          insertVariant.setString(6, optionsJson(v.options()));
          insertVariant.setString(7, clip(v.imageUrl(), URL_MAX));
          insertVariant.setInt(8, v.position());
          insertVariant.addBatch();

          insertOffer.setString(1, offerId(variantId, market));
          insertOffer.setString(2, variantId);
          insertOffer.setString(3, merchantId);
          insertOffer.setString(4, market);
          insertOffer.setString(5, v.currency());
          insertOffer.setLong(6, minorUnits(v.price(), v.currency()));
          if (v.compareAtPrice() == null) {
            insertOffer.setNull(7, Types.BIGINT);
          } else {
            insertOffer.setLong(7, minorUnits(v.compareAtPrice(), v.currency()));
          }
          insertOffer.setInt(8, inventory(v));
          insertOffer.setTimestamp(9, at);
          insertOffer.addBatch();
          variantCount++;
        }
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

    int archived = 0;
    if (complete) {
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
    }

    try (PreparedStatement ps =
        c.prepareStatement("UPDATE merchants SET catalog_synced_at = ? WHERE id = ?")) {
      ps.setTimestamp(1, at);
      ps.setString(2, merchantId);
      ps.executeUpdate();
    }
    return new Stats(products.size(), inserted, variantCount, archived);
  }

  /** Runs the batches in foreign-key order: products, old offers, old variants, new ones. */
  private static void flush(PreparedStatement... inOrder) throws SQLException {
    for (PreparedStatement ps : inOrder) {
      ps.executeBatch();
    }
  }

  /** Each platform product once (the first listing wins), without ids too long to store. */
  private static List<ProductSnapshot> unique(String merchantId, List<ProductSnapshot> products) {
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

  /** {@code prod_} and 16 hex digits of SHA-256 of {@code source:merchantId:platformProductId}. */
  public static String productId(String source, String merchantId, String platformProductId) {
    return CatalogIds.PRODUCT + "_" + hex16(source + ":" + merchantId + ":" + platformProductId);
  }

  /** {@code var_} and 16 hex digits of SHA-256 of {@code productId:platformVariantId}. */
  public static String variantId(String productId, String platformVariantId) {
    return CatalogIds.VARIANT + "_" + hex16(productId + ":" + platformVariantId);
  }

  /** {@code off_} and 16 hex digits of SHA-256 of {@code variantId:market}. */
  static String offerId(String variantId, String market) {
    return "off_" + hex16(variantId + ":" + market);
  }

  /**
   * The catalog category of a product from its platform type, else its tags: skincare, makeup,
   * hair, fragrance, body, sun, or {@code other}.
   */
  public static String category(String productType, List<String> tags) {
    String fromType = categoryOf(productType);
    if (fromType != null) {
      return fromType;
    }
    String fromTags = tags == null || tags.isEmpty() ? null : categoryOf(String.join(" ", tags));
    return fromTags != null ? fromTags : OTHER;
  }

  /** {@code general} for {@code other}, else {@code beauty}. */
  public static String surface(String category) {
    return OTHER.equals(category) ? "general" : "beauty";
  }

  private static String categoryOf(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    // Words as written, and hyphenated words joined: "make-up" gives make, up and makeup.
    String lower = text.toLowerCase(Locale.ROOT);
    Set<String> words = new HashSet<>();
    for (String source : List.of(lower, lower.replace("-", ""))) {
      for (String w : source.split("[^\\p{L}\\p{N}]+")) {
        if (!w.isEmpty()) {
          words.add(w);
        }
      }
    }
    for (Map.Entry<String, Set<String>> category : CATEGORY_WORDS) {
      for (String w : words) {
        if (category.getValue().contains(w)) {
          return category.getKey();
        }
      }
    }
    return null;
  }

  /** A major-unit amount in integer minor units of the currency's exponent, exactly. */
  public static long minorUnits(BigDecimal amount, String currency) {
    int exponent = Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
    return amount.movePointRight(exponent).longValueExact();
  }

  /** The stock to store: the platform's count when it tells (never below 0), else 1 or 0. */
  static int inventory(VariantSnapshot v) {
    if (v.inventoryQuantity() != null) {
      return Math.max(0, v.inventoryQuantity());
    }
    return v.available() ? 1 : 0;
  }

  /** The tags as stored: comma-separated, cut at a tag boundary to fit the column. */
  static String tags(List<String> tags) {
    if (tags == null || tags.isEmpty()) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (String tag : tags) {
      String t = tag.replace(',', ' ').strip();
      if (t.isEmpty()) {
        continue;
      }
      int extra = (out.length() == 0 ? 0 : 2) + t.length();
      if (out.length() + extra > TAGS_MAX) {
        break;
      }
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(t);
    }
    return out.length() == 0 ? null : out.toString();
  }

  /** The options as a JSON object in their order; null when none or too long to store. */
  static String optionsJson(Map<String, String> options) {
    if (options == null || options.isEmpty()) {
      return null;
    }
    JsonObjectBuilder json = Json.createObjectBuilder();
    options.forEach(json::add);
    String text = json.build().toString();
    return text.length() <= OPTIONS_MAX ? text : null;
  }

  /** Cut to at most {@code max} chars, never between the halves of a surrogate pair. */
  static String clip(String s, int max) {
    if (s == null || s.length() <= max) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
    return s.substring(0, end);
  }

  static String hex16(String key) {
    byte[] digest;
    try {
      digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    char[] out = new char[16];
    for (int i = 0; i < 8; i++) {
      out[2 * i] = HEX[(digest[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[digest[i] & 0xf];
    }
    return new String(out);
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
