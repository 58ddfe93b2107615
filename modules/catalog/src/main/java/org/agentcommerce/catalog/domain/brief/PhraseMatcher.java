package org.agentcommerce.catalog.domain.brief;

import java.util.List;
import java.util.regex.Matcher;
import org.agentcommerce.catalog.domain.brief.Lexicon.Phrase;
import org.agentcommerce.catalog.domain.brief.Lexicon.Sense;

/**
 * Finds the {@link Lexicon}'s phrases in a brief: Latin phrases token by token, longest first, with
 * plurals ("serums") and "/" between tokens; Japanese phrases as substrings. Tokens in a budget or
 * already covered by a brand are skipped.
 */
final class PhraseMatcher {

  private PhraseMatcher() {}

  static void latin(Scan scan) {
    Lexicon lex = Lexicon.INSTANCE;
    int t = 0;
    while (t < scan.n) {
      if (scan.blocked[t] || scan.covering[t] != null) {
        t++;
        continue;
      }
      Phrase best = null;
      for (Phrase p : lex.startingWith(scan.norm[t])) {
        if (phraseMatches(scan, p, t)) {
          best = p;
          break;
        }
      }
      if (best == null) {
        String tok = scan.norm[t];
        for (int cut = 1; cut <= 2 && best == null; cut++) {
          if (tok.length() > 3 + cut && tok.endsWith(cut == 1 ? "s" : "es")) {
            for (Phrase p : lex.startingWith(tok.substring(0, tok.length() - cut))) {
              if (p.tokens().length == 1 && p.pluralizable()) {
                best = p;
                break;
              }
            }
          }
        }
      }
      if (best == null) {
        t++;
        continue;
      }
      int t1 = t + best.tokens().length;
      Hit h = new Hit(t, t1, scan.text.starts[t], scan.text.ends[t1 - 1], best.senses(), null);
      for (int k = t; k < t1; k++) {
        if (!scan.norm[k].equals(scan.text.tokens[k])) {
          h.typoFrom = scan.text.tokens[k];
          h.typoTo = scan.norm[k];
        }
      }
      scan.addHit(h);
      t = t1;
    }
  }

  private static boolean phraseMatches(Scan scan, Phrase p, int t) {
    String[] toks = p.tokens();
    if (t + toks.length > scan.n) {
      return false;
    }
    for (int j = 1; j < toks.length; j++) {
      int k = t + j;
      if (scan.blocked[k] || scan.covering[k] != null) {
        return false;
      }
      boolean slash =
          scan.text.folded.substring(scan.text.ends[k - 1], scan.text.starts[k]).equals("/");
      if (scan.text.gaps[k] != BriefText.Gap.SPACE && !slash) {
        return false;
      }
      String want = toks[j];
      String have = scan.norm[k];
      boolean last = j == toks.length - 1;
      if (!(want.equals(have)
          || (last && p.pluralizable() && (have.equals(want + "s") || have.equals(want + "es"))))) {
        return false;
      }
    }
    return true;
  }

  static void japanese(Scan scan) {
    Lexicon lex = Lexicon.INSTANCE;
    Matcher m = lex.cjkPattern.matcher(scan.text.folded);
    while (m.find()) {
      if (scan.overlapsBlocked(m.start(), m.end())) {
        continue;
      }
      List<Sense> senses = lex.cjkSenses(m.group());
      if (senses != null) {
        scan.addHit(new Hit(-1, -1, m.start(), m.end(), senses, null));
      }
    }
  }
}
