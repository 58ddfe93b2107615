package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireJson;

/**
 * Payment-offer evidence: what an agent saw about how the buyer will pay, stored beside the order
 * and changing nothing of it. Card numbers, security codes and payment tokens are refused, so they
 * can never be stored.
 */
@ApplicationScoped
@Transactional
public class EvidenceService {

  private static final Set<String> FORBIDDEN_KEYS =
      Set.of(
          "card_number",
          "number",
          "pan",
          "cvc",
          "cvv",
          "cvc2",
          "security_code",
          "token",
          "payment_token",
          "client_secret",
          "password",
          "secret");
  private static final Pattern DIGIT_RUN = Pattern.compile("(?:\\d[ -]?){12,19}");

  @Inject OrderService orders;
  @Inject Clock clock;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  public record Recorded(String evidenceId, Map<String, Object> recorded) {}

  public Recorded record(
      String agentId, OrderService.BuyerScope scope, String orderId, JsonObject body) {
    orders.require(agentId, orderId, scope);
    List<InvalidInputException.Violation> bad = new ArrayList<>();
    scan(body, new ArrayList<>(List.of("body")), bad);
    if (!bad.isEmpty()) {
      throw new InvalidInputException(bad);
    }
    Map<String, Object> recorded = new LinkedHashMap<>();
    body.forEach(
        (k, v) -> {
          if (!k.equals("idempotency_key") && !k.equals("order_id") && v != JsonValue.NULL) {
            recorded.put(k, v);
          }
        });
    String id = Ids.newId("evd", 12);
    em.createNativeQuery(
            "INSERT INTO order_payment_evidence (id, order_id, agent_id, evidence, created_at)"
                + " VALUES (?, ?, ?, ?, ?)")
        .setParameter(1, id)
        .setParameter(2, orderId)
        .setParameter(3, agentId)
        .setParameter(4, WireJson.jsonb().toJson(recorded))
        .setParameter(5, Timestamp.from(clock.instant()))
        .executeUpdate();
    return new Recorded(id, recorded);
  }

  /** Refuses keys that hold secrets and any value that looks like a card number (Luhn). */
  private static void scan(
      JsonValue v, List<Object> loc, List<InvalidInputException.Violation> bad) {
    if (v instanceof JsonObject o) {
      for (Map.Entry<String, JsonValue> e : o.entrySet()) {
        List<Object> at = new ArrayList<>(loc);
        at.add(e.getKey());
        if (FORBIDDEN_KEYS.contains(e.getKey().toLowerCase(Locale.ROOT))
            && e.getValue() != JsonValue.NULL) {
          bad.add(
              new InvalidInputException.Violation(
                  at,
                  "Card numbers, security codes, tokens and secrets are never recorded; send"
                      + " card_brand and card_last4 instead",
                  "value_error.sensitive"));
          continue;
        }
        scan(e.getValue(), at, bad);
      }
    } else if (v instanceof jakarta.json.JsonArray a) {
      for (int i = 0; i < a.size(); i++) {
        List<Object> at = new ArrayList<>(loc);
        at.add(i);
        scan(a.get(i), at, bad);
      }
    } else if (v instanceof JsonString s && looksLikeCard(s.getString())
        || v instanceof JsonNumber n && looksLikeCard(n.toString())) {
      bad.add(
          new InvalidInputException.Violation(
              loc,
              "This looks like a card number; only the last four digits may be recorded",
              "value_error.sensitive"));
    }
  }

  static boolean looksLikeCard(String text) {
    Matcher m = DIGIT_RUN.matcher(text);
    while (m.find()) {
      String digits = m.group().replaceAll("[ -]", "");
      if (digits.length() >= 13 && digits.length() <= 19 && luhn(digits)) {
        return true;
      }
    }
    return false;
  }

  private static boolean luhn(String digits) {
    int sum = 0;
    boolean twice = false;
    for (int i = digits.length() - 1; i >= 0; i--) {
      int d = digits.charAt(i) - '0';
      if (twice) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      twice = !twice;
    }
    return sum % 10 == 0;
  }
}
