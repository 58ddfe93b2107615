package org.agentcommerce.catalog.domain.brief;

import java.util.List;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;
import org.agentcommerce.catalog.domain.brief.Lexicon.Sense;

/**
 * A phrase or brand found in the brief. Token hits have t0/t1 (the tokens they cover); Japanese
 * hits have t0 = t1 = -1. A hit in a negation scope records what negated it and by which rule.
 */
final class Hit {
  final int t0;
  final int t1;
  final int start;
  final int end;
  final List<Sense> senses;
  final String brand;
  String typoFrom;
  String typoTo;
  Hit trigger;
  String negationRule;

  Hit(int t0, int t1, int start, int end, List<Sense> senses, String brand) {
    this.t0 = t0;
    this.t1 = t1;
    this.start = start;
    this.end = end;
    this.senses = senses;
    this.brand = brand;
  }

  boolean negated() {
    return negationRule != null;
  }

  boolean has(Kind kind) {
    return sense(kind) != null;
  }

  Sense sense(Kind kind) {
    for (Sense s : senses) {
      if (s.kind() == kind) {
        return s;
      }
    }
    return null;
  }

  boolean itemLike() {
    return brand != null || has(Kind.INGREDIENT) || has(Kind.EXCLUDE);
  }

  void negate(Hit by, String ruleId) {
    if (negationRule == null) {
      trigger = by;
      negationRule = ruleId;
    }
  }
}
