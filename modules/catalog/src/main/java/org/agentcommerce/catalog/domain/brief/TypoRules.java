package org.agentcommerce.catalog.domain.brief;

import java.util.Map;

/**
 * Corrects typos before the phrases are matched: an unknown word 1 edit (5-7 letters) or 2 edits
 * (8+) from one vocabulary word with the same first letter is read as that word; exact words always
 * win, ties between spelling groups are left alone, and real words listed in not-typos.txt are
 * never corrected.
 */
final class TypoRules {

  private TypoRules() {}

  static void correct(Scan scan) {
    Lexicon lex = Lexicon.INSTANCE;
    for (int t = 0; t < scan.n; t++) {
      String tok = scan.norm[t];
      if (scan.blocked[t]
          || scan.covering[t] != null
          || tok.length() < 5
          || lex.isVocabularyToken(tok)) {
        continue;
      }
      if (Lexicon.NOT_TYPOS.contains(tok) || !tok.chars().allMatch(Character::isLetter)) {
        continue;
      }
      String singular = tok.endsWith("s") ? tok.substring(0, tok.length() - 1) : null;
      if (singular != null && lex.isVocabularyToken(singular)) {
        continue;
      }
      int maxDistance = tok.length() >= 8 ? 2 : 1;
      String best = null;
      String bestGroup = null;
      int bestDistance = Integer.MAX_VALUE;
      boolean tie = false;
      for (Map.Entry<String, String> e : Lexicon.FUZZY_TARGETS.entrySet()) {
        String word = e.getKey();
        if (word.charAt(0) != tok.charAt(0)
            || Math.abs(word.length() - tok.length()) > maxDistance) {
          continue;
        }
        int d = distance(tok, word, maxDistance);
        if (d > maxDistance) {
          continue;
        }
        if (d < bestDistance) {
          best = word;
          bestGroup = e.getValue();
          bestDistance = d;
          tie = false;
        } else if (d == bestDistance && !e.getValue().equals(bestGroup)) {
          tie = true;
        }
      }
      if (best != null && !tie) {
        scan.norm[t] = best;
      }
    }
  }

  /**
   * Optimal-string-alignment distance (adjacent transpositions count as one edit), giving up as
   * soon as it must exceed {@code max}.
   */
  static int distance(String a, String b, int max) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > max) {
      return max + 1;
    }
    int[][] d = new int[la + 1][lb + 1];
    for (int i = 0; i <= la; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= lb; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= la; i++) {
      int rowMin = Integer.MAX_VALUE;
      for (int j = 1; j <= lb; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
        rowMin = Math.min(rowMin, v);
      }
      if (rowMin > max) {
        return max + 1;
      }
    }
    return d[la][lb];
  }
}
