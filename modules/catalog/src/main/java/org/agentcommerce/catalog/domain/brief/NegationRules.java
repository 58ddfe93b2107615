package org.agentcommerce.catalog.domain.brief;

import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;

/**
 * Negation scopes. A scope opens at a negation phrase ("no", "without", "avoid", "allergic to",
 * "sans", "ohne", "sin", "not"...) and runs over a list ("no fragrance, alcohol or parabens") until
 * a word that is neither an item, a connector nor a filler; "X-free" and "X free" negate backwards
 * over a list; フリー, 不使用 or なし after a Japanese ingredient negate it. The connector and filler words
 * are read from connectors.txt, item-fillers.txt and lead-fillers.txt.
 */
final class NegationRules {

  private static final Set<String> CONNECTORS = Set.copyOf(BriefData.lines("connectors.txt"));

  private static final Set<String> ITEM_FILLERS = Set.copyOf(BriefData.lines("item-fillers.txt"));

  private static final Set<String> LEAD_FILLERS = Set.copyOf(BriefData.lines("lead-fillers.txt"));

  private static final List<String> JA_NEGATING_SUFFIXES =
      List.of("フリー", "不使用", "なし", "無し", "抜き", "ゼロ", "-free", " free", "free");

  private NegationRules() {}

  static void scopes(Scan scan) {
    Hit trigger = null;
    int items = 0;
    for (int t = 0; t < scan.n; t++) {
      if (scan.text.gaps[t] == BriefText.Gap.BREAK) {
        trigger = null;
      } else if (scan.text.gaps[t] == BriefText.Gap.LIST && items == 0) {
        trigger = null;
      }
      if (scan.blocked[t]) {
        trigger = null;
        continue;
      }
      Hit h = scan.hitAt[t];
      if (h != null) {
        if (h.has(Kind.NEGATION)) {
          trigger = h;
          items = 0;
        } else if (trigger != null) {
          if (negatable(h, trigger, items)) {
            String rule = trigger.sense(Kind.NEGATION).ruleId();
            h.negate(trigger, rule);
            items++;
          } else {
            trigger = null;
          }
        }
        t = h.t1 - 1;
        continue;
      }
      if (scan.covering[t] != null) {
        continue;
      }
      if (trigger != null) {
        String w = scan.norm[t];
        if (items > 0 && CONNECTORS.contains(w)) {
          continue;
        }
        if (ITEM_FILLERS.contains(w) || (items == 0 && LEAD_FILLERS.contains(w))) {
          continue;
        }
        trigger = null;
      }
    }
  }

  private static boolean negatable(Hit h, Hit trigger, int items) {
    String scope = trigger.sense(Kind.NEGATION).value();
    if (h.itemLike()) {
      return true;
    }
    if (items > 0) {
      return false;
    }
    if (h.has(Kind.SKIN_ADJ)) {
      return !scope.equals("brand");
    }
    if (h.has(Kind.CONCERN) || h.has(Kind.PRODUCT_TYPE) || h.has(Kind.CATEGORY)) {
      return scope.equals("not");
    }
    return false;
  }

  static void freeSuffixes(Scan scan) {
    for (Hit h : List.copyOf(scan.hits)) {
      if (h.t0 < 1 || !h.has(Kind.FREE_SUFFIX) || scan.text.gaps[h.t0] != BriefText.Gap.SPACE) {
        continue;
      }
      Hit p = scan.covering[h.t0 - 1];
      if (p == null || !(p.has(Kind.INGREDIENT) || p.has(Kind.EXCLUDE))) {
        continue;
      }
      p.negate(h, "exclusion.free_suffix");
      int t = p.t0;
      while (t > 0 && scan.text.gaps[t] != BriefText.Gap.BREAK) {
        int q = t - 1;
        if (scan.text.gaps[t] != BriefText.Gap.LIST) {
          if (scan.covering[q] == null
              && CONNECTORS.contains(scan.norm[q])
              && q > 0
              && scan.text.gaps[q] != BriefText.Gap.BREAK) {
            q--;
          } else {
            break;
          }
        }
        Hit r = scan.covering[q];
        if (r == null || !(r.has(Kind.INGREDIENT) || r.has(Kind.EXCLUDE))) {
          break;
        }
        r.negate(h, "exclusion.free_suffix");
        t = r.t0;
      }
    }
  }

  static void japaneseSuffixes(Scan scan) {
    for (Hit h : scan.hits) {
      if (h.t0 >= 0 || !(h.has(Kind.INGREDIENT) || h.has(Kind.EXCLUDE))) {
        continue;
      }
      for (String suffix : JA_NEGATING_SUFFIXES) {
        if (scan.text.folded.startsWith(suffix, h.end)) {
          h.negate(h, "exclusion.ja_suffix");
          break;
        }
      }
    }
  }
}
