package org.agentcommerce.catalog.domain.brief;

/**
 * Why a field has the value it has: the rule that fired and the span of the brief it read.
 *
 * @param ruleId one of {@link BriefParser#RULES}
 * @param field the {@link ParsedBrief} component the rule set ("budget", "concerns"...)
 * @param start offset of the span in the raw text, or -1 when the value came from the caller's
 *     input or was derived from another field
 * @param end exclusive end offset, or -1
 * @param text {@code rawText.substring(start, end)}, or "" when there is no span
 * @param reason one line for humans
 * @param value the normalized value this entry supports (one element of a list field)
 */
public record Evidence(
    String ruleId, String field, int start, int end, String text, String reason, String value) {

  static Evidence span(
      String raw, String ruleId, String field, int start, int end, String reason, String value) {
    return new Evidence(ruleId, field, start, end, raw.substring(start, end), reason, value);
  }

  static Evidence derived(String ruleId, String field, String reason, String value) {
    return new Evidence(ruleId, field, -1, -1, "", reason, value);
  }

  /** Whether this entry points at a span of the raw text. */
  public boolean hasSpan() {
    return start >= 0;
  }
}
