package org.agentcommerce.catalog.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The writer against a real database built by the Flyway scripts of {@code database/migration}: H2
 * in MODE=LEGACY by default, or the database at {@code -Dac.catalog.test.jdbc-url} (with {@code
 * .user}/{@code .password}), such as an empty scratch MariaDB. Both drivers are on the test class
 * path; the test never skips.
 */
class JdbcProductWriterDatabaseTest {

  private static final String URL =
      System.getProperty(
          "ac.catalog.test.jdbc-url",
          "jdbc:h2:mem:writer-" + UUID.randomUUID() + ";MODE=LEGACY;DB_CLOSE_DELAY=-1");
  private static final String USER = System.getProperty("ac.catalog.test.jdbc-user", "sa");
  private static final String PASSWORD = System.getProperty("ac.catalog.test.jdbc-password", "");
  private static final Path MIGRATIONS = Path.of("../../database/migration/common");

  private static final Instant T1 = Instant.parse("2026-11-20T10:00:00.123456Z");
  private static final Instant T2 = Instant.parse("2026-11-20T10:20:00.654321Z");

  private static DataSource dataSource;
  private JdbcProductWriter writer;

  @BeforeAll
  static void schema() throws SQLException, IOException {
    try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD)) {
      for (String script :
          List.of("V3__merchants.sql", "V4__catalog.sql", "V5__catalog_sync.sql")) {
        run(c, Files.readString(MIGRATIONS.resolve(script)));
      }
    }
    dataSource = new DriverManagerDataSource();
  }

  private JdbcProductWriter writer() {
    if (writer == null) {
      writer = new JdbcProductWriter(dataSource);
    }
    return writer;
  }

  @Test
  void storesProductsVariantsAndOffersAndMarksTheSync() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    assertEquals(Optional.empty(), w.syncedAt(merchant));
    assertEquals(0, w.activeProductCount(merchant));

    w.replaceMerchantCatalog(merchant, List.of(serum(), sunscreen()), "US", T1);

    assertEquals(Optional.of(T1), w.syncedAt(merchant));
    assertEquals(2, w.activeProductCount(merchant));
    String serumId = JdbcProductWriter.productId("shopify", merchant, "7001");
    assertEquals(
        List.of(
            List.of(serumId, "skincare", "beauty", "active", "hydrating-serum", "hydrating, vegan"),
            List.of(
                JdbcProductWriter.productId("shopify", merchant, "7002"),
                "sun",
                "beauty",
                "active",
                "yuzu-sun-shield",
                "")),
        rows(
            "SELECT id, category, catalog_surface, status, handle, COALESCE(tags, '') FROM"
                + " products WHERE merchant_id = ? ORDER BY platform_product_id",
            merchant));
    assertEquals(
        List.of(
            List.of("41000000000001", "1", "", "2400", "-1", "5", "US", "USD"),
            List.of(
                "42000000000001", "1", "{\"Size\":\"50 ml\"}", "3000", "3500", "1", "US", "USD"),
            List.of(
                "42000000000002", "2", "{\"Size\":\"100 ml\"}", "4850", "-1", "0", "US", "USD")),
        rows(
            "SELECT v.platform_variant_id, v.position, COALESCE(v.options_json, ''),"
                + " o.price_minor, COALESCE(o.compare_at_minor, -1),"
                + " o.inventory_quantity, o.market, o.currency FROM variants v"
                + " JOIN products p ON p.id = v.product_id JOIN offers o ON o.variant_id = v.id"
                + " WHERE p.merchant_id = ? ORDER BY v.platform_variant_id",
            merchant));
    assertEquals(
        List.of(List.of(T1.toString(), T1.toString())),
        rows(
            "SELECT MIN(updated_at), MAX(updated_at) FROM products WHERE merchant_id = ?",
            merchant));
    assertEquals(
        JdbcProductWriter.variantId(serumId, "41000000000001"),
        rows("SELECT id FROM variants WHERE product_id = ?", serumId).get(0).get(0));
  }

  @Test
  void aNewListingReplacesVariantsAndArchivesWhatIsGone() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    w.replaceMerchantCatalog(merchant, List.of(serum(), sunscreen()), "US", T1);

    ProductSnapshot oneSize = withVariants(sunscreen(), List.of(sunscreen().variants().get(1)));
    w.replaceMerchantCatalog(merchant, List.of(oneSize), "US", T2);

    assertEquals(Optional.of(T2), w.syncedAt(merchant));
    assertEquals(1, w.activeProductCount(merchant));
    assertEquals(
        List.of(
            List.of("7001", "archived", T2.toString()), List.of("7002", "active", T2.toString())),
        rows(
            "SELECT platform_product_id, status, updated_at FROM products WHERE merchant_id = ?"
                + " ORDER BY platform_product_id",
            merchant));
    assertEquals(
        List.of(List.of("42000000000002", "4850")),
        rows(
            "SELECT v.platform_variant_id, o.price_minor FROM variants v JOIN products p ON p.id"
                + " = v.product_id JOIN offers o ON o.variant_id = v.id WHERE p.merchant_id = ?"
                + " AND p.platform_product_id = '7002'",
            merchant));

    // Listed again: active again, created_at kept.
    w.replaceMerchantCatalog(merchant, List.of(serum(), oneSize), "US", T2.plusSeconds(60));
    assertEquals(2, w.activeProductCount(merchant));
    assertEquals(
        List.of(List.of(T1.toString())),
        rows(
            "SELECT created_at FROM products WHERE merchant_id = ? AND platform_product_id ="
                + " '7001'",
            merchant));
  }

  @Test
  void aPartialListingArchivesNothing() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    w.replaceMerchantCatalog(merchant, List.of(serum(), sunscreen()), "US", T1);

    w.replaceMerchantCatalog(merchant, List.of(serum()), "US", T2, false);

    assertEquals(2, w.activeProductCount(merchant));
    assertEquals(Optional.of(T2), w.syncedAt(merchant));
  }

  @Test
  void anExistingRowKeepsItsIdAndOtherMerchantsAreUntouched() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    String other = merchant();
    w.replaceMerchantCatalog(other, List.of(serum()), "US", T1);
    sql(
        "INSERT INTO products (id, merchant_id, platform_product_id, handle, title, category,"
            + " catalog_surface, status, key_actives, created_at, updated_at) VALUES (?, ?, '7001',"
            + " 'old', 'Old', 'skincare', 'beauty', 'active', 'niacinamide', ?, ?)",
        "prod_legacy" + merchant.substring(6, 16),
        merchant,
        Timestamp.from(T1),
        Timestamp.from(T1));

    w.replaceMerchantCatalog(merchant, List.of(serum()), "US", T2);

    assertEquals(
        List.of(
            List.of("prod_legacy" + merchant.substring(6, 16), "hydrating-serum", "niacinamide")),
        rows("SELECT id, handle, key_actives FROM products WHERE merchant_id = ?", merchant));
    assertEquals(1, w.activeProductCount(other));
    assertEquals(Optional.of(T1), w.syncedAt(other));
  }

  @Test
  void aFailureStoresNothing() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    w.replaceMerchantCatalog(merchant, List.of(serum()), "US", T1);
    ProductSnapshot badPrice =
        withVariants(
            sunscreen(),
            List.of(
                new VariantSnapshot(
                    "42000000000009",
                    "Odd",
                    null,
                    new BigDecimal("24.005"),
                    null,
                    "USD",
                    true,
                    null,
                    Map.of(),
                    null,
                    1)));

    assertThrows(
        ArithmeticException.class,
        () -> w.replaceMerchantCatalog(merchant, List.of(badPrice), "US", T2));

    assertEquals(Optional.of(T1), w.syncedAt(merchant));
    assertEquals(
        List.of(List.of("7001", "active")),
        rows("SELECT platform_product_id, status FROM products WHERE merchant_id = ?", merchant));
    assertThrows(
        IllegalArgumentException.class,
        () -> w.replaceMerchantCatalog("merch_missing", List.of(serum()), "US", T2));
  }

  @Test
  void manyProductsAreWrittenInChunks() throws SQLException {
    JdbcProductWriter w = writer();
    String merchant = merchant();
    List<ProductSnapshot> many = new ArrayList<>();
    for (int i = 0; i < 450; i++) {
      ProductSnapshot s = serum();
      many.add(
          new ProductSnapshot(
              Integer.toString(100000 + i),
              "h-" + i,
              "Serum " + i,
              null,
              null,
              "Serum",
              List.of(),
              null,
              List.of(),
              List.of(
                  new VariantSnapshot(
                      Integer.toString(900000 + i),
                      "Default",
                      null,
                      new BigDecimal("1.00"),
                      null,
                      "USD",
                      true,
                      null,
                      Map.of(),
                      null,
                      1)),
              s.updatedAt()));
    }
    w.replaceMerchantCatalog(merchant, many, "US", T1);
    w.replaceMerchantCatalog(merchant, many.subList(0, 300), "US", T2);
    assertEquals(300, w.activeProductCount(merchant));
    assertEquals(
        List.of(List.of("450")),
        rows(
            "SELECT COUNT(*) FROM offers o JOIN variants v ON v.id = o.variant_id JOIN products p"
                + " ON p.id = v.product_id WHERE p.merchant_id = ?",
            merchant));
  }

  // ---------------------------------------------------------------------------------------------

  private static ProductSnapshot serum() {
    return new ProductSnapshot(
        "7001",
        "hydrating-serum",
        "Hydrating Camellia Serum",
        "A light serum.",
        "Lumen",
        "Serum",
        List.of("hydrating", "vegan"),
        "https://cdn.example/serum.jpg",
        List.of(),
        List.of(
            new VariantSnapshot(
                "41000000000001",
                "Default Title",
                "LUM-SER",
                new BigDecimal("24.00"),
                null,
                "USD",
                true,
                5,
                Map.of(),
                null,
                1)),
        null);
  }

  private static ProductSnapshot sunscreen() {
    Map<String, String> small = new LinkedHashMap<>();
    small.put("Size", "50 ml");
    return new ProductSnapshot(
        "7002",
        "yuzu-sun-shield",
        "Yuzu Sun Shield SPF 50",
        null,
        "Lumen",
        "Sunscreen",
        List.of(),
        null,
        List.of(),
        List.of(
            new VariantSnapshot(
                "42000000000001",
                "50 ml",
                null,
                new BigDecimal("30.00"),
                new BigDecimal("35.00"),
                "USD",
                true,
                null,
                small,
                null,
                1),
            new VariantSnapshot(
                "42000000000002",
                "100 ml",
                null,
                new BigDecimal("48.50"),
                null,
                "USD",
                false,
                null,
                Map.of("Size", "100 ml"),
                null,
                2)),
        null);
  }

  private static ProductSnapshot withVariants(ProductSnapshot p, List<VariantSnapshot> variants) {
    return new ProductSnapshot(
        p.platformProductId(),
        p.handle(),
        p.title(),
        p.description(),
        p.vendor(),
        p.productType(),
        p.tags(),
        p.imageUrl(),
        p.images(),
        variants,
        p.updatedAt());
  }

  private static String merchant() throws SQLException {
    String id = "merch_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    sql(
        "INSERT INTO merchants (id, business_name, status, platform, region, psp_connected,"
            + " created_at, updated_at, catalog_source, catalog_base_url, default_currency)"
            + " VALUES (?, 'Test shop', 'active', 'shopify', 'US', FALSE, ?, ?, 'shopify',"
            + " 'https://shop.example', 'USD')",
        id,
        Timestamp.from(T1),
        Timestamp.from(T1));
    return id;
  }

  private static void sql(String statement, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(statement)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      ps.executeUpdate();
    }
  }

  /** Every row as text; timestamps as instants. */
  private static List<List<String>> rows(String query, Object... parameters) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(query)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      List<List<String>> rows = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= columns; i++) {
            Object value = rs.getObject(i);
            if (value instanceof Timestamp || value instanceof java.time.LocalDateTime) {
              value = rs.getTimestamp(i).toInstant();
            }
            row.add(value == null ? null : value.toString());
          }
          rows.add(row);
        }
      }
      return rows;
    }
  }

  private static void run(Connection c, String script) throws SQLException {
    StringBuilder body = new StringBuilder();
    for (String line : script.split("\n")) {
      if (!line.strip().startsWith("--")) {
        body.append(line).append('\n');
      }
    }
    try (Statement s = c.createStatement()) {
      for (String statement : body.toString().split(";\\s*\n")) {
        if (!statement.isBlank()) {
          s.execute(statement.strip());
        }
      }
    }
  }

  /** Connections straight from the driver. */
  private static final class DriverManagerDataSource implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      return DriverManager.getConnection(URL, USER, PASSWORD);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return DriverManager.getConnection(URL, username, password);
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() {
      return Logger.getGlobal();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }
}
