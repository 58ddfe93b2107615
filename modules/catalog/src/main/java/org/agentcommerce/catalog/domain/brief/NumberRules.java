package org.agentcommerce.catalog.domain.brief;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.agentcommerce.catalog.domain.brief.Scan.TypeFind;

/**
 * Numbers in the brief that are not money: the SPF asked for ("SPF 50+", "spf30") and the quantity
 * ("2 bottles", "x2", "qty 3", "2本", "two lipsticks"). Number words are read from number-words.tsv.
 */
final class NumberRules {

  private static final Map<String, Integer> NUMBER_WORDS = numberWords();

  private static final String NUMBER_ALT =
      "\\d{1,2}|"
          + NUMBER_WORDS.keySet().stream()
              .sorted(Comparator.comparingInt(String::length).reversed())
              .collect(Collectors.joining("|"));

  private static final Pattern QUANTITY_COUNT =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])(?<n>"
              + NUMBER_ALT
              + ")\\s+(?:(?:x|of)\\s+)?(?:(?:full[- ]size|travel[- ]size|big|small|large|mini"
              + "|new)\\s+)?(?:bottles?|tubes?|jars?|units?|pieces?|pcs|packs?|sets?|boxes|box"
              + "|sticks?|cans?|pots?|tins?|of them|of these|of those|of it|of each|items?"
              + "|refills?|flacons?|flaschen|tuben|stuck|dosen|botes|botellas|tubos|unidades"
              + "|frascos?|pezzi|bottiglie|flaconi)(?![\\p{L}])");
  private static final Pattern QUANTITY_X_BEFORE =
      Pattern.compile("(?<![\\p{L}\\p{N}])x\\s?(?<n>\\d{1,2})(?![\\p{N}])");
  private static final Pattern QUANTITY_X_AFTER =
      Pattern.compile("(?<![\\p{L}\\p{N}.,])(?<n>\\d{1,2})\\s?x(?![\\p{L}\\p{N}])");
  private static final Pattern QUANTITY_LABEL =
      Pattern.compile(
          "(?<![\\p{L}])(?:qty|quantity|qte|menge|cantidad|quantita|数量)\\s*[:=]?\\s*(?<n>\\d{1,3})"
              + "(?![\\p{N}])");
  private static final Pattern QUANTITY_JA =
      Pattern.compile("(?<![\\p{N}])(?<n>\\d{1,2})\\s?(?:本|個|つ|点|セット|箱)");

  private record QuantityRule(Pattern pattern, String ruleId) {}

  private static final List<QuantityRule> QUANTITY_RULES =
      List.of(
          new QuantityRule(QUANTITY_COUNT, "quantity.count"),
          new QuantityRule(QUANTITY_X_BEFORE, "quantity.multiplier"),
          new QuantityRule(QUANTITY_X_AFTER, "quantity.multiplier"),
          new QuantityRule(QUANTITY_LABEL, "quantity.multiplier"),
          new QuantityRule(QUANTITY_JA, "quantity.ja_counter"));

  private static final Pattern SPF =
      Pattern.compile("(?<![\\p{L}\\p{N}])spf\\s*-?\\s*(?<n>\\d{1,3})\\s*\\+?");

  private NumberRules() {}

  private static Map<String, Integer> numberWords() {
    Map<String, Integer> words = new LinkedHashMap<>();
    for (String[] row : BriefData.rows("number-words.tsv", 2)) {
      words.put(row[0], Integer.valueOf(row[1]));
    }
    return words;
  }

  static void spf(Scan scan) {
    Matcher m = SPF.matcher(scan.text.folded);
    while (m.find()) {
      int value = Integer.parseInt(m.group("n"));
      if (value > 0 && value <= 100 && scan.minSpf == null) {
        scan.minSpf = value;
        scan.evidence.add(
            Evidence.span(
                scan.raw, "spf.value", "minSpf", m.start(), m.end(), "SPF number", "" + value));
      }
      int ns = m.start("n");
      int ne = m.end("n");
      for (int t = 0; t < scan.n; t++) {
        if (scan.text.starts[t] == ns && scan.text.ends[t] == ne) {
          scan.blocked[t] = true;
        }
      }
    }
    for (int t = 0; t < scan.n; t++) {
      String tok = scan.norm[t];
      if (tok.length() > 3
          && tok.startsWith("spf")
          && tok.substring(3).chars().allMatch(Character::isDigit)) {
        scan.norm[t] = "spf";
      }
    }
  }

  static void quantity(Scan scan) {
    int bestStart = Integer.MAX_VALUE;
    Integer best = null;
    int[] span = null;
    String rule = null;
    for (QuantityRule r : QUANTITY_RULES) {
      Matcher m = r.pattern().matcher(scan.text.folded);
      while (m.find()) {
        if (scan.overlapsBlocked(m.start("n"), m.end("n"))) {
          continue;
        }
        Integer v = numberValue(m.group("n"));
        if (v != null && v > 0 && m.start() < bestStart) {
          bestStart = m.start();
          best = v;
          span = new int[] {m.start(), m.end()};
          rule = r.ruleId();
        }
        break;
      }
    }
    for (TypeFind f : scan.typeFinds) {
      Hit h = f.hit();
      int first = h.t0;
      if (first >= 1
          && scan.covering[first - 1] != null
          && scan.covering[first - 1].brand != null
          && scan.text.gaps[first] == BriefText.Gap.SPACE) {
        first = scan.covering[first - 1].t0; // "2 La Roche-Posay sunscreens"
      }
      if (first < 1 || scan.blocked[first - 1] || scan.text.gaps[first] != BriefText.Gap.SPACE) {
        continue;
      }
      Integer v = numberValue(scan.norm[first - 1]);
      int s = scan.text.starts[first - 1];
      if (v != null && v > 0 && s < bestStart && scan.covering[first - 1] == null) {
        bestStart = s;
        best = v;
        span = new int[] {s, h.end};
        rule = "quantity.product_plural";
      }
    }
    if (best != null) {
      scan.quantity = best;
      scan.evidence.add(
          Evidence.span(scan.raw, rule, "quantity", span[0], span[1], "how many", "" + best));
    }
  }

  private static Integer numberValue(String s) {
    if (s == null || s.isEmpty()) {
      return null;
    }
    if (s.chars().allMatch(Character::isDigit)) {
      return s.length() <= 3 ? Integer.valueOf(s) : null;
    }
    return NUMBER_WORDS.get(s.replaceAll("\\s+", " "));
  }
}
