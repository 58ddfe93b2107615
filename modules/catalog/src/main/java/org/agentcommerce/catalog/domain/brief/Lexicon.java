package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parser's vocabulary: phrases (English, French, German, Spanish, Italian, Japanese) and what
 * they mean. Latin phrases are matched token by token; phrases with Japanese text are matched as
 * substrings. Everything is folded with {@link BriefText#fold(String)} when the table is built.
 *
 * <p>The phrases and tables are data files beside this class, read by {@link BriefData}:
 * lexicon.tsv, product-types.tsv, categories.txt, concerns.tsv, typo-targets.txt, not-typos.txt.
 */
final class Lexicon {

  enum Kind {
    PRODUCT_TYPE,
    CATEGORY,
    CONCERN,
    /** An ingredient or attribute; {@code secondary} means it can be excluded but not wanted. */
    INGREDIENT,
    /** A word that is itself an exclusion ("unscented", "parfumfrei"). */
    EXCLUDE,
    SKIN_ADJ,
    SKIN_NOUN,
    SKIN_COMPOUND,
    /** Opens a negation scope; value is the scope: "list", "not" or "brand". */
    NEGATION,
    FREE_SUFFIX,
    OFF_VERTICAL,
    BEAUTY,
    GIFT,
    IN_STOCK,
    PRICE_TIER,
    PREGNANCY,
    MARKET,
    BRAND
  }

  /**
   * One meaning of a phrase.
   *
   * @param secondary for product types and categories: a weak reading, used only when nothing
   *     stronger is found; for ingredients: can be excluded but is not a wanted active
   */
  record Sense(Kind kind, String value, boolean secondary, String ruleId) {
    boolean is(Kind k) {
      return kind == k;
    }
  }

  record Phrase(String[] tokens, List<Sense> senses, boolean pluralizable) {}

  /** The catalog product types and their categories, in file order. */
  static final Map<String, String> CATEGORY_OF_TYPE = BriefData.table("product-types.tsv");

  static final List<String> CATEGORIES = BriefData.lines("categories.txt");

  /** The concern vocabulary and the category of each concern, in file order. */
  static final Map<String, String> CATEGORY_OF_CONCERN = BriefData.table("concerns.tsv");

  /** Words a typo may be corrected to, grouped so that spelling variants do not compete. */
  static final Map<String, String> FUZZY_TARGETS = fuzzyTargets();

  /** Real words close to a vocabulary word that must never be "corrected". */
  static final Set<String> NOT_TYPOS = Set.copyOf(BriefData.lines("not-typos.txt"));

  private static Map<String, String> fuzzyTargets() {
    Map<String, String> targets = new LinkedHashMap<>();
    for (String line : BriefData.lines("typo-targets.txt")) {
      String[] group = line.split(" +");
      for (String w : group) {
        targets.put(w, group[0]);
      }
    }
    return Collections.unmodifiableMap(targets);
  }

  private final Map<String, List<Phrase>> byFirst = new HashMap<>();
  private final Map<String, List<Sense>> cjk = new LinkedHashMap<>();
  private final Map<String, Phrase> latinByKey = new LinkedHashMap<>();
  private final Set<String> vocabularyTokens = new HashSet<>();
  final Pattern cjkPattern;

  static final Lexicon INSTANCE = new Lexicon();

  private Lexicon() {
    for (String[] row : BriefData.rows("lexicon.tsv", 5)) {
      add(Kind.valueOf(row[0]), row[1], secondary(row[2]), row[3], row[4]);
    }
    for (Phrase p : latinByKey.values()) {
      byFirst.computeIfAbsent(p.tokens()[0], k -> new ArrayList<>()).add(p);
      for (String t : p.tokens()) {
        vocabularyTokens.add(t);
      }
    }
    for (List<Phrase> list : byFirst.values()) {
      list.sort(Comparator.comparingInt((Phrase p) -> -p.tokens().length));
    }
    List<String> keys = new ArrayList<>(cjk.keySet());
    keys.sort(Comparator.comparingInt(String::length).reversed());
    StringBuilder sb = new StringBuilder();
    for (String k : keys) {
      if (sb.length() > 0) {
        sb.append('|');
      }
      sb.append(Pattern.quote(k));
    }
    cjkPattern = Pattern.compile(sb.toString());
  }

  List<Phrase> startingWith(String token) {
    List<Phrase> list = byFirst.get(token);
    return list == null ? List.of() : list;
  }

  List<Sense> cjkSenses(String phrase) {
    return cjk.get(phrase);
  }

  boolean isVocabularyToken(String token) {
    return vocabularyTokens.contains(token);
  }

  // ---------------------------------------------------------------- building

  private void add(Kind kind, String value, boolean secondary, String ruleId, String phrases) {
    Sense sense = new Sense(kind, value, secondary, ruleId);
    for (String phrase : phrases.split("\\|")) {
      String f = BriefText.fold(phrase.strip());
      if (f.isEmpty()) {
        continue;
      }
      boolean cjkText = false;
      for (int i = 0; i < f.length(); i++) {
        if (BriefText.isCjk(f.charAt(i))) {
          cjkText = true;
          break;
        }
      }
      if (cjkText) {
        List<Sense> senses = cjk.computeIfAbsent(f, k -> new ArrayList<>());
        if (!senses.contains(sense)) {
          senses.add(sense);
        }
        continue;
      }
      BriefText t = new BriefText(f);
      String[] tokens = t.tokens;
      if (tokens.length == 0) {
        continue;
      }
      String key = String.join(" ", tokens);
      Phrase existing = latinByKey.get(key);
      boolean plural = pluralizable(kind);
      if (existing == null) {
        List<Sense> senses = new ArrayList<>();
        senses.add(sense);
        latinByKey.put(key, new Phrase(tokens, senses, plural));
      } else {
        if (!existing.senses().contains(sense)) {
          existing.senses().add(sense);
        }
        if (plural && !existing.pluralizable()) {
          latinByKey.put(key, new Phrase(tokens, existing.senses(), true));
        }
      }
    }
  }

  private static boolean secondary(String field) {
    return switch (field) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new IllegalStateException("lexicon.tsv: secondary is not true/false: " + field);
    };
  }

  private static boolean pluralizable(Kind kind) {
    return switch (kind) {
      case PRODUCT_TYPE, CONCERN, INGREDIENT, EXCLUDE, OFF_VERTICAL -> true;
      default -> false;
    };
  }
}
