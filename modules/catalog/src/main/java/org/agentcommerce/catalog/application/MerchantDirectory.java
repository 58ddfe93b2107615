package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.catalog.domain.merchant.Merchant;
import org.agentcommerce.catalog.domain.merchant.MerchantRepository;

/**
 * Merchants and their payment capabilities in memory, re-read every 30 seconds: search filters on
 * them at every query (status, PSPs, payment methods, card networks, issuers, wallets, installment
 * providers, markets).
 */
@ApplicationScoped
public class MerchantDirectory {

  private static final Duration TTL = Duration.ofSeconds(30);

  @Inject MerchantRepository merchants;
  @Inject Clock clock;

  private volatile Snapshot snapshot;

  /** A merchant as the catalog needs it. */
  public record Entry(
      String id,
      String name,
      String status,
      String platform,
      String region,
      String currency,
      String catalogSource,
      String catalogBaseUrl,
      Map<String, Set<String>> capabilities) {

    public boolean isActive() {
      return "active".equals(status);
    }

    /** Whether the merchant has the capability, case-insensitively. */
    public boolean has(String kind, String code) {
      return capabilities.getOrDefault(kind, Set.of()).contains(code.toLowerCase(Locale.ROOT));
    }
  }

  private record Snapshot(Map<String, Entry> byId, Instant readAt) {}

  public Optional<Entry> find(String merchantId) {
    return Optional.ofNullable(current().byId().get(merchantId));
  }

  public List<Entry> all() {
    return List.copyOf(current().byId().values());
  }

  /** Ids of active merchants that have every one of the given capabilities (kind → code). */
  public Set<String> activeWith(Map<String, String> required) {
    Set<String> ids = new TreeSet<>();
    for (Entry e : current().byId().values()) {
      if (e.isActive()
          && required.entrySet().stream().allMatch(r -> e.has(r.getKey(), r.getValue()))) {
        ids.add(e.id());
      }
    }
    return ids;
  }

  private Snapshot current() {
    Snapshot s = snapshot;
    if (s == null || s.readAt().isBefore(clock.instant().minus(TTL))) {
      s = load();
      snapshot = s;
    }
    return s;
  }

  /** Forgets what was read, so that the next use reads the database. */
  public void invalidate() {
    snapshot = null;
  }

  private Snapshot load() {
    Map<String, Map<String, Set<String>>> caps = new HashMap<>();
    for (MerchantRepository.Capability c : merchants.capabilities()) {
      caps.computeIfAbsent(c.merchantId(), k -> new HashMap<>())
          .computeIfAbsent(c.kind(), k -> new HashSet<>())
          .add(c.code().toLowerCase(Locale.ROOT));
    }
    Map<String, Entry> byId = new LinkedHashMap<>();
    for (Merchant m : merchants.findAll()) {
      byId.put(
          m.id(),
          new Entry(
              m.id(),
              m.businessName(),
              m.status(),
              m.platform(),
              m.region(),
              m.defaultCurrency(),
              m.catalogSource(),
              m.catalogBaseUrl(),
              Map.copyOf(caps.getOrDefault(m.id(), Map.of()))));
    }
    return new Snapshot(Map.copyOf(byId), clock.instant());
  }
}
