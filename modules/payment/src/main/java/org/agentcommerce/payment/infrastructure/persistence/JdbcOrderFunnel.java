package org.agentcommerce.payment.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.agentcommerce.payment.domain.analytics.OrderFunnel;
import org.agentcommerce.platform.api.Database;

/**
 * The funnel as one query over {@code orders} (the order book's table, read only) and {@code
 * payments}: per order, whether any payment was tried and whether one succeeded. Days are cut in
 * UTC here rather than in SQL, so the database's time zone does not matter.
 */
@ApplicationScoped
public class JdbcOrderFunnel implements OrderFunnel {

  @Override
  public Map<LocalDate, Day> since(String agentId, Set<String> merchantScope, Instant from) {
    StringBuilder sql =
        new StringBuilder(
            "SELECT o.created_at,"
                + " CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)"
                + " THEN 1 ELSE 0 END,"
                + " CASE WHEN EXISTS (SELECT 1 FROM payments s WHERE s.succeeded_order_id = o.id)"
                + " THEN 1 ELSE 0 END"
                + " FROM orders o WHERE o.agent_id = ? AND o.created_at >= ?");
    List<String> scope = new ArrayList<>(merchantScope);
    if (!scope.isEmpty()) {
      sql.append(" AND o.merchant_id IN (").append("?,".repeat(scope.size() - 1)).append("?)");
    }
    Map<LocalDate, Day> days = new TreeMap<>();
    try (Connection c = Database.connection();
        PreparedStatement ps = c.prepareStatement(sql.toString())) {
      ps.setString(1, agentId);
      ps.setTimestamp(2, Timestamp.from(from));
      for (int i = 0; i < scope.size(); i++) {
        ps.setString(3 + i, scope.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          LocalDate day = LocalDate.ofInstant(rs.getTimestamp(1).toInstant(), ZoneOffset.UTC);
          Day one = new Day(1, rs.getInt(2), rs.getInt(3));
          days.merge(day, one, Day::plus);
        }
      }
      return days;
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the order funnel", e);
    }
  }
}
