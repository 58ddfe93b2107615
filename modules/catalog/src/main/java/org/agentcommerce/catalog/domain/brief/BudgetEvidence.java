package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;
import java.util.List;

/**
 * What the budget rules write down: the evidence of each budget shape chosen and of each amount in
 * it (its currency, a dollar read from the caller's market, a decimal comma, a thousands separator,
 * a multiplier), and the assumptions behind "around X" and a plain amount read as the maximum.
 */
final class BudgetEvidence {

  private BudgetEvidence() {}

  /** Adds the evidence and assumptions of the chosen candidates, in text order. */
  static void explain(
      String raw,
      List<BudgetRules.Candidate> chosen,
      String value,
      List<Evidence> evidence,
      List<Assumption> assumptions) {
    for (BudgetRules.Candidate c : chosen) {
      evidence.add(Evidence.span(raw, c.ruleId(), "budget", c.start(), c.end(), reason(c), value));
      for (Money part : c.parts()) {
        formatEvidence(raw, part, evidence, value);
      }
      if (c.shape() == BudgetRules.Shape.AROUND) {
        assumptions.add(
            new Assumption(
                "budget.around",
                "\""
                    + raw.substring(c.start(), c.end())
                    + "\" read as "
                    + c.min().toPlainString()
                    + " to "
                    + c.max().toPlainString()
                    + " (20% either side)",
                0.7));
      } else if (c.shape() == BudgetRules.Shape.PLAIN) {
        assumptions.add(
            new Assumption(
                "budget.amount_as_max",
                "\"" + raw.substring(c.start(), c.end()) + "\" read as the most to spend",
                0.7));
      }
    }
  }

  private static void formatEvidence(String raw, Money part, List<Evidence> out, String value) {
    if (part.curStart() >= 0) {
      out.add(
          Evidence.span(
              raw,
              part.currencyRule(),
              "budget",
              part.curStart(),
              part.curEnd(),
              "currency " + part.currency(),
              value));
      if (part.dollarFromContext()) {
        out.add(
            Evidence.span(
                raw,
                "currency.dollar_market",
                "budget",
                part.curStart(),
                part.curEnd(),
                "a bare dollar sign read as " + part.currency() + " from the caller's market",
                value));
      }
    }
    if (part.decimalComma()) {
      out.add(
          Evidence.span(
              raw,
              "budget.decimal_comma",
              "budget",
              part.numStart(),
              part.numEnd(),
              "comma is the decimal mark",
              value));
    }
    if (part.grouped()) {
      out.add(
          Evidence.span(
              raw,
              "budget.thousands_separator",
              "budget",
              part.numStart(),
              part.numEnd(),
              "separator groups thousands",
              value));
    }
    if (part.multiplied()) {
      out.add(
          Evidence.span(
              raw,
              "budget.multiplier",
              "budget",
              part.numStart(),
              part.numEnd(),
              "amount multiplied by its unit word",
              value));
    }
  }

  private static String reason(BudgetRules.Candidate c) {
    return switch (c.shape()) {
      case RANGE -> "a range: min and max";
      case MAX -> "an upper bound";
      case MIN -> "a lower bound";
      case AROUND -> "an approximate amount, 20% either side";
      case PLAIN -> "a plain amount, read as the maximum";
    };
  }

  static String describe(BigDecimal min, BigDecimal max, String currency) {
    if (min == null && max == null) {
      return null;
    }
    String cur = currency == null ? "" : " " + currency;
    if (min == null) {
      return "max " + max.toPlainString() + cur;
    }
    if (max == null) {
      return "min " + min.toPlainString() + cur;
    }
    return min.toPlainString() + "-" + max.toPlainString() + cur;
  }
}
