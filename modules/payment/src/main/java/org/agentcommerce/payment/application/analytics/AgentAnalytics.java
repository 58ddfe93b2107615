package org.agentcommerce.payment.application.analytics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.payment.domain.analytics.OrderFunnel;
import org.agentcommerce.payment.domain.analytics.OrderFunnel.Day;
import org.agentcommerce.platform.api.CallCounts;
import org.agentcommerce.platform.api.CountedCall;

/**
 * The agent analytics (spec 4.8): the order funnel, computed on every read from the order book and
 * the payments, and the counted calls of the last 24 hours and 7 days with their trend
 * (docs/analytics.md).
 */
@ApplicationScoped
public class AgentAnalytics {

  @Inject OrderFunnel orderFunnel;
  @Inject CallCounts callCounts;
  @Inject Clock clock;

  /** One day of the funnel, or the total of a window. */
  public record FunnelCounts(
      long ordersInitiated,
      long paymentAttempted,
      long ordersCompleted,
      BigDecimal conversionRate) {

    static FunnelCounts of(Day d) {
      BigDecimal rate =
          d.ordersInitiated() == 0
              ? BigDecimal.ZERO.setScale(4)
              : BigDecimal.valueOf(d.ordersCompleted())
                  .divide(BigDecimal.valueOf(d.ordersInitiated()), 4, RoundingMode.HALF_UP);
      return new FunnelCounts(d.ordersInitiated(), d.paymentAttempted(), d.ordersCompleted(), rate);
    }
  }

  /** The funnel over {@code days} UTC days ending today: the total and each day, oldest first. */
  public record Funnel(
      int days,
      LocalDate from,
      LocalDate to,
      FunnelCounts total,
      Map<LocalDate, FunnelCounts> daily) {}

  /** How a count compares with the same length of time just before it. */
  public record Trend(long count, long previousCount, String trend, BigDecimal changePct) {

    static Trend of(long count, long previous) {
      String direction = count > previous ? "up" : count < previous ? "down" : "flat";
      BigDecimal pct =
          previous == 0
              ? null
              : BigDecimal.valueOf((count - previous) * 100L)
                  .divide(BigDecimal.valueOf(previous), 1, RoundingMode.HALF_UP);
      return new Trend(count, previous, direction, pct);
    }
  }

  /** Counted calls over the last {@code hours} hours (the current hour included), per kind. */
  public record CallWindow(int hours, Instant from, Map<CountedCall, Trend> calls, Trend total) {}

  /** The counted calls over the last 24 hours and the last 7 days. */
  public record Calls(Instant asOf, CallWindow last24h, CallWindow last7d) {}

  public Funnel funnel(String agentId, Set<String> merchantScope, int days) {
    LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    LocalDate first = today.minusDays(days - 1L);
    Map<LocalDate, Day> found =
        orderFunnel.since(agentId, merchantScope, first.atStartOfDay(ZoneOffset.UTC).toInstant());
    Map<LocalDate, FunnelCounts> daily = new java.util.LinkedHashMap<>();
    Day total = Day.NONE;
    for (LocalDate d = first; !d.isAfter(today); d = d.plusDays(1)) {
      Day day = found.getOrDefault(d, Day.NONE);
      total = total.plus(day);
      daily.put(d, FunnelCounts.of(day));
    }
    return new Funnel(days, first, today, FunnelCounts.of(total), daily);
  }

  /** The agent's registered name (the origin's summary carries it); null when it has none. */
  public String agentName(String agentId) {
    try (java.sql.Connection c = org.agentcommerce.platform.api.Database.connection();
        java.sql.PreparedStatement ps =
            c.prepareStatement("SELECT name FROM agents WHERE id = ?")) {
      ps.setString(1, agentId);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("Could not read the agent's name", e);
    }
  }

  public Calls calls(String agentId) {
    Instant now = clock.instant();
    Instant hour = now.truncatedTo(ChronoUnit.HOURS);
    int week = 7 * 24;
    Instant earliest = hour.minus(2L * week - 1, ChronoUnit.HOURS);
    List<CallCounts.HourlyCount> counts = callCounts.since(agentId, earliest);
    return new Calls(now, window(counts, hour, 24), window(counts, hour, week));
  }

  private static CallWindow window(List<CallCounts.HourlyCount> counts, Instant hour, int hours) {
    Instant from = hour.minus(hours - 1L, ChronoUnit.HOURS);
    Instant previousFrom = from.minus(hours, ChronoUnit.HOURS);
    Map<CountedCall, long[]> sums = new EnumMap<>(CountedCall.class);
    for (CountedCall c : CountedCall.values()) {
      sums.put(c, new long[2]);
    }
    for (CallCounts.HourlyCount c : counts) {
      if (!c.hour().isBefore(from)) {
        sums.get(c.call())[0] += c.count();
      } else if (!c.hour().isBefore(previousFrom)) {
        sums.get(c.call())[1] += c.count();
      }
    }
    Map<CountedCall, Trend> calls = new EnumMap<>(CountedCall.class);
    long all = 0;
    long allBefore = 0;
    for (Map.Entry<CountedCall, long[]> e : sums.entrySet()) {
      calls.put(e.getKey(), Trend.of(e.getValue()[0], e.getValue()[1]));
      all += e.getValue()[0];
      allBefore += e.getValue()[1];
    }
    return new CallWindow(hours, from, calls, Trend.of(all, allBefore));
  }
}
