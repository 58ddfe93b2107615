package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the price window out of a folded brief. {@link Amounts} finds the amounts and parses them
 * with {@link BigDecimal} from their digits; a separator followed by exactly three digits groups
 * thousands, one followed by one or two digits at the end is the decimal mark ("29,99" is 29.99,
 * "1.299,50" is 1299.50, "$1,299.50" is 1299.50). {@link BudgetEvidence} writes down what was read.
 *
 * <p>Shapes, in order of preference: a range ("between $20 and $40", "$20-$40", "20 to 40
 * dollars"), an upper bound ("under $30", "30 euros max", "3000円以下"), "around X" (read as X-20% to
 * X+20%, rounded half-up at the amount's own scale: "around $25" is 20-30), and last a plain amount
 * with a currency ("a $30 serum"), read as a maximum. A lower bound ("over $50", "at least £20") is
 * kept as the min and joins an upper bound when both are given. A number with no currency counts
 * only after a budget cue ("max 40", "budget of 50", "under 30"), and never when a unit, a percent
 * or an SPF/age label goes with it.
 */
final class BudgetRules {

  enum Shape {
    RANGE,
    MAX,
    MIN,
    AROUND,
    PLAIN
  }

  record Candidate(
      Shape shape,
      String ruleId,
      BigDecimal min,
      BigDecimal max,
      String currency,
      int start,
      int end,
      List<Money> parts) {}

  /** What the budget rules found. {@code budget} is null when no amount qualified. */
  record Result(
      BigDecimal min,
      BigDecimal max,
      String currency,
      List<Candidate> used,
      List<Evidence> evidence,
      List<Assumption> assumptions,
      List<int[]> consumed,
      Money currencyMention,
      int[] currencyWordSpan,
      String currencyWord) {

    boolean found() {
      return min != null || max != null;
    }
  }

  private static final String TRAIL = "\\s*(?:[:=]\\s*)?(?:of\\s+|de\\s+|di\\s+|von\\s+)?$";

  private static final Pattern PRE_CUE =
      Pattern.compile(
          "(?<![\\p{IsLatin}])(?:"
              + "(?<spend>(?:don'?t|do not|can'?t|cannot|won'?t|will not|not|rather not"
              + "|shouldn'?t)\\s+(?:want to\\s+|wanna\\s+|going to\\s+|able to\\s+)?"
              + "(?:spend|pay)\\s+(?:more than|over|above)"
              + "|(?:spend|pay)\\s+(?:less than|under|at most|max\\.?|no more than|up to))"
              + "|(?<max>no more than|not more than|nothing more than|no higher than"
              + "|not higher than|not over|not above|not exceeding|no greater than|less than"
              + "|lower than|cheaper than|for under|for less than|under|below|beneath"
              + "|maximum(?: of)?|max\\.?|up to|upto|at most|within|<=?|≤|moins de|pas plus de"
              + "|au maximum|au max|jusqu'?a|en dessous de|inferieur a|unter|bis zu|bis"
              + "|hochstens|maximal|weniger als|nicht mehr als|unterhalb von|menos de|hasta"
              + "|como maximo|maximo|no mas de|por debajo de|meno di|sotto i|sotto|fino a"
              + "|al massimo|massimo|non piu di)"
              + "|(?<word>(?:my |the |a |our |total )?budget(?: is| of| =| would be| will be)?"
              + "|budget de|budget von|presupuesto(?: de| es)?|budget di)"
              + "|(?<yosan>予算(?:は)?)"
              + "|(?<min>more than|over|above|at least|minimum(?: of)?|min\\.?|starting at"
              + "|starting from|upwards of|from|plus de|au moins|mindestens|uber|mehr als"
              + "|ab|mas de|al menos|piu di|almeno|≥|>=?)"
              + "|(?<around>around|about|approximately|approx\\.?|roughly|circa|ca\\.|~"
              + "|something like|in the region of|give or take|environ|autour de"
              + "|aux alentours de|etwa|ungefahr|rund|um die|alrededor de|unos|aproximadamente"
              + "|intorno a|約)"
              + ")"
              + TRAIL);

  private static final Pattern RANGE_PRE =
      Pattern.compile(
          "(?<![\\p{IsLatin}])(?:between|from|entre|zwischen|von|de|tra|fra|range(?: of)?"
              + "|(?:my |the |a )?budget(?: is| of)?|予算(?:は)?)\\s*(?:[:=]\\s*)?$");

  private static final Pattern RANGE_MID =
      Pattern.compile("\\s*(?:-|to|and|a|et|und|bis|y|e|~|〜|から|til|till|through)\\s*");

  private static final Pattern POST_MAX =
      Pattern.compile(
          "\\s*(?:max\\.?|maximum|tops|top|or less|or under|or below|at most|at the most"
              + "|or cheaper|hochstens|maximal|maximo|massimo|au maximum|au max|ou moins"
              + "|o menos|oder weniger|o meno)(?![\\p{IsLatin}])");

  private static final Pattern POST_IKA = Pattern.compile("\\s*(?:以下)");
  private static final Pattern POST_MADE = Pattern.compile("\\s*(?:まで|以内|未満)");
  private static final Pattern POST_MIN =
      Pattern.compile(
          "\\s*(?:\\+|or more|and up|and above|or above|minimum|at least|ou plus|oder mehr"
              + "|o mas|以上)");
  private static final Pattern POST_AROUND =
      Pattern.compile(
          "\\s*(?:or so|-?ish|give or take|environ|circa|ungefahr|more or less|くらい|ぐらい"
              + "|位|程度|前後|ほど)");

  private static final Pattern CURRENCY_WORD =
      Pattern.compile(
          "(?<![\\p{L}])(?:in|en|auf|pay in|prices in)\\s+(?<cur>euros?|yen|dollars|pounds"
              + "|gbp|eur|usd|jpy|cad|aud|sterling)(?![\\p{L}])");

  private static final BigDecimal LOW = new BigDecimal("0.8");
  private static final BigDecimal HIGH = new BigDecimal("1.2");

  private BudgetRules() {}

  static Result extract(BriefText text, String dollarDefault) {
    String f = text.folded;
    List<Money> monies = Amounts.find(f, dollarDefault);
    List<Candidate> candidates = new ArrayList<>();
    boolean[] used = new boolean[monies.size()];
    for (int i = 0; i < monies.size(); i++) {
      if (used[i]) {
        continue;
      }
      Money a = monies.get(i);
      if (i + 1 < monies.size()) {
        Money b = monies.get(i + 1);
        Candidate range = range(f, a, b);
        if (range != null) {
          candidates.add(range);
          used[i] = true;
          used[i + 1] = true;
          continue;
        }
      }
      Candidate c = single(f, a);
      if (c != null) {
        candidates.add(c);
      }
    }

    Candidate upper = null;
    Candidate lower = null;
    for (Candidate c : candidates) {
      if (upper == null
          && (c.shape() == Shape.RANGE || c.shape() == Shape.MAX || c.shape() == Shape.AROUND)) {
        upper = c;
      }
      if (lower == null && c.shape() == Shape.MIN) {
        lower = c;
      }
    }
    if (upper == null) {
      for (Candidate c : candidates) {
        if (c.shape() == Shape.PLAIN) {
          upper = c;
          break;
        }
      }
    }
    List<Candidate> chosen = new ArrayList<>();
    BigDecimal min = null;
    BigDecimal max = null;
    String currency = null;
    if (upper != null) {
      chosen.add(upper);
      min = upper.min();
      max = upper.max();
      currency = upper.currency();
      if (lower != null
          && (upper.shape() == Shape.MAX || upper.shape() == Shape.PLAIN)
          && lower.min().compareTo(max) <= 0
          && (currency == null || lower.currency() == null || currency.equals(lower.currency()))) {
        min = lower.min();
        if (currency == null) {
          currency = lower.currency();
        }
        chosen.add(lower);
      }
    } else if (lower != null) {
      chosen.add(lower);
      min = lower.min();
      currency = lower.currency();
    }
    chosen.sort((x, y) -> Integer.compare(x.start(), y.start()));

    List<Evidence> evidence = new ArrayList<>();
    List<Assumption> assumptions = new ArrayList<>();
    BudgetEvidence.explain(
        text.raw, chosen, BudgetEvidence.describe(min, max, currency), evidence, assumptions);

    List<int[]> consumed = new ArrayList<>();
    for (Candidate c : candidates) {
      consumed.add(new int[] {c.start(), c.end()});
    }
    Money mention = null;
    for (Candidate c : chosen) {
      for (Money part : c.parts()) {
        if (mention == null && part.currency() != null) {
          mention = part;
        }
      }
    }
    for (Money money : monies) {
      if (money.currency() != null) {
        consumed.add(new int[] {money.start(), money.end()});
        if (mention == null) {
          mention = money;
        }
      }
    }
    int[] wordSpan = null;
    String word = null;
    Matcher cw = CURRENCY_WORD.matcher(f);
    if (cw.find()) {
      wordSpan = new int[] {cw.start("cur"), cw.end("cur")};
      word = Amounts.currencyOf(cw.group("cur"), dollarDefault);
    }
    return new Result(
        min, max, currency, chosen, evidence, assumptions, consumed, mention, wordSpan, word);
  }

  private static Candidate range(String f, Money a, Money b) {
    if (!RANGE_MID.matcher(f).region(a.end(), b.start()).matches()) {
      return null;
    }
    Matcher pre = RANGE_PRE.matcher(f.substring(Math.max(0, a.start() - 40), a.start()));
    boolean cue = pre.find();
    if (!(cue || a.currency() != null || b.currency() != null)) {
      return null;
    }
    if (a.currency() != null && b.currency() != null && !a.currency().equals(b.currency())) {
      return null;
    }
    if (a.value().compareTo(b.value()) >= 0) {
      return null;
    }
    int start = cue ? Math.max(0, a.start() - 40) + pre.start() : a.start();
    String currency = a.currency() != null ? a.currency() : b.currency();
    return new Candidate(
        Shape.RANGE, "budget.range", a.value(), b.value(), currency, start, b.end(), List.of(a, b));
  }

  private static Candidate single(String f, Money a) {
    int windowStart = Math.max(0, a.start() - 60);
    Matcher pre = PRE_CUE.matcher(f.substring(windowStart, a.start()));
    Shape preShape = null;
    String preRule = null;
    int preStart = -1;
    if (pre.find()) {
      preStart = windowStart + pre.start();
      if (pre.group("spend") != null) {
        preShape = Shape.MAX;
        preRule = "budget.spend_limit";
      } else if (pre.group("max") != null) {
        preShape = Shape.MAX;
        preRule = "budget.under";
      } else if (pre.group("word") != null) {
        preShape = Shape.MAX;
        preRule = "budget.word";
      } else if (pre.group("yosan") != null) {
        preShape = Shape.MAX;
        preRule = "budget.ja_yosan";
      } else if (pre.group("min") != null) {
        preShape = Shape.MIN;
        preRule = "budget.over";
      } else {
        preShape = Shape.AROUND;
        preRule = "budget.around";
      }
    }
    Shape postShape = null;
    String postRule = null;
    int postEnd = -1;
    int limit = Math.min(f.length(), a.end() + 30);
    Matcher post;
    if ((post = POST_MAX.matcher(f).region(a.end(), limit)).lookingAt()) {
      postShape = Shape.MAX;
      postRule = "budget.max_suffix";
    } else if ((post = POST_IKA.matcher(f).region(a.end(), limit)).lookingAt()) {
      postShape = Shape.MAX;
      postRule = "budget.ja_ika";
    } else if ((post = POST_MADE.matcher(f).region(a.end(), limit)).lookingAt()) {
      postShape = Shape.MAX;
      postRule = "budget.ja_made";
    } else if ((post = POST_MIN.matcher(f).region(a.end(), limit)).lookingAt()) {
      postShape = Shape.MIN;
      postRule = "budget.min_suffix";
    } else if ((post = POST_AROUND.matcher(f).region(a.end(), limit)).lookingAt()) {
      postShape = Shape.AROUND;
      postRule = "budget.around";
    }
    if (postShape != null) {
      postEnd = post.end();
    }

    Shape shape;
    String rule;
    if (preShape != null
        && postShape != null
        && ("budget.word".equals(preRule) || "budget.ja_yosan".equals(preRule))) {
      shape = postShape;
      rule = postRule;
    } else if (preShape != null) {
      shape = preShape;
      rule = preRule;
    } else if (postShape != null) {
      shape = postShape;
      rule = postRule;
    } else if (a.currency() != null) {
      shape = Shape.PLAIN;
      rule = "budget.amount";
    } else {
      return null;
    }
    if (shape == Shape.MIN && a.currency() == null) {
      return null;
    }
    int start = preShape != null ? preStart : a.start();
    int end = postShape != null ? postEnd : a.end();
    BigDecimal v = a.value();
    return switch (shape) {
      case MIN -> new Candidate(shape, rule, v, null, a.currency(), start, end, List.of(a));
      case AROUND ->
          new Candidate(
              shape,
              rule,
              v.multiply(LOW).setScale(v.scale(), RoundingMode.HALF_UP),
              v.multiply(HIGH).setScale(v.scale(), RoundingMode.HALF_UP),
              a.currency(),
              start,
              end,
              List.of(a));
      default -> new Candidate(shape, rule, null, v, a.currency(), start, end, List.of(a));
    };
  }
}
