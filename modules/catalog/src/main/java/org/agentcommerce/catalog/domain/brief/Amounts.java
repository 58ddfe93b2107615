package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the amounts in a folded brief and reads each one: its value from the digits (a separator
 * followed by exactly three digits groups thousands, one followed by one or two digits at the end
 * is the decimal mark), a unit word that multiplies it, and its currency. A number with no currency
 * is not an amount when a unit or a label goes with it ("50 ml", "SPF 30", "age 40").
 */
final class Amounts {

  private static final String NUM =
      "(?<num>\\d{1,3}(?:[.,']\\d{3})+(?:[.,]\\d{1,2})?(?!\\d)|\\d+(?:[.,]\\d{1,2})?(?!\\d))";

  private static final Pattern MONEY =
      Pattern.compile(
          "(?<![\\p{IsLatin}\\p{N}.,'])"
              + "(?:(?<pre>us\\$|ca\\$|cad\\$|c\\$|au\\$|a\\$|\\$|€|£|¥"
              + "|(?:eur|usd|gbp|jpy|cad|aud)(?=\\s?\\d))\\s?)?"
              + NUM
              + "(?<mult>k(?![\\p{L}])|万|千)?"
              + "(?:\\s?(?<post>\\$|€|£|¥|円"
              + "|(?:canadian dollars?|australian dollars?|euros?|eur|usd|gbp|jpy|cad|aud|yens?"
              + "|dollars?|dolares|dollari|bucks|pounds?|quid|livres?|sterling|pfund|libras?"
              + "|sterline)(?![\\p{L}])))?");

  /** Units and labels that make a bare number something other than money. */
  private static final Pattern UNIT_AFTER =
      Pattern.compile(
          "\\s?(?:%|ml|mls|cl|l|oz|fl|g|gr|grams?|kg|mg|spf|pcs|pieces?|packs?|bottles?|tubes?"
              + "|jars?|items?|products?|units?|x|years?|yrs?|yo|y/o|ans|jahre|anos|anni|hours?"
              + "|hrs?|h|days?|weeks?|months?|minutes?|mins?|steps?|shades?|colou?rs?|people"
              + "|persons?|of them|of these|of those|ingredients?|percent|pct|in 1|in one"
              + "|歳|才|個|本|枚|つ|点|ミリ)(?![\\p{L}])");

  private static final Pattern LABEL_BEFORE =
      Pattern.compile(
          "(?<![\\p{IsLatin}])(?:spf|age|aged|ages|size|step|vol|ph|pa|no\\.|n°|#|x|version"
              + "|model|level|grade|number|top|vitamin|b)\\s*[:.-]?\\s*$");

  private static final Set<String> CODES = Set.of("eur", "usd", "gbp", "jpy", "cad", "aud");

  /** Currency symbols, codes and words and the currency each one names. */
  private static final Map<String, String> CURRENCY_WORDS = BriefData.table("currency-words.tsv");

  private Amounts() {}

  /** The amounts of the folded text, in text order. */
  static List<Money> find(String f, String dollarDefault) {
    List<Money> monies = new ArrayList<>();
    Matcher m = MONEY.matcher(f);
    while (m.find()) {
      Money money = toMoney(m, f, dollarDefault);
      if (money != null) {
        monies.add(money);
      }
    }
    return monies;
  }

  private static Money toMoney(Matcher m, String f, String dollarDefault) {
    String pre = m.group("pre");
    String post = m.group("post");
    String num = m.group("num");
    String mult = m.group("mult");
    int end = m.end();
    if (pre == null && post == null) {
      if (end < f.length() && Character.isLetter(f.charAt(end)) && mult == null) {
        return null;
      }
      int limit = Math.min(f.length(), end + 20);
      if (UNIT_AFTER.matcher(f).region(end, limit).lookingAt()) {
        return null;
      }
      String before = f.substring(Math.max(0, m.start() - 20), m.start());
      if (LABEL_BEFORE.matcher(before).find()) {
        return null;
      }
    }
    int lastSep =
        Math.max(num.lastIndexOf('.'), Math.max(num.lastIndexOf(','), num.lastIndexOf('\'')));
    boolean decimal =
        lastSep >= 0 && num.length() - lastSep - 1 <= 2 && num.charAt(lastSep) != '\'';
    String intPart = decimal ? num.substring(0, lastSep) : num;
    String frac = decimal ? num.substring(lastSep + 1) : "";
    String digits = intPart.replace(".", "").replace(",", "").replace("'", "");
    boolean grouped = digits.length() != intPart.length();
    BigDecimal value = new BigDecimal(frac.isEmpty() ? digits : digits + "." + frac);
    boolean multiplied = mult != null;
    if (multiplied) {
      BigDecimal factor =
          switch (mult) {
            case "万" -> BigDecimal.valueOf(10000);
            default -> BigDecimal.valueOf(1000);
          };
      value = value.multiply(factor);
      if (value.scale() > 0) {
        value = value.stripTrailingZeros();
        if (value.scale() < 0) {
          value = value.setScale(0);
        }
      }
    }
    String currency = null;
    String rule = null;
    int curStart = -1;
    int curEnd = -1;
    boolean dollar = false;
    if (pre != null) {
      currency = currencyOf(pre, dollarDefault);
      rule =
          pre.length() == 3 && Character.isLetter(pre.charAt(0))
              ? "budget.currency_code"
              : "budget.symbol_leading";
      curStart = m.start("pre");
      curEnd = m.end("pre");
      dollar = pre.equals("$");
    } else if (post != null) {
      currency = currencyOf(post, dollarDefault);
      if (post.length() == 1) {
        rule = "budget.symbol_trailing";
      } else if (CODES.contains(post)) {
        rule = "budget.currency_code";
      } else {
        rule = "budget.currency_word";
      }
      curStart = m.start("post");
      curEnd = m.end("post");
      dollar =
          post.equals("$")
              || post.startsWith("dollar")
              || post.equals("bucks")
              || post.equals("dolares")
              || post.equals("dollari");
    }
    return new Money(
        m.start(),
        end,
        value,
        currency,
        rule,
        curStart,
        curEnd,
        dollar && !"USD".equals(currency),
        m.start("num"),
        mult != null ? m.end("mult") : m.end("num"),
        decimal && num.charAt(lastSep) == ',',
        grouped,
        multiplied);
  }

  /**
   * The currency a symbol, code or word names; a bare "$" or a dollar word is {@code
   * dollarDefault}.
   */
  static String currencyOf(String token, String dollarDefault) {
    return CURRENCY_WORDS.getOrDefault(token.strip(), dollarDefault);
  }
}
