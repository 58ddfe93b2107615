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
import java.time.Instant;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 * This class holds the transaction, the reads and how ids and values are stored; {@link
 * CatalogRows} the statements of a write, {@link ProductCategories} the categories.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.NOT_SUPPORTED)
public class JdbcProductWriter implements ProductWriter {

  private static final Logger LOG = Logger.getLogger(JdbcProductWriter.class.getName());

  static final String ACTIVE = "active";
  static final String ARCHIVED = "archived";

  // Column widths of V4__catalog.sql: longer texts are cut to fit rather than fail the sync.
  private static final int TAGS_MAX = 1000;
  private static final int OPTIONS_MAX = 1000;
  private static final int MARKET_MAX = 8;

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
    CatalogRows.Stats stats;
    try (Connection c = dataSource().getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      try {
        stats =
            CatalogRows.write(
                c,
                merchantId,
                CatalogRows.unique(merchantId, products),
                offerMarket,
                now,
                complete);
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
   * hair, fragrance, body, sun, or {@code other} ({@link ProductCategories}).
   */
  public static String category(String productType, List<String> tags) {
    return ProductCategories.category(productType, tags);
  }

  /** {@code general} for {@code other}, else {@code beauty}. */
  public static String surface(String category) {
    return ProductCategories.surface(category);
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
