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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * Payment-offer evidence: what an agent saw about how the buyer will pay, stored beside the order
 * and changing nothing of it. Card numbers, security codes and payment tokens are refused, so they
 * can never be stored.
 */
@ApplicationScoped
@Transactional
public class EvidenceService {

  /**
   * Fragments of a key, lower-cased with separators removed, that name a secret: {@code card_cvc},
   * {@code cardNumber}, {@code access-token} and {@code API_KEY} all match.
   */
  private static final List<String> FORBIDDEN_FRAGMENTS =
      List.of(
          "cvc",
          "cvv",
          "cardnum",
          "cardno",
          "ccnum",
          "accountnumber",
          "securitycode",
          "token",
          "secret",
          "password",
          "passwd",
          "apikey",
          "privatekey");

  /** Whole keys that name a secret but are too short to look for inside other words. */
  private static final Set<String> FORBIDDEN_KEYS = Set.of("number", "pan", "pin");

  /**
   * An identifier whose digits may pass the Luhn check by chance: a lower-case prefix, an
   * underscore and hex with at least one letter (our {@code ord_…}, {@code evd_…}), or a canonical
   * UUID. A prefix before digits alone ({@code card_4111…}) is not one.
   */
  private static final Pattern IDENTIFIER =
      Pattern.compile(
          "(?<![A-Za-z0-9_])[a-z][a-z0-9]*_(?=[0-9a-f]*[a-f])[0-9a-f]{8,}(?![A-Za-z0-9_])"
              + "|(?<![0-9A-Fa-f-])[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}"
              + "(?![0-9A-Fa-f-])");

  /**
   * Keys of the body that address the call and are never recorded (the order is one of this
   * agent's, already found), so not scanned either.
   */
  private static final Set<String> NOT_RECORDED = Set.of("order_id", "idempotency_key");

  /** A word of a key: {@code card_pan}, {@code cardPan} and {@code pan-id} hold the word pan. */
  private static final Pattern KEY_WORD = Pattern.compile("[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])");

  @Inject OrderService orders;
  @Inject Clock clock;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** What was stored: its id, the order's merchant and the members recorded. */
  public record Recorded(String evidenceId, String merchantId, JsonObject recorded) {}

  public Recorded record(
      String agentId, OrderService.BuyerScope scope, String orderId, JsonObject body) {
    String merchantId = orders.require(agentId, orderId, scope).merchantId();
    refuseSecrets(body);
    if (body.containsKey("merchant_id")
        && body.get("merchant_id") != JsonValue.NULL
        && !merchantId.equals(body.getString("merchant_id", ""))) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "merchant_id"),
              "The order " + orderId + " is not at this merchant.",
              "value_error.merchant_mismatch"));
    }
    jakarta.json.JsonObjectBuilder kept = jakarta.json.Json.createObjectBuilder();
    body.forEach(
        (k, v) -> {
          if (!NOT_RECORDED.contains(k) && v != JsonValue.NULL) {
            kept.add(k, v);
          }
        });
    JsonObject recorded = kept.build();
    String id = Ids.newId("evd", 12);
    em.createNativeQuery(
            "INSERT INTO order_payment_evidence (id, order_id, agent_id, evidence, created_at)"
                + " VALUES (?, ?, ?, ?, ?)")
        .setParameter(1, id)
        .setParameter(2, orderId)
        .setParameter(3, agentId)
        .setParameter(4, recorded.toString())
        .setParameter(5, Timestamp.from(clock.instant()))
        .executeUpdate();
    return new Recorded(id, merchantId, recorded);
  }

  /**
   * Refuses (422) a body with a key that names a secret or any key or value holding a card number,
   * so that neither can be stored.
   */
  static void refuseSecrets(JsonObject body) {
    List<InvalidInputException.Violation> bad = new ArrayList<>();
    // only what is recorded: a random order id or key whose digits happen to pass the Luhn check
    // must not block the order
    jakarta.json.JsonObjectBuilder recorded = jakarta.json.Json.createObjectBuilder(body);
    NOT_RECORDED.forEach(recorded::remove);
    scan(recorded.build(), new ArrayList<>(List.of("body")), bad);
    if (!bad.isEmpty()) {
      throw new InvalidInputException(bad);
    }
  }

  private static void scan(
      JsonValue v, List<Object> loc, List<InvalidInputException.Violation> bad) {
    if (v instanceof JsonObject o) {
      for (Map.Entry<String, JsonValue> e : o.entrySet()) {
        List<Object> at = new ArrayList<>(loc);
        if (looksLikeCard(e.getKey())) {
          at.add("(key)");
          bad.add(cardNumber(at));
          continue;
        }
        at.add(e.getKey());
        if (namesSecret(e.getKey()) && e.getValue() != JsonValue.NULL) {
          bad.add(
              new InvalidInputException.Violation(
                  at,
                  "Card numbers, security codes, tokens, keys and secrets are never recorded; send"
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
        || v instanceof JsonNumber n && looksLikeCard(n)) {
      bad.add(cardNumber(loc));
    }
  }

  private static InvalidInputException.Violation cardNumber(List<Object> loc) {
    return new InvalidInputException.Violation(
        loc,
        "This looks like a card number; only the last four digits may be recorded",
        "value_error.sensitive");
  }

  /** Whether a key names a secret, whatever its case and separators. */
  static boolean namesSecret(String key) {
    String flat = key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    if (FORBIDDEN_KEYS.contains(flat)) {
      return true;
    }
    for (String fragment : FORBIDDEN_FRAGMENTS) {
      if (flat.contains(fragment)) {
        return true;
      }
    }
    Matcher words = KEY_WORD.matcher(key);
    while (words.find()) {
      if (FORBIDDEN_KEYS.contains(words.group().toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  private static boolean looksLikeCard(JsonNumber n) {
    java.math.BigDecimal d = n.bigDecimalValue();
    // the significant digits only: never print a client's exponent out in full
    return looksLikeCard(n.toString()) || looksLikeCard(d.unscaledValue().abs().toString());
  }

  /**
   * Whether a text holds a card number: 13 to 19 digits, spaces and dashes between them ignored,
   * that pass the Luhn check, starting where a run of digits or a group of it starts, whatever
   * digits follow. (Not at every digit: about one window in ten passes Luhn by chance, so any long
   * number would look like a card.)
   */
  static boolean looksLikeCard(String text) {
    if (text.indexOf('_') >= 0 || text.indexOf('-') >= 0) {
      // identifiers are not card numbers, whatever their digits: ord_5f1c…, a UUID
      text = IDENTIFIER.matcher(text).replaceAll("x");
    }
    StringBuilder run = new StringBuilder();
    List<Integer> groupStarts = new ArrayList<>();
    boolean separated = true;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : 'x';
      if (c >= '0' && c <= '9') {
        if (separated) {
          groupStarts.add(run.length());
          separated = false;
        }
        run.append(c);
      } else if ((c == ' ' || c == '-') && run.length() > 0) {
        separated = true;
      } else {
        for (int start : groupStarts) {
          if (passesLuhnFrom(run, start)) {
            return true;
          }
        }
        run.setLength(0);
        groupStarts.clear();
        separated = true;
      }
    }
    return false;
  }

  private static boolean passesLuhnFrom(CharSequence digits, int start) {
    for (int length = 13; length <= 19 && start + length <= digits.length(); length++) {
      if (luhn(digits, start, length)) {
        return true;
      }
    }
    return false;
  }

  private static boolean luhn(CharSequence digits, int start, int length) {
    int sum = 0;
    boolean twice = false;
    for (int i = start + length - 1; i >= start; i--) {
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
