package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Guesses the language: Kana, Hangul or Han script decides ja, ko or zh; otherwise the function
 * words (language-words.tsv) and accented letters (language-letters.tsv) of en/fr/de/es/it are
 * scored and the best wins; with too few words, the language of the caller's locale, else English.
 */
final class LanguageRules {

  /** The Latin-script languages in the order that breaks ties, and their function words. */
  private static final List<String> LANGS = new ArrayList<>();

  private static final Map<String, List<String>> LANG_WORDS = new LinkedHashMap<>();

  /** Letters that count for one language. */
  private static final Map<String, String> LANG_LETTERS = BriefData.table("language-letters.tsv");

  static {
    for (String[] row : BriefData.rows("language-words.tsv", 2)) {
      LANGS.add(row[0]);
      langWords(row[0], row[1]);
    }
  }

  private LanguageRules() {}

  private static void langWords(String lang, String words) {
    for (String w : words.split(" ")) {
      List<String> langs = LANG_WORDS.computeIfAbsent(w, k -> new ArrayList<>());
      if (!langs.contains(lang)) {
        langs.add(lang);
      }
    }
  }

  static String language(Scan scan) {
    int kana = 0;
    int han = 0;
    int hangul = 0;
    int firstCjk = -1;
    int cjkEnd = -1;
    for (int i = 0; i < scan.raw.length(); i++) {
      char c = scan.raw.charAt(i);
      boolean k = (c >= 0x3040 && c <= 0x30FF) || (c >= 0xFF66 && c <= 0xFF9F);
      boolean h = (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF);
      boolean g = c >= 0xAC00 && c <= 0xD7AF;
      if (k) {
        kana++;
      }
      if (h) {
        han++;
      }
      if (g) {
        hangul++;
      }
      if (k || h || g) {
        if (firstCjk < 0) {
          firstCjk = i;
          cjkEnd = i + 1;
        } else if (cjkEnd == i) {
          cjkEnd = i + 1;
        }
      }
    }
    int[] scores = new int[LANGS.size()];
    int[] firstToken = new int[LANGS.size()];
    Arrays.fill(firstToken, -1);
    for (int t = 0; t < scan.n; t++) {
      if (scan.covering[t] != null && scan.covering[t].brand != null) {
        continue;
      }
      List<String> langs = LANG_WORDS.get(scan.text.tokens[t]);
      if (langs == null) {
        continue;
      }
      int weight = langs.size() == 1 ? 2 : 1;
      for (String l : langs) {
        int i = LANGS.indexOf(l);
        scores[i] += weight;
        if (firstToken[i] < 0) {
          firstToken[i] = t;
        }
      }
    }
    String lowered = scan.raw.toLowerCase(Locale.ROOT);
    LANG_LETTERS.forEach((lang, letters) -> bonus(lowered, letters, lang, scores));
    int best = 0;
    for (int i = 1; i < scores.length; i++) {
      if (scores[i] > scores[best]) {
        best = i;
      }
    }
    int latinScore = scores[best];
    if (kana > 0 || hangul > 0 || (han >= 2 && latinScore < 4)) {
      String lang = kana > 0 ? "ja" : hangul > 0 ? "ko" : scan.raw.indexOf('円') >= 0 ? "ja" : "zh";
      scan.evidence.add(
          Evidence.span(scan.raw, "lang.script", "lang", firstCjk, cjkEnd, "script", lang));
      return lang;
    }
    if (latinScore >= 2) {
      String lang = LANGS.get(best);
      int t = firstToken[best];
      if (t >= 0) {
        scan.evidence.add(
            Evidence.span(
                scan.raw,
                "lang.keywords",
                "lang",
                scan.text.starts[t],
                scan.text.ends[t],
                "first " + lang + " word (score " + latinScore + ")",
                lang));
      } else {
        scan.evidence.add(
            Evidence.derived("lang.keywords", "lang", "accented letters of " + lang, lang));
      }
      return lang;
    }
    if (scan.in.locale() != null) {
      String lang = scan.in.locale().split("[-_]")[0].toLowerCase(Locale.ROOT);
      if (!lang.isEmpty()) {
        scan.evidence.add(Evidence.derived("lang.locale", "lang", "caller's locale", lang));
        return lang;
      }
    }
    scan.assumptions.add(
        new Assumption("lang.default", "Language not clear; English assumed", 0.5));
    return "en";
  }

  private static void bonus(String lowered, String chars, String lang, int[] scores) {
    for (int i = 0; i < chars.length(); i++) {
      if (lowered.indexOf(chars.charAt(i)) >= 0) {
        scores[LANGS.indexOf(lang)] += 2;
        return;
      }
    }
  }
}
