package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 41: a real node restarted over the search index it kept ({@code ac.search.index-directory},
 * docs/catalog.md "The index across restarts"), as a client sees it. One sequence of five node
 * starts on one index directory, each node stopped before the next starts:
 *
 * <ol>
 *   <li>a node on another database builds its index there (and indexes a change of its own);
 *   <li>a node on this class's database refuses that foreign index and builds from its database;
 *   <li>restarted, it starts from the stored index and answers exactly as the node that built it;
 *   <li>restarted after products were added (two of them dated before the index was built, which no
 *       refresh from its watermark sees), changed, deactivated and deleted while it was down, it
 *       starts from the stored index and answers with those changes;
 *   <li>restarted over a segment file with a flipped byte, it refuses the index, rebuilds, and
 *       answers as the node before it.
 * </ol>
 *
 * <p>Where the index came from is what {@code /health/ready} says ({@code catalog-index} check,
 * {@code started_from}); why a stored index was refused, the node's log. The Arquillian node is not
 * used: each database is this class's own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CatalogRestartIT {

  private static final String DATABASE = "catalog_restart_" + ProcessHandle.current().pid();
  private static final String FOREIGN = "catalog_foreign_" + ProcessHandle.current().pid();

  private static final String SEARCH = "/agent/v1/products/search?limit=250&query=";
  private static final String SERUM = SEARCH + "serum";

  /** Searches whose answers are compared whole (every page). */
  private static final List<String> SEARCHES =
      List.of(
          SERUM,
          SEARCH + "moisturiser+for+dry+skin",
          SEARCH + "vitamin+c+serum&category=skincare",
          SEARCH + "sunscreen+spf+50",
          SEARCH + "eau+de+parfum",
          SEARCH + "red+lipstik",
          SEARCH + "cream&merchant_id=merch_7c1e4a9d2b5f3e80",
          SEARCH + "cleanser&max_price=20&market=US",
          SEARCH + "quokkaberry",
          SEARCH + "wombatine",
          SEARCH + "numbatine",
          SEARCH + "foreignberry",
          "/agent/v1/beauty/products/search?limit=100&query=serum");

  private static final String ADDED = "prod_restart0000added";

  /** Added while down as an import that keeps its own times would: dated years back. */
  private static final List<String> IMPORTED =
      List.of("prod_restart00import1", "prod_restart00import2");

  private static Path indexParent;
  private static java.io.File war;
  private static SecondNode running;
  private static String apiKey;

  /** What the node that built the index from this class's database answered. */
  private static Map<String, Seen> built;

  /** What the node restarted after the changes answered. */
  private static Map<String, Seen> afterChanges;

  @BeforeAll
  static void databasesAndIndexDirectory() throws Exception {
    for (String db : List.of(DATABASE, FOREIGN)) {
      Agents.sql("DROP DATABASE IF EXISTS " + db);
      Agents.sql("CREATE DATABASE " + db);
    }
    indexParent = Files.createTempDirectory("catalog-restart-");
    war = Deployments.builtWar();
  }

  /** Whatever a test asserted, its node is gone before the next starts over the same directory. */
  @AfterEach
  void stopTheNode() {
    stop();
  }

  @AfterAll
  static void cleanUp() throws Exception {
    stop();
    for (String db : List.of(DATABASE, FOREIGN)) {
      Agents.sql("DROP DATABASE IF EXISTS " + db);
    }
    if (indexParent != null) {
      try (Stream<Path> files = Files.walk(indexParent)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  @Order(1)
  void anIndexBuiltFromAnotherDatabaseIsRefusedAndTheNodeBuildsFromItsOwn() throws Exception {
    Http other = start(FOREIGN, false);
    assertEquals("database", indexCheck(other).getString("started_from"));
    String otherKey = Agents.register(other).apiKey();
    Map<String, Seen> foreignAnswers = answers(other, otherKey);
    // The foreign index also holds a title this class's database never had: a node that served
    // that index would find it.
    String renamed = foreignAnswers.get(SERUM).ids().get(0);
    sql(
        FOREIGN,
        "UPDATE products SET title = CONCAT('Foreignberry ', title),"
            + " updated_at = CURRENT_TIMESTAMP(6) WHERE id = ?",
        renamed);
    awaitTotal(other, otherKey, SEARCH + "foreignberry", 1);
    stop();

    Http node = start(DATABASE, false);
    JsonObject check = indexCheck(node);
    assertEquals("database", check.getString("started_from"), check::toString);
    assertEquals(productCount(DATABASE), products(check));
    assertTrue(
        running
            .log()
            .contains(
                "Catalog index: building from the database: the stored index was built from"
                    + " another database"),
        "the node says why it built");
    apiKey = Agents.register(node).apiKey();
    built = answers(node, apiKey);
    assertEquals(0, built.get(SEARCH + "foreignberry").total(), "nothing of the foreign index");
    // The same demo catalog, built fresh on both databases: the same answers, scores and all.
    assertEquals(exact(foreignAnswers), exact(built));
  }

  @Test
  @Order(2)
  void aRestartedNodeStartsFromItsStoredIndexAndAnswersExactlyAsTheNodeThatBuiltIt()
      throws Exception {
    assertNotNull(built, "needs the node that built the index");
    Http node = start(DATABASE, false);
    JsonObject check = indexCheck(node);
    assertEquals("stored index", check.getString("started_from"), check::toString);
    assertEquals(productCount(DATABASE), products(check));
    assertEquals(List.of(0, 0), reused(running.log()), "nothing changed while it was down");
    assertEquals(exact(built), exact(answers(node, apiKey)));
  }

  @Test
  @Order(3)
  void productsChangedWhileTheNodeWasDownAreWhatTheRestartedNodeServes() throws Exception {
    assertNotNull(built, "needs the node that built the index");
    List<String> serums = built.get(SERUM).ids();
    String template = serums.get(0);
    String updated = serums.get(1);
    String deactivated = serums.get(2);
    String deleted =
        serums.stream()
            .skip(3)
            .filter(CatalogRestartIT::unreferenced)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no serum to delete outright"));
    JsonObject before = built.get(SERUM).product(updated);

    // While no node runs: one product added, one retitled and its price doubled, one
    // deactivated, one deleted outright.
    copyProduct(template, ADDED, "Quokkaberry Overnight Serum");
    sql(
        DATABASE,
        "UPDATE offers SET price_minor = 2 * price_minor, updated_at = CURRENT_TIMESTAMP(6)"
            + " WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)",
        updated);
    sql(
        DATABASE,
        "UPDATE products SET title = CONCAT('Wombatine ', title),"
            + " updated_at = CURRENT_TIMESTAMP(6) WHERE id = ?",
        updated);
    sql(
        DATABASE,
        "UPDATE products SET status = 'draft', updated_at = CURRENT_TIMESTAMP(6) WHERE id = ?",
        deactivated);
    sql(
        DATABASE,
        "DELETE FROM offers WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)",
        deleted);
    sql(DATABASE, "DELETE FROM variants WHERE product_id = ?", deleted);
    sql(DATABASE, "DELETE FROM products WHERE id = ?", deleted);
    for (String imported : IMPORTED) {
      copyProduct(template, imported, "Numbatine Imported Serum");
      sql(
          DATABASE,
          "UPDATE products SET created_at = '2020-01-01', updated_at = '2020-01-01' WHERE id = ?",
          imported);
      sql(
          DATABASE,
          "UPDATE offers SET updated_at = '2020-01-01'"
              + " WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)",
          imported);
    }

    Http node = start(DATABASE, true);
    JsonObject check = indexCheck(node);
    assertEquals("stored index", check.getString("started_from"), check::toString);
    afterChanges = answers(node, apiKey);

    Seen added = afterChanges.get(SEARCH + "quokkaberry");
    assertEquals(List.of(ADDED), added.ids());
    assertEquals("Quokkaberry Overnight Serum", added.product(ADDED).getString("title"));
    assertEquals(IMPORTED, afterChanges.get(SEARCH + "numbatine").ids(), "the old-dated imports");
    Seen retitled = afterChanges.get(SEARCH + "wombatine");
    assertEquals(List.of(updated), retitled.ids());
    assertEquals(
        "Wombatine " + before.getString("title"), retitled.product(updated).getString("title"));
    java.math.BigDecimal doubled =
        before.getJsonNumber("price").bigDecimalValue().multiply(java.math.BigDecimal.valueOf(2));
    java.math.BigDecimal price = retitled.product(updated).getJsonNumber("price").bigDecimalValue();
    assertEquals(0, doubled.compareTo(price), () -> "the doubled price " + doubled + ": " + price);
    Seen serum = afterChanges.get(SERUM);
    assertEquals(built.get(SERUM).total() + 3 - 2, serum.total(), "three serums more, two fewer");
    assertTrue(serum.ids().containsAll(List.of(ADDED, updated)), serum::toString);
    for (Map.Entry<String, Seen> answer : afterChanges.entrySet()) {
      assertFalse(answer.getValue().ids().contains(deactivated), answer.getKey());
      assertFalse(answer.getValue().ids().contains(deleted), answer.getKey());
    }
    assertEquals(productCount(DATABASE), products(check));
    assertEquals(
        List.of(5, 1), reused(running.log()), "re-indexed 3 changed and 2 imported, removed 1");
  }

  @Test
  @Order(4)
  void aCorruptStoredIndexIsRefusedAndTheNodeRebuildsAndAnswersAsBefore() throws Exception {
    assertNotNull(afterChanges, "needs the node restarted after the changes");
    flipAByteInTheLargestFile(indexParent.resolve("ac-catalog-store"));

    Http node = start(DATABASE, false);
    JsonObject check = indexCheck(node);
    assertEquals("database", check.getString("started_from"), check::toString);
    assertEquals(productCount(DATABASE), products(check));
    String log = running.log();
    assertTrue(
        log.contains("Catalog index: building from the database: the stored index cannot be used"),
        "the node says why it built");
    assertTrue(log.contains("CorruptIndexException"), "a checksum failed");
    Map<String, Seen> rebuilt = answers(node, apiKey);
    // A fresh build from the database matches the same products with the same content as the
    // index brought up to date; its BM25 statistics no longer count the replaced documents, so
    // close scores may differ in a late digit (docs/catalog.md).
    assertEquals(content(afterChanges), content(rebuilt));
  }

  // --- nodes

  /**
   * Starts a node on {@code database} over the index directory and waits until {@code
   * /health/ready} says it may take traffic. Its answers are checked against the OpenAPI document
   * only when {@code guarded}: the guard reads and compiles each new node's document (some 13 s
   * here), and the search contract is guarded on the shared node (CatalogIT); one node of the
   * sequence is enough to show a restarted index keeps to it.
   */
  private static Http start(String database, boolean guarded) throws Exception {
    long t0 = System.nanoTime();
    running =
        SecondNode.launch(
            war,
            List.of("--nocluster"),
            java.util.Map.of(),
            "-Dac.db.url=" + TestDatabase.otherDatabase(database),
            // No warm-up searches here either (TestDatabase's options): readiness is the index's.
            "-Dac.search.index-directory=" + indexParent);
    running.awaitReady();
    System.out.printf(
        "CatalogRestartIT: node on %s ready in %d ms%n",
        database, (System.nanoTime() - t0) / 1_000_000);
    Http http = new Http(running.base());
    return guarded ? http : http.unguarded();
  }

  private static void stop() {
    if (running != null) {
      running.close();
      running = null;
    }
  }

  /** The data of the {@code catalog-index} check of {@code /health/ready}. */
  private static JsonObject indexCheck(Http http) {
    Http.Answer ready = http.get("/health/ready");
    assertEquals(200, ready.status(), ready::toString);
    for (JsonObject check : ready.json().getJsonArray("checks").getValuesAs(JsonObject.class)) {
      if ("catalog-index".equals(check.getString("name"))) {
        return check.getJsonObject("data");
      }
    }
    throw new AssertionError("no catalog-index check: " + ready);
  }

  /** How many products the check says the index holds. */
  private static long products(JsonObject check) {
    return Long.parseLong(String.valueOf(check.get("products")).replace("\"", ""));
  }

  private static final Pattern REUSED =
      Pattern.compile(
          "Catalog index reused \\(this node's stored index\\) at [^:]+: \\d+ products,"
              + " (\\d+) re-indexed and (\\d+) removed");

  /** How many products the node re-indexed and removed when it reused its stored index. */
  private static List<Integer> reused(String log) {
    Matcher m = REUSED.matcher(log);
    assertTrue(m.find(), "the node says it reused its stored index");
    return List.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  // --- answers

  /** One search's answer: its total and its products, in order, with their scores. */
  private record Seen(long total, JsonArray products) {

    List<String> ids() {
      return products.getValuesAs(JsonObject.class).stream().map(p -> p.getString("id")).toList();
    }

    JsonObject product(String id) {
      return products.getValuesAs(JsonObject.class).stream()
          .filter(p -> p.getString("id").equals(id))
          .findFirst()
          .orElseThrow(() -> new AssertionError(id + " not in " + this));
    }
  }

  /** Each search's every page, in order. */
  private static Map<String, Seen> answers(Http http, String key) {
    Map<String, Seen> out = new LinkedHashMap<>();
    for (String search : SEARCHES) {
      JsonArrayBuilder products = Json.createArrayBuilder();
      long total = -1;
      int seen = 0;
      for (boolean more = true; more; ) {
        String page = search + "&offset=" + seen;
        Http.Answer answer = http.get(page, "X-API-Key", key);
        assertEquals(200, answer.status(), () -> page + " → " + answer);
        JsonObject body = answer.json();
        JsonObject pagination = body.getJsonObject("pagination");
        long pageTotal = pagination.getJsonNumber("total_count").longValue();
        assertTrue(total < 0 || total == pageTotal, page + ": the total moved");
        total = pageTotal;
        for (JsonValue p : body.getJsonArray("products")) {
          products.add(p);
          seen++;
        }
        more = pagination.getBoolean("has_more");
      }
      assertEquals(total, seen, search + ": the pages hold the total");
      out.put(search, new Seen(total, products.build()));
    }
    return out;
  }

  /** Every answer as the client got it: totals, products in order, scores. */
  private static Map<String, String> exact(Map<String, Seen> answers) {
    Map<String, String> out = new LinkedHashMap<>();
    answers.forEach((search, seen) -> out.put(search, seen.total() + " " + seen.products()));
    return out;
  }

  /** Every answer's total and products (by id, without their scores). */
  private static Map<String, String> content(Map<String, Seen> answers) {
    Map<String, String> out = new LinkedHashMap<>();
    answers.forEach(
        (search, seen) -> {
          Map<String, String> products = new TreeMap<>();
          for (JsonValue p : seen.products()) {
            products.put(
                p.asJsonObject().getString("id"),
                Json.createObjectBuilder(p.asJsonObject())
                    .remove("relevance_score")
                    .build()
                    .toString());
          }
          out.put(search, seen.total() + " " + products);
        });
    return out;
  }

  private static void awaitTotal(Http http, String key, String search, long total)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 20_000;
    while (http.get(search, "X-API-Key", key)
            .json()
            .getJsonObject("pagination")
            .getJsonNumber("total_count")
            .longValue()
        != total) {
      assertTrue(System.currentTimeMillis() < deadline, search + " never found " + total);
      Thread.sleep(250);
    }
  }

  // --- the stored index and the database behind the node's back

  /** Flips one byte in the middle of the index's largest file: only its checksum tells. */
  private static void flipAByteInTheLargestFile(Path kept) throws Exception {
    Path largest;
    try (Stream<Path> files = Files.list(kept)) {
      largest =
          files
              .filter(Files::isRegularFile)
              .max(Comparator.comparingLong(p -> p.toFile().length()))
              .orElseThrow();
    }
    try (RandomAccessFile f = new RandomAccessFile(largest.toFile(), "rw")) {
      long middle = f.length() / 2;
      f.seek(middle);
      int b = f.read();
      f.seek(middle);
      f.write(b ^ 0x5A);
    }
  }

  /** A copy of {@code from} with its variants and offers, under a new id and title. */
  private static void copyProduct(String from, String id, String title) throws Exception {
    sql(
        DATABASE,
        "INSERT INTO products (id, merchant_id, platform_product_id, handle, title, description,"
            + " vendor, product_type, category, catalog_surface, tags, key_actives, ingredients,"
            + " skin_types, concerns, image_url, status, created_at, updated_at)"
            + " SELECT ?, merchant_id, ?, ?, ?, description, vendor, product_type, category,"
            + " catalog_surface, tags, key_actives, ingredients, skin_types, concerns, image_url,"
            + " status, CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6) FROM products WHERE id = ?",
        id,
        id,
        id,
        title,
        from);
    sql(
        DATABASE,
        "INSERT INTO variants (id, product_id, platform_variant_id, title, sku, options_json,"
            + " image_url, position) SELECT CONCAT(?, '_', position), ?,"
            + " CONCAT(?, '_', position), title, NULL, options_json, image_url, position"
            + " FROM variants WHERE product_id = ?",
        id,
        id,
        id,
        from);
    sql(
        DATABASE,
        "INSERT INTO offers (id, variant_id, merchant_id, market, currency, price_minor,"
            + " compare_at_minor, inventory_quantity, updated_at)"
            + " SELECT CONCAT(?, '_', v.position, '_', o.market), CONCAT(?, '_', v.position),"
            + " o.merchant_id, o.market, o.currency, o.price_minor, o.compare_at_minor,"
            + " o.inventory_quantity, CURRENT_TIMESTAMP(6)"
            + " FROM offers o JOIN variants v ON v.id = o.variant_id WHERE v.product_id = ?",
        id,
        id,
        from);
  }

  /** Whether nothing but its variants refers to the product (so it can be deleted outright). */
  private static boolean unreferenced(String id) {
    return query(
            DATABASE,
            "SELECT (SELECT COUNT(*) FROM product_group_members WHERE product_id = ?)"
                + " + (SELECT COUNT(*) FROM product_intel WHERE product_id = ?)"
                + " + (SELECT COUNT(*) FROM product_aliases WHERE product_id = ?)",
            id,
            id,
            id)
        == 0;
  }

  private static long productCount(String database) {
    return query(database, "SELECT COUNT(*) FROM products");
  }

  private static void sql(String database, String statement, Object... args) throws Exception {
    try (Connection c = connect(database);
        PreparedStatement ps = c.prepareStatement(statement)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      assertTrue(ps.executeUpdate() > 0, statement);
    }
  }

  private static long query(String database, String statement, Object... args) {
    try (Connection c = connect(database);
        PreparedStatement ps = c.prepareStatement(statement)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Connection connect(String database) throws java.sql.SQLException {
    return DriverManager.getConnection(
        TestDatabase.otherDatabase(database), TestDatabase.user(), TestDatabase.password());
  }
}
