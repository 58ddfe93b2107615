package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One brief being read: its text and tokens, the spans the budget and SPF rules took, the phrases
 * found so far and the fields the rules have read. {@link BriefParser#parse} runs the rule classes
 * over it in a fixed order and {@link BriefAssembly} turns it into a {@link ParsedBrief}. One scan
 * reads one brief on one thread.
 */
final class Scan {

  /** A skin type read from the brief, with the span it was read from. */
  record SkinFind(String type, int start, int end, String ruleId) {}

  /** A product type named in the brief; a weak one counts only when no other type is named. */
  record TypeFind(String type, boolean weak, Hit hit) {}

  final BriefInput in;
  final String raw;
  final BriefText text;
  final int n;

  /** The tokens as the rules read them: typos corrected, "spf50" as "spf". */
  final String[] norm;

  /** Tokens inside a budget or an SPF number, which the word rules skip. */
  final boolean[] blocked;

  /** The token hit starting at each token, and the one covering it. */
  final Hit[] hitAt;

  final Hit[] covering;
  final List<Hit> hits = new ArrayList<>();
  final List<Evidence> evidence = new ArrayList<>();
  final List<Assumption> assumptions = new ArrayList<>();
  private final List<int[]> blockedSpans = new ArrayList<>();

  final LinkedHashSet<String> concerns = new LinkedHashSet<>();
  final LinkedHashSet<String> exclusions = new LinkedHashSet<>();
  final LinkedHashSet<String> wanted = new LinkedHashSet<>();
  final LinkedHashSet<String> brandsWanted = new LinkedHashSet<>();
  final LinkedHashSet<String> brandsAvoided = new LinkedHashSet<>();
  final List<TypeFind> typeFinds = new ArrayList<>();
  final List<Hit> strongCategories = new ArrayList<>();
  final List<Hit> weakCategories = new ArrayList<>();
  final List<Hit> concernHits = new ArrayList<>();
  final List<SkinFind> skinFinds = new ArrayList<>();
  Hit firstOff;
  Hit firstPet;
  int[] beautySignal;
  String beautySignalWhat;
  boolean gift;
  boolean inStock;
  String priceTier;
  String textMarket;
  Integer minSpf;
  Integer quantity;

  Scan(BriefInput in) {
    this.in = in;
    this.raw = in.text();
    this.text = new BriefText(raw);
    this.n = text.size();
    this.norm = text.tokens.clone();
    this.blocked = new boolean[n];
    this.hitAt = new Hit[n];
    this.covering = new Hit[n];
  }

  void block(int start, int end) {
    blockedSpans.add(new int[] {start, end});
    for (int t = 0; t < n; t++) {
      if (text.starts[t] < end && text.ends[t] > start) {
        blocked[t] = true;
      }
    }
  }

  boolean overlapsBlocked(int start, int end) {
    for (int[] s : blockedSpans) {
      if (s[0] < end && s[1] > start) {
        return true;
      }
    }
    return false;
  }

  void addHit(Hit h) {
    hits.add(h);
    if (h.t0 >= 0) {
      hitAt[h.t0] = h;
      for (int t = h.t0; t < h.t1; t++) {
        covering[t] = h;
      }
    }
  }

  void typo(Hit h, String field, String value) {
    if (h.typoFrom != null) {
      evidence.add(
          ev(
              "typo.edit_distance",
              field,
              h,
              "\"" + h.typoFrom + "\" read as \"" + h.typoTo + "\"",
              value));
    }
  }

  void signal(Hit h, String what) {
    if (beautySignal == null || h.start < beautySignal[0]) {
      beautySignal = new int[] {h.start, h.end};
      beautySignalWhat = what;
    }
  }

  void signal(int start, int end, String what) {
    if (beautySignal == null || start < beautySignal[0]) {
      beautySignal = new int[] {start, end};
      beautySignalWhat = what;
    }
  }

  Evidence ev(String ruleId, String field, Hit h, String reason, String value) {
    return Evidence.span(raw, ruleId, field, h.start, h.end, reason, value);
  }
}
