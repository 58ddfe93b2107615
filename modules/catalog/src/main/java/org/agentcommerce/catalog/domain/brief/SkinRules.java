package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;
import org.agentcommerce.catalog.domain.brief.Scan.SkinFind;

/**
 * Skin types: skin-type words before a skin noun ("very dry and sensitive skin"), or after it with
 * a copula ("my skin is dry", "skin type: oily") or in the foreign order ("peau sèche", "piel
 * grasa"). A negated type ("not oily skin") sets nothing. The chain, copula and foreign-noun words
 * are read from skin-chain.txt, skin-copulas.txt and skin-foreign-nouns.txt.
 */
final class SkinRules {

  private static final Set<String> SKIN_CHAIN = Set.copyOf(BriefData.lines("skin-chain.txt"));

  private static final Set<String> COPULAS = Set.copyOf(BriefData.lines("skin-copulas.txt"));

  private static final Set<String> FOREIGN_SKIN_NOUNS =
      Set.copyOf(BriefData.lines("skin-foreign-nouns.txt"));

  private SkinRules() {}

  static void skinTypes(Scan scan) {
    for (Hit h : scan.hits) {
      if (h.t0 < 0 || h.negated() || !h.has(Kind.SKIN_NOUN)) {
        continue;
      }
      List<Hit> adjectives = new ArrayList<>();
      int t = h.t0;
      while (t > 0 && scan.text.gaps[t] != BriefText.Gap.BREAK) {
        int q = t - 1;
        if (scan.blocked[q]) {
          break;
        }
        Hit p = scan.covering[q];
        if (p != null) {
          if (p.has(Kind.SKIN_ADJ) || p.has(Kind.CONCERN)) {
            if (p.has(Kind.SKIN_ADJ)) {
              adjectives.add(0, p);
            }
            t = p.t0;
            continue;
          }
          break;
        }
        if (SKIN_CHAIN.contains(scan.norm[q])) {
          t = q;
          continue;
        }
        break;
      }
      String rule = "skin.type";
      int spanStart = adjectives.isEmpty() ? h.start : adjectives.get(0).start;
      int spanEnd = h.end;
      if (adjectives.isEmpty()) {
        boolean foreign = FOREIGN_SKIN_NOUNS.contains(scan.norm[h.t0]);
        rule = foreign ? "skin.type_foreign" : "skin.type_copula";
        boolean copula = foreign;
        int k = h.t1;
        while (k < scan.n && scan.text.gaps[k] != BriefText.Gap.BREAK && !scan.blocked[k]) {
          if (scan.text.folded.substring(scan.text.ends[k - 1], scan.text.starts[k]).indexOf(':')
              >= 0) {
            copula = true;
          }
          Hit p = scan.covering[k];
          if (p != null) {
            if (p.has(Kind.SKIN_ADJ) && copula) {
              adjectives.add(p);
              k = p.t1;
              continue;
            }
            if (p.has(Kind.CONCERN) && copula) {
              k = p.t1;
              continue;
            }
            break;
          }
          String w = scan.norm[k];
          if (COPULAS.contains(w)) {
            copula = true;
            k++;
            continue;
          }
          if (copula && SKIN_CHAIN.contains(w) && !w.equals("not")) {
            k++;
            continue;
          }
          break;
        }
        if (!adjectives.isEmpty()) {
          spanEnd = adjectives.get(adjectives.size() - 1).end;
        }
      }
      for (Hit adj : adjectives) {
        if (!adj.negated()) {
          scan.skinFinds.add(
              new SkinFind(adj.sense(Kind.SKIN_ADJ).value(), spanStart, spanEnd, rule));
          scan.signal(spanStart, spanEnd, "skin type");
        }
      }
    }
    scan.skinFinds.sort(Comparator.comparingInt(SkinFind::start));
  }
}
