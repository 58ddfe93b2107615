package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.agentcommerce.checkout.domain.pricing.PricingRules;
import org.agentcommerce.platform.api.Database;

/** Pricing rules read straight from their tables (small, indexed by merchant). */
@ApplicationScoped
public class JdbcPricingRules implements PricingRules {

  private volatile DataSource dataSource;

  @Override
  public List<ShippingRule> shipping(String merchantId) {
    List<ShippingRule> out = new ArrayList<>();
    query(
        "SELECT country, method, label, currency, fee_minor, free_over_minor, min_days, max_days"
            + " FROM shipping_rules WHERE merchant_id = ?",
        merchantId,
        rs ->
            out.add(
                new ShippingRule(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getLong(5),
                    nullableLong(rs, 6),
                    rs.getInt(7),
                    rs.getInt(8))));
    return out;
  }

  @Override
  public List<TaxRule> tax(String merchantId) {
    List<TaxRule> out = new ArrayList<>();
    query(
        "SELECT country, region, rate_ppm, inclusive, shipping_taxable FROM tax_rules"
            + " WHERE merchant_id = ?",
        merchantId,
        rs ->
            out.add(
                new TaxRule(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getInt(3),
                    rs.getBoolean(4),
                    rs.getBoolean(5))));
    return out;
  }

  @Override
  public Optional<Promotion> promotion(String merchantId, String code) {
    List<Promotion> out = new ArrayList<>();
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT code, kind, value_amount, currency, min_subtotal_minor, description,"
                    + " starts_at, ends_at, active FROM promotions WHERE merchant_id = ? AND code = ?")) {
      ps.setString(1, merchantId);
      ps.setString(2, code.toUpperCase(Locale.ROOT));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new Promotion(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getLong(3),
                  rs.getString(4),
                  nullableLong(rs, 5),
                  rs.getString(6),
                  instant(rs.getTimestamp(7)),
                  instant(rs.getTimestamp(8)),
                  rs.getBoolean(9)));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading promotion of " + merchantId + " failed", e);
    }
    return out.stream().findFirst();
  }

  private interface RowReader {
    void read(ResultSet rs) throws SQLException;
  }

  private void query(String sql, String merchantId, RowReader reader) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          reader.read(rs);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading pricing rules of " + merchantId + " failed", e);
    }
  }

  private static Long nullableLong(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : v;
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
