package org.agentcommerce.payment.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.agentcommerce.platform.api.Database;
import org.eclipse.microprofile.config.Config;

/**
 * The payment gates' switches and caps. The configured value ({@code ac.payments.*}) is the
 * default; a value an operator set at runtime (JMX) is stored in payment_gate_settings, wins over
 * the default, survives restarts and reaches every node within {@code ac.payments.gates.refresh}
 * (default 2 s), because each node rereads the table that often. Every change is written to
 * payment_gate_changes and logged with who and when. Fail-closed: if the table cannot be read the
 * kill-switch reads as off.
 */
@ApplicationScoped
public class GateSettings {

  private static final Logger LOG = Logger.getLogger(GateSettings.class.getName());

  public static final String SUBMIT_ENABLED = "submit_enabled";
  public static final String MERCHANT_ALLOWLIST = "merchant_allowlist";
  public static final String TEST_CAP = "test_capture_cap_minor";
  public static final String LIVE_ENABLED = "live_enabled";
  public static final String LIVE_MERCHANT_ALLOWLIST = "live_merchant_allowlist";
  public static final String LIVE_CAP = "live_capture_cap_minor";

  private static final Map<String, String[]> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put(SUBMIT_ENABLED, new String[] {"ac.payments.submit.enabled", "false"});
    DEFAULTS.put(MERCHANT_ALLOWLIST, new String[] {"ac.payments.merchant-allowlist", ""});
    DEFAULTS.put(TEST_CAP, new String[] {"ac.payments.test-capture-cap", "500"});
    DEFAULTS.put(LIVE_ENABLED, new String[] {"ac.payments.live.enabled", "false"});
    DEFAULTS.put(LIVE_MERCHANT_ALLOWLIST, new String[] {"ac.payments.live.merchant-allowlist", ""});
    DEFAULTS.put(LIVE_CAP, new String[] {"ac.payments.live-capture-cap", "200"});
  }

  @Inject Config config;

  private volatile Map<String, String> stored = Map.of();
  private volatile long readAtNanos;
  private volatile boolean readFailed;
  private Duration refresh;

  @PostConstruct
  void init() {
    refresh =
        config
            .getOptionalValue("ac.payments.gates.refresh", Duration.class)
            .orElse(Duration.ofSeconds(2));
  }

  /** The gates as this node sees them now. */
  public Snapshot snapshot() {
    Map<String, String> s = current();
    return new Snapshot(
        !readFailed && Boolean.parseBoolean(value(s, SUBMIT_ENABLED)),
        list(value(s, MERCHANT_ALLOWLIST)),
        Long.parseLong(value(s, TEST_CAP).trim()),
        !readFailed && Boolean.parseBoolean(value(s, LIVE_ENABLED)),
        list(value(s, LIVE_MERCHANT_ALLOWLIST)),
        Long.parseLong(value(s, LIVE_CAP).trim()));
  }

  /** The switches and caps at one moment; an empty allowlist allows every merchant (test lane). */
  public record Snapshot(
      boolean submitEnabled,
      Set<String> merchantAllowlist,
      long testCapMinor,
      boolean liveEnabled,
      Set<String> liveMerchantAllowlist,
      long liveCapMinor) {}

  /** Stores a setting (validated), records who changed it, and logs the change. */
  public synchronized void set(String name, String value, String who) {
    if (!DEFAULTS.containsKey(name)) {
      throw new IllegalArgumentException("unknown gate setting " + name);
    }
    String normalized = normalize(name, value);
    String old = value(current(), name);
    try (Connection c = dataSource().getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement del =
              c.prepareStatement("DELETE FROM payment_gate_settings WHERE name = ?");
          PreparedStatement ins =
              c.prepareStatement(
                  "INSERT INTO payment_gate_settings (name, setting_value, updated_by, updated_at)"
                      + " VALUES (?, ?, ?, CURRENT_TIMESTAMP(6))");
          PreparedStatement log =
              c.prepareStatement(
                  "INSERT INTO payment_gate_changes (name, old_value, new_value, changed_by,"
                      + " changed_at) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP(6))")) {
        del.setString(1, name);
        del.executeUpdate();
        ins.setString(1, name);
        ins.setString(2, normalized);
        ins.setString(3, who);
        ins.executeUpdate();
        log.setString(1, name);
        log.setString(2, old);
        log.setString(3, normalized);
        log.setString(4, who);
        log.executeUpdate();
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Storing gate setting " + name + " failed", e);
    }
    LOG.info(
        () ->
            "Payment gate "
                + name
                + " changed from '"
                + old
                + "' to '"
                + normalized
                + "' by "
                + who);
    readAtNanos = 0; // reread at once on this node
  }

  private static String normalize(String name, String value) {
    String v = value == null ? "" : value.trim();
    switch (name) {
      case SUBMIT_ENABLED, LIVE_ENABLED -> {
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
          throw new IllegalArgumentException(name + " is true or false, not '" + value + "'");
        }
        return v.toLowerCase(java.util.Locale.ROOT);
      }
      case TEST_CAP, LIVE_CAP -> {
        long cap;
        try {
          cap = Long.parseLong(v);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(name + " is a whole number of minor units");
        }
        if (cap < 0) {
          throw new IllegalArgumentException(name + " cannot be negative");
        }
        return Long.toString(cap);
      }
      default -> {
        return String.join(",", list(v));
      }
    }
  }

  private Map<String, String> current() {
    long now = System.nanoTime();
    if (readAtNanos == 0 || now - readAtNanos > refresh.toNanos()) {
      reload();
      readAtNanos = now;
    }
    return stored;
  }

  private void reload() {
    Map<String, String> m = new HashMap<>();
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT name, setting_value FROM payment_gate_settings");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        m.put(rs.getString(1), rs.getString(2));
      }
      stored = Map.copyOf(m);
      readFailed = false;
    } catch (SQLException | RuntimeException e) {
      readFailed = true; // fail closed: switches read as off until the table can be read
      LOG.warning("Reading the payment gate settings failed; charges are refused: " + e);
    }
  }

  private String value(Map<String, String> s, String name) {
    String v = s.get(name);
    if (v != null) {
      return v;
    }
    String[] d = DEFAULTS.get(name);
    return config.getOptionalValue(d[0], String.class).orElse(d[1]);
  }

  /** Who set a value, for the operator's view. */
  public Map<String, String> values() {
    Map<String, String> s = current();
    Map<String, String> out = new LinkedHashMap<>();
    DEFAULTS.keySet().forEach(k -> out.put(k, value(s, k)));
    return out;
  }

  static Set<String> list(String csv) {
    return Arrays.stream(csv.split(","))
        .map(String::trim)
        .filter(x -> !x.isEmpty())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private volatile DataSource dataSource;

  /**
   * Resolves the data source on an application thread (a request, the reconciler's scheduler): JMX
   * calls come on threads without the application's naming context and use it from here.
   */
  public void warmUp() {
    dataSource();
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
