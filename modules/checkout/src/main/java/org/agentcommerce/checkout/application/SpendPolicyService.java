package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Agent governance: what an agent may commit its buyers to, per currency — a largest order total
 * and a rolling 24-hour total. The deployment sets ceilings (and thereby the allowed currencies);
 * an agent may set tighter limits for itself. Checked before anything of an order is written, with
 * the agent's row locked so that concurrent orders cannot together pass a limit.
 */
@ApplicationScoped
@Transactional
public class SpendPolicyService {

  @Inject OrderRepository orders;
  @Inject Clock clock;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject
  @ConfigProperty(
      name = "ac.orders.spend.max-order",
      defaultValue = "USD=5000,EUR=5000,GBP=4000,CAD=7000,JPY=750000")
  String maxOrderCeilings;

  @Inject
  @ConfigProperty(
      name = "ac.orders.spend.max-24h",
      defaultValue = "USD=20000,EUR=20000,GBP=16000,CAD=28000,JPY=3000000")
  String max24hCeilings;

  /** One currency's limits, in minor units. */
  public record Limit(String currency, long maxOrderMinor, long max24hMinor) {}

  /** The limits in force for an agent, and whether they are its own or the deployment's. */
  public record Policy(String source, List<Limit> limits, List<Limit> ceilings) {}

  public Policy policy(String agentId) {
    List<Limit> own = own(agentId);
    return new Policy(
        own.isEmpty() ? "default" : "agent", own.isEmpty() ? ceilings() : own, ceilings());
  }

  /** Replaces the agent's own limits; each must be within the deployment's ceiling. */
  public Policy replace(String agentId, List<Limit> limits) {
    Map<String, Limit> ceilings = new TreeMap<>();
    ceilings().forEach(c -> ceilings.put(c.currency(), c));
    for (int i = 0; i < limits.size(); i++) {
      Limit l = limits.get(i);
      Limit c = ceilings.get(l.currency());
      if (c == null) {
        throw invalid(
            i,
            "currency",
            "This deployment does not take orders in "
                + l.currency()
                + "; it takes "
                + ceilings.keySet()
                + ".");
      }
      if (l.maxOrderMinor() > c.maxOrderMinor()) {
        throw invalid(
            i,
            "max_order_total",
            "At most "
                + Amounts.major(c.maxOrderMinor(), c.currency())
                + " (the deployment's ceiling).");
      }
      if (l.max24hMinor() > c.max24hMinor()) {
        throw invalid(
            i,
            "max_daily_total",
            "At most "
                + Amounts.major(c.max24hMinor(), c.currency())
                + " (the deployment's ceiling).");
      }
    }
    orders.lockAgent(agentId);
    em.createNativeQuery("DELETE FROM agent_spend_policies WHERE agent_id = ?")
        .setParameter(1, agentId)
        .executeUpdate();
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    for (Limit l : limits) {
      em.createNativeQuery(
              "INSERT INTO agent_spend_policies (agent_id, currency, max_order_minor, max_24h_minor,"
                  + " updated_at) VALUES (?, ?, ?, ?, ?)")
          .setParameter(1, agentId)
          .setParameter(2, l.currency())
          .setParameter(3, l.maxOrderMinor())
          .setParameter(4, l.max24hMinor())
          .setParameter(5, java.sql.Timestamp.from(now))
          .executeUpdate();
    }
    return policy(agentId);
  }

  private static InvalidInputException invalid(int i, String field, String msg) {
    return new InvalidInputException(
        new InvalidInputException.Violation(
            List.of("body", "limits", i, field), msg, "value_error.spend_limit"));
  }

  /** What the agent spent in the currency over the last 24 hours, in minor units. */
  public long spent24h(String agentId, String currency) {
    return orders.spentSince(agentId, currency, clock.instant().minus(Duration.ofHours(24)));
  }

  /** Refuses an order total the agent's policy does not allow: 403 AGENT_SPEND_LIMIT_EXCEEDED. */
  public void check(String agentId, Money total) {
    orders.lockAgent(agentId);
    Policy policy = policy(agentId);
    String cur = total.currencyCode();
    Limit limit =
        policy.limits().stream().filter(l -> l.currency().equals(cur)).findFirst().orElse(null);
    if (limit == null) {
      throw refusal(
          "allowed_currencies",
          "This agent may not place orders in "
              + cur
              + " (allowed: "
              + policy.limits().stream().map(Limit::currency).toList()
              + ").",
          Map.of(
              "currency",
              cur,
              "allowed_currencies",
              policy.limits().stream().map(Limit::currency).toList()));
    }
    if (total.minorUnits() > limit.maxOrderMinor()) {
      throw refusal(
          "max_order_total",
          "The order total "
              + total.amount().toPlainString()
              + " "
              + cur
              + " is over this agent's largest order of "
              + Amounts.major(limit.maxOrderMinor(), cur)
              + " "
              + cur
              + ".",
          Map.of(
              "currency",
              cur,
              "limit_amount",
              Amounts.major(limit.maxOrderMinor(), cur),
              "order_total",
              total.amount().toPlainString()));
    }
    long spent = spent24h(agentId, cur);
    if (spent + total.minorUnits() > limit.max24hMinor()) {
      throw refusal(
          "rolling_24h_spend",
          "This order would take the agent's spending over the last 24 hours to "
              + Amounts.major(spent + total.minorUnits(), cur)
              + " "
              + cur
              + ", over its limit of "
              + Amounts.major(limit.max24hMinor(), cur)
              + ".",
          Map.of(
              "currency", cur,
              "limit_amount", Amounts.major(limit.max24hMinor(), cur),
              "spent_24h", Amounts.major(spent, cur),
              "order_total", total.amount().toPlainString()));
    }
  }

  private static ApiException refusal(String limit, String message, Map<String, Object> context) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("limit", limit);
    c.putAll(context);
    return new ApiException(403, "AGENT_SPEND_LIMIT_EXCEEDED", message, c, Map.of());
  }

  private List<Limit> own(String agentId) {
    List<Limit> out = new ArrayList<>();
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT currency, max_order_minor, max_24h_minor FROM agent_spend_policies"
                    + " WHERE agent_id = ? ORDER BY currency")
            .setParameter(1, agentId)
            .getResultList();
    for (Object[] r : rows) {
      out.add(new Limit((String) r[0], ((Number) r[1]).longValue(), ((Number) r[2]).longValue()));
    }
    return out;
  }

  /** The deployment's ceilings from configuration ({@code USD=5000,EUR=5000}, major units). */
  List<Limit> ceilings() {
    Map<String, String> order = parse(maxOrderCeilings);
    Map<String, String> day = parse(max24hCeilings);
    List<Limit> out = new ArrayList<>();
    order.forEach(
        (cur, max) ->
            out.add(
                new Limit(
                    cur,
                    Money.of(max, cur).minorUnits(),
                    Money.of(day.getOrDefault(cur, max), cur).minorUnits())));
    return out;
  }

  private static Map<String, String> parse(String spec) {
    Map<String, String> m = new TreeMap<>();
    for (String part : spec.split(",")) {
      String[] kv = part.trim().split("=");
      if (kv.length == 2) {
        String cur = kv[0].trim().toUpperCase(Locale.ROOT);
        Currency.getInstance(cur);
        m.put(cur, kv[1].trim());
      }
    }
    return m;
  }
}
