package org.agentcommerce.database.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the generator in demo mode, loads the migrations, the demo merchants and the generated SQL
 * into an in-memory H2 (MODE=LEGACY, as the application runs it) and checks the data set.
 */
class CatalogGeneratorTest {

  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Path COMMITTED = MODULE.resolve("demo/V1001__demo_catalog.sql");

  @TempDir static Path tmp;

  private static Path generated;
  private static Connection db;

  @BeforeAll
  static void generateAndLoad() throws Exception {
    generated = tmp.resolve("V1001__demo_catalog.sql");
    assertEquals(0, CatalogGenerator.run(new String[] {"--demo", "--out", generated.toString()}));
    db = h2("demo");
    loadSchemaAndMerchants(db);
    runScript(db, generated);
  }

  @AfterAll
  static void close() throws SQLException {
    if (db != null) {
      db.close();
    }
  }

  // ---- The file ----------------------------------------------------------------------------

  @Test
  void twoRunsGiveTheSameBytes() throws Exception {
    Path again = tmp.resolve("again.sql");
    CatalogGenerator.run(new String[] {"--demo", "--out", again.toString()});
    assertArrayEquals(Files.readAllBytes(generated), Files.readAllBytes(again));
  }

  @Test
  void committedFileIsUpToDate() throws Exception {
    assertTrue(Files.exists(COMMITTED), "missing " + COMMITTED);
    assertArrayEquals(
        Files.readAllBytes(generated),
        Files.readAllBytes(COMMITTED),
        "demo/V1001__demo_catalog.sql is stale: regenerate it with CatalogGenerator --demo");
  }

  @Test
  void fileIsPortableSqlUnderThreeMegabytes() throws Exception {
    assertTrue(Files.size(generated) < 3_000_000, "size " + Files.size(generated));
    String sql = Files.readString(generated, StandardCharsets.UTF_8);
    assertFalse(sql.contains("\\"), "backslashes are escapes in MariaDB");
    assertFalse(sql.contains("${"), "Flyway would read ${ as a placeholder");
    int rows = 0;
    boolean inInsert = false;
    for (String line : sql.split("\n")) {
      if (line.startsWith("INSERT INTO ")) {
        inInsert = true;
        rows = 0;
      } else if (inInsert) {
        rows++;
        if (line.endsWith(");")) {
          inInsert = false;
          assertTrue(rows <= 200, "an INSERT with " + rows + " rows");
        }
      }
    }
  }

  // ---- Merchants -----------------------------------------------------------------------------

  @Test
  void merchantsAreLocalWithTheirCurrencies() throws Exception {
    Map<String, String> currency = map("SELECT id, default_currency FROM merchants");
    for (Merchant m : Merchant.ALL) {
      assertEquals(m.currency(), currency.get(m.id()), m.id());
    }
    assertEquals("USD", currency.get(Merchant.LUMEN.id()));
    assertEquals("EUR", currency.get(Merchant.NORDLYS.id()));
    assertEquals("JPY", currency.get(Merchant.SAKURA.id()));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM merchants WHERE catalog_source <> 'local'"
                + " OR catalog_base_url IS NULL OR catalog_base_url <> store_url"));
  }

  @Test
  void capabilities() throws Exception {
    for (Merchant m : Merchant.ACTIVE) {
      String where = " FROM merchant_capabilities WHERE merchant_id = '" + m.id() + "'";
      assertTrue(count("SELECT COUNT(*)" + where + " AND kind = 'market'") > 0, m.id());
      long psp = count("SELECT COUNT(*)" + where + " AND kind = 'psp'");
      assertEquals(m == Merchant.NORDLYS ? 0 : 1, psp, m.id());
    }
    for (String kind :
        List.of(
            "payment_method_type", "card_network", "issuer", "wallet", "installment_provider")) {
      assertTrue(
          count("SELECT COUNT(*) FROM merchant_capabilities WHERE kind = '" + kind + "'") > 0);
    }
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM merchant_capabilities WHERE kind = 'payment_method_type'"
                + " AND code = 'konbini'"));
  }

  // ---- Products ------------------------------------------------------------------------------

  @Test
  void beautyCatalogCoversAllCategoriesAndActiveMerchants() throws Exception {
    String active =
        " FROM products p JOIN merchants m ON m.id = p.merchant_id WHERE m.status = 'active'";
    long beauty = count("SELECT COUNT(*)" + active + " AND p.catalog_surface = 'beauty'");
    assertTrue(beauty >= 420, "beauty products: " + beauty);
    for (String category : List.of("skincare", "makeup", "hair", "fragrance", "body", "sun")) {
      long n =
          count(
              "SELECT COUNT(*)"
                  + active
                  + " AND p.category = '"
                  + category
                  + "'"
                  + " AND p.catalog_surface = 'beauty'");
      assertTrue(n >= 15, category + ": " + n);
    }
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE category NOT IN ('skincare', 'makeup', 'hair',"
                + " 'fragrance', 'body', 'sun', 'other')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE (category = 'other') <> (catalog_surface = 'general')"));
    for (Merchant m : Merchant.ACTIVE) {
      assertTrue(
          count("SELECT COUNT(*) FROM products WHERE merchant_id = '" + m.id() + "'") >= 40,
          m.id());
    }
    long other = count("SELECT COUNT(*) FROM products WHERE category = 'other'");
    assertTrue(other >= 8 && other <= 12, "off-vertical: " + other);
    assertTrue(
        count("SELECT COUNT(DISTINCT merchant_id) FROM products WHERE category = 'other'") <= 2);
    long brands =
        count("SELECT COUNT(DISTINCT vendor) FROM products WHERE catalog_surface = 'beauty'");
    assertTrue(brands >= 25 && brands <= 40, "brands: " + brands);
    long drafts = count("SELECT COUNT(*) FROM products WHERE status = 'draft'");
    assertTrue(drafts > 0 && drafts < 20, "drafts: " + drafts);
  }

  @Test
  void productIdsHandlesAndPlatformIds() throws Exception {
    assertEquals(
        0, count("SELECT COUNT(*) FROM products WHERE NOT REGEXP_LIKE(id, '^prod_[0-9a-f]{16}$')"));
    assertEquals(
        0, count("SELECT COUNT(*) FROM variants WHERE NOT REGEXP_LIKE(id, '^var_[0-9a-f]{16}$')"));
    assertEquals(
        0, count("SELECT COUNT(*) FROM offers WHERE NOT REGEXP_LIKE(id, '^off_[0-9a-f]{16}$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE NOT REGEXP_LIKE(handle, '^[a-z0-9]+(-[a-z0-9]+)*$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT merchant_id, handle FROM products"
                + " GROUP BY merchant_id, handle HAVING COUNT(*) > 1) d"));
    String shopify = "(SELECT id FROM merchants WHERE platform = 'shopify')";
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE merchant_id IN "
                + shopify
                + " AND NOT REGEXP_LIKE(platform_product_id, '^[1-9][0-9]{12}$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM variants v JOIN products p ON p.id = v.product_id"
                + " WHERE p.merchant_id IN "
                + shopify
                + " AND NOT REGEXP_LIKE(v.platform_variant_id, '^[1-9][0-9]{13}$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE image_url <> CONCAT('https://cdn.',"
                + " SUBSTRING((SELECT store_url FROM merchants m WHERE m.id = merchant_id), 9),"
                + " '/images/', handle, '.jpg')"));
    // A title is only repeated by the members of one product group.
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT vendor, title FROM products p WHERE NOT EXISTS (SELECT 1"
                + " FROM product_group_members g WHERE g.product_id = p.id)"
                + " GROUP BY vendor, title HAVING COUNT(*) > 1) d"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE created_at < TIMESTAMP '2026-01-01 00:00:00'"
                + " OR updated_at >= TIMESTAMP '2027-01-01 00:00:00' OR updated_at < created_at"));
  }

  @Test
  void ingredientsBackTheTagsAndActives() throws Exception {
    // Fragrance-free means no parfum and no essential oils or their allergens.
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products WHERE tags LIKE '%fragrance-free%' AND (ingredients LIKE"
                + " '%Parfum%' OR ingredients LIKE '%Linalool%' OR ingredients LIKE '%Limonene%')"));
    assertTrue(count("SELECT COUNT(*) FROM products WHERE tags LIKE '%fragrance-free%'") > 100);
    assertTrue(
        count("SELECT COUNT(*) FROM products WHERE ingredients LIKE '%Parfum (Fragrance)%'") > 60);
    assertTrue(
        count("SELECT COUNT(*) FROM products WHERE ingredients LIKE '%Alcohol Denat.%'") > 20);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE tags LIKE '%essential-oils%'") > 10);
    Map<String, String> inci =
        Map.of(
            "niacinamide", "Niacinamide",
            "retinol", "Retinol",
            "salicylic acid", "Salicylic Acid",
            "hyaluronic acid", "Hyaluronic Acid",
            "vitamin c", "Ascorbic Acid",
            "zinc oxide", "Zinc Oxide",
            "ceramides", "Ceramide",
            "bakuchiol", "Bakuchiol",
            "azelaic acid", "Azelaic Acid",
            "avobenzone", "Avobenzone");
    for (Map.Entry<String, String> e : inci.entrySet()) {
      String active = e.getKey().replace("'", "''");
      assertTrue(
          count("SELECT COUNT(*) FROM products WHERE key_actives LIKE '%" + active + "%'") > 0,
          active);
      assertEquals(
          0,
          count(
              "SELECT COUNT(*) FROM products WHERE ',' || key_actives || ',' LIKE '%,"
                  + active
                  + ",%' AND ingredients NOT LIKE '%"
                  + e.getValue()
                  + "%'"),
          active);
    }
    assertTrue(count("SELECT COUNT(*) FROM products WHERE description LIKE '%moisturiser%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE description LIKE '%moisturizer%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE LOWER(description) LIKE '%colour%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE description LIKE '%sun cream%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE description LIKE '%sunscreen%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE title LIKE '%SPF 30%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE title LIKE '%SPF 50%'") > 0);
    assertTrue(count("SELECT COUNT(*) FROM products WHERE title LIKE '%Shampoo%'") > 0);
  }

  // ---- Variants and offers -------------------------------------------------------------------

  @Test
  void variants() throws Exception {
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT product_id, COUNT(*) n, MIN(position) lo, MAX(position) hi"
                + " FROM variants GROUP BY product_id) v WHERE n < 1 OR n > 4 OR lo <> 1 OR hi <> n"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM variants v WHERE (title = 'Default Title') <> ((SELECT COUNT(*)"
                + " FROM variants w WHERE w.product_id = v.product_id) = 1)"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT sku FROM variants GROUP BY sku HAVING COUNT(*) > 1) d"));
    assertEquals(
        0, count("SELECT COUNT(*) FROM variants WHERE options_json NOT LIKE '{\"%\":\"%\"}'"));
    assertTrue(count("SELECT COUNT(*) FROM variants WHERE title LIKE 'Shade %'") > 0);
  }

  @Test
  void offersInHomeMarketsAndCurrencies() throws Exception {
    assertTrue(count("SELECT COUNT(DISTINCT currency) FROM offers") >= 3);
    // Exactly one home-market offer per variant, in the merchant's currency.
    for (Merchant m : Merchant.ALL) {
      assertEquals(
          0,
          count(
              "SELECT COUNT(*) FROM variants v JOIN products p ON p.id = v.product_id"
                  + " WHERE p.merchant_id = '"
                  + m.id()
                  + "' AND (SELECT COUNT(*) FROM offers o"
                  + " WHERE o.variant_id = v.id AND o.market = '"
                  + m.market()
                  + "' AND o.currency = '"
                  + m.currency()
                  + "' AND o.merchant_id = p.merchant_id) <> 1"),
          m.id());
    }
    assertPrices("USD", 800, 18_000);
    assertPrices("EUR", 700, 16_000);
    assertPrices("JPY", 880, 22_000);
    long cad = count("SELECT COUNT(*) FROM offers WHERE market = 'CA' AND currency = 'CAD'");
    assertTrue(cad >= 35 && cad <= 45, "CAD offers: " + cad);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM offers o JOIN merchants m ON m.id = o.merchant_id"
                + " WHERE o.market = 'CA' AND m.region <> 'US'"));
    double out =
        ratio(
            "SELECT SUM(CASE WHEN inventory_quantity = 0 THEN 1 ELSE 0 END), COUNT(*) FROM offers");
    assertTrue(out > 0.05 && out < 0.11, "out of stock: " + out);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM offers WHERE inventory_quantity <> 0"
                + " AND (inventory_quantity < 3 OR inventory_quantity > 400)"));
    long sales = count("SELECT COUNT(*) FROM offers WHERE compare_at_minor IS NOT NULL");
    assertTrue(sales > 30, "offers on sale: " + sales);
    assertEquals(0, count("SELECT COUNT(*) FROM offers WHERE compare_at_minor <= price_minor"));
  }

  private static void assertPrices(String currency, long min, long max) throws SQLException {
    String where = " FROM offers WHERE currency = '" + currency + "'";
    assertTrue(count("SELECT COUNT(*)" + where) > 50, currency);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*)"
                + where
                + " AND (price_minor < "
                + min
                + " OR price_minor > "
                + max
                + ")"),
        currency);
  }

  // ---- Groups --------------------------------------------------------------------------------

  @Test
  void productGroupsAreMultiSeller() throws Exception {
    assertTrue(count("SELECT COUNT(*) FROM product_groups") >= 25);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_groups WHERE NOT REGEXP_LIKE(id, '^grp_[0-9a-f]{16}$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_groups g WHERE (SELECT COUNT(DISTINCT p.merchant_id)"
                + " FROM product_group_members m JOIN products p ON p.id = m.product_id"
                + " WHERE m.group_id = g.id) NOT BETWEEN 2 AND 3"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_group_members m JOIN product_groups g ON g.id = m.group_id"
                + " JOIN products p ON p.id = m.product_id WHERE p.title <> g.title OR p.vendor <> g.brand"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_groups g WHERE NOT EXISTS (SELECT 1 FROM"
                + " product_group_members m WHERE m.group_id = g.id AND m.product_id = g.canonical_product_id)"));
    // Some groups span currencies (the same product in the US, the EU and Japan).
    assertTrue(
        count(
                "SELECT COUNT(*) FROM product_groups g WHERE (SELECT COUNT(DISTINCT o.currency)"
                    + " FROM product_group_members m JOIN variants v ON v.product_id = m.product_id"
                    + " JOIN offers o ON o.variant_id = v.id WHERE m.group_id = g.id) >= 2")
            >= 10);
  }

  // ---- Evidence ------------------------------------------------------------------------------

  @Test
  void citations() throws Exception {
    assertTrue(count("SELECT COUNT(*) FROM citations") >= 220);
    assertEquals(
        0, count("SELECT COUNT(*) FROM citations WHERE NOT REGEXP_LIKE(id, '^cit_[0-9a-f]{16}$')"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM citations WHERE kind NOT IN ('study', 'review', 'guide',"
                + " 'regulatory', 'brand')"));
    for (String kind : List.of("study", "review", "guide", "regulatory", "brand")) {
      assertTrue(count("SELECT COUNT(*) FROM citations WHERE kind = '" + kind + "'") >= 10, kind);
    }
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM citations WHERE NOT REGEXP_LIKE(url, '^https://[a-z0-9.-]+\\.example/')"
                + " OR (publisher NOT LIKE '%(fictional)' AND publisher NOT LIKE '%(brand content)')"
                + " OR topics IS NULL OR published_on IS NULL"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT url FROM citations GROUP BY url HAVING COUNT(*) > 1) d"));
  }

  @Test
  void intelAndClaimsCiteMatchingEvidence() throws Exception {
    assertTrue(count("SELECT COUNT(*) FROM product_intel") >= 110);
    double reviewed =
        ratio("SELECT SUM(CASE WHEN reviewed THEN 1 ELSE 0 END), COUNT(*) FROM product_intel");
    assertTrue(reviewed > 0.75 && reviewed < 1.0, "reviewed: " + reviewed);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM (SELECT product_id, COUNT(*) n, MIN(position) lo, MAX(position) hi"
                + " FROM intel_claims GROUP BY product_id) c WHERE n < 2 OR n > 4 OR lo <> 1 OR hi <> n"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_intel i WHERE NOT EXISTS (SELECT 1 FROM intel_claims c WHERE c.product_id = i.product_id)"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM intel_claims c WHERE NOT EXISTS (SELECT 1 FROM citations t WHERE t.id = c.citation_id)"));
    assertEquals(
        0,
        count("SELECT COUNT(*) FROM intel_claims WHERE NOT REGEXP_LIKE(id, '^clm_[0-9a-f]{16}$')"));
    assertEquals(
        0, count("SELECT COUNT(*) FROM product_intel WHERE best_for IS NULL OR why IS NULL"));
    // Each claim names something its citation is about.
    try (Statement s = db.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT c.claim, t.topics FROM intel_claims c JOIN citations t ON t.id = c.citation_id")) {
      while (rs.next()) {
        assertTrue(
            meets(rs.getString(1), rs.getString(2)),
            "claim and citation topics do not meet: " + rs.getString(1) + " / " + rs.getString(2));
      }
    }
  }

  @Test
  void everyFactsClaimNamesOneOfItsTopics() {
    List<String> misses = new ArrayList<>();
    for (Evidence.Topic topic : Evidence.TOPICS) {
      for (Evidence.Fact fact : topic.facts()) {
        if (!meets(fact.claim(), topic.topics())) {
          misses.add(topic.key() + ": " + fact.claim());
        }
      }
    }
    assertEquals(List.of(), misses);
  }

  /** Whether the claim mentions one of the topics (by its first six letters). */
  private static boolean meets(String claim, String topics) {
    String text = claim.toLowerCase(Locale.ROOT);
    for (String topic : topics.split(",")) {
      String stem = topic.length() > 6 ? topic.substring(0, 6) : topic;
      if (text.contains(stem)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aliases() throws Exception {
    long aliased = count("SELECT COUNT(DISTINCT product_id) FROM product_aliases");
    assertTrue(aliased >= 50 && aliased <= 70, "aliased products: " + aliased);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM product_aliases a JOIN products p ON p.id = a.product_id"
                + " JOIN merchants m ON m.id = p.merchant_id WHERE a.alias <> CONCAT(m.id, ':', p.handle)"
                + " AND a.alias <> CONCAT(m.store_url, '/products/', p.handle)"));
  }

  @Test
  void everyIdIsUnique() throws Exception {
    Set<String> ids = new HashSet<>();
    long total = 0;
    for (String q :
        List.of(
            "SELECT id FROM products",
            "SELECT id FROM variants",
            "SELECT id FROM offers",
            "SELECT id FROM product_groups",
            "SELECT id FROM citations",
            "SELECT id FROM intel_claims")) {
      try (Statement s = db.createStatement();
          ResultSet rs = s.executeQuery(q)) {
        while (rs.next()) {
          ids.add(rs.getString(1));
          total++;
        }
      }
    }
    assertEquals(total, ids.size());
  }

  // ---- Benchmark loader ----------------------------------------------------------------------

  @Test
  void benchmarkLoadsNextToTheDemoCatalog() throws Exception {
    try (Connection c = h2("bench")) {
      loadSchemaAndMerchants(c);
      runScript(c, generated);
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      try (JdbcSink sink = new JdbcSink(c, CatalogGenerator.JDBC_BATCH)) {
        BenchmarkCatalog.load(sink, 1, 2_000, new PrintStream(log, true, StandardCharsets.UTF_8));
      }
      String out = log.toString(StandardCharsets.UTF_8);
      assertTrue(out.contains("100%"), out);
      assertTrue(out.contains("rows/s"), out);
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM products")) {
        rs.next();
        assertEquals(count("SELECT COUNT(*) FROM products") + 2_000, rs.getLong(1));
      }
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(DISTINCT merchant_id), COUNT(DISTINCT category) FROM products"
                      + " p WHERE EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id"
                      + " AND REGEXP_LIKE(v.sku, '-B[0-9]+-'))")) {
        rs.next();
        assertEquals(6, rs.getInt(1));
        assertEquals(7, rs.getInt(2));
      }
    }
  }

  // ---- Helpers -------------------------------------------------------------------------------

  private static Connection h2(String name) throws SQLException {
    return DriverManager.getConnection("jdbc:h2:mem:" + name + ";MODE=LEGACY;DB_CLOSE_DELAY=-1");
  }

  private static void loadSchemaAndMerchants(Connection c) throws Exception {
    Pattern version = Pattern.compile("^V(\\d+)__.*\\.sql$");
    List<Path> migrations = new ArrayList<>();
    try (Stream<Path> files = Files.list(MODULE.resolve("migration/common"))) {
      files
          .filter(p -> version.matcher(p.getFileName().toString()).matches())
          .forEach(migrations::add);
    }
    migrations.sort(
        Comparator.comparingInt(
            p -> {
              Matcher m = version.matcher(p.getFileName().toString());
              m.matches();
              return Integer.parseInt(m.group(1));
            }));
    for (Path p : migrations) {
      runScript(c, p);
    }
    runScript(c, MODULE.resolve("demo/V1000__demo_merchants.sql"));
  }

  private static void runScript(Connection c, Path file) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "RUNSCRIPT FROM '"
              + file.toAbsolutePath().toString().replace("'", "''")
              + "' CHARSET 'UTF-8'");
    }
  }

  private static long count(String sql) throws SQLException {
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static double ratio(String sql) throws SQLException {
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1) / rs.getDouble(2);
    }
  }

  private static Map<String, String> map(String sql) throws SQLException {
    Map<String, String> out = new HashMap<>();
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }
}
