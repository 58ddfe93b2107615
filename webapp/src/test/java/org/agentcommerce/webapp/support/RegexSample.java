package org.agentcommerce.webapp.support;

/**
 * The shortest plain text a pattern of the document matches, for the patterns it uses: literals,
 * escapes ({@code \d}, {@code \w}, {@code \S}, {@code \.}), classes with ranges, groups, the first
 * of alternatives, and the quantifiers {@code ? * + {n} {n,} {n,m}} (each taken at its least, and
 * once at least for {@code +}). Deterministic; the result is checked against the pattern.
 */
final class RegexSample {

  private final String regex;
  private int at;

  private RegexSample(String regex) {
    this.regex = regex;
  }

  static String of(String regex) {
    String sample = new RegexSample(regex).alternatives();
    if (!java.util.regex.Pattern.compile(regex).matcher(sample).find()) {
      throw new IllegalArgumentException("no sample for the pattern " + regex + ": " + sample);
    }
    return sample;
  }

  /** The first alternative up to the end of the current group, skipping the others. */
  private String alternatives() {
    String first = sequence();
    while (at < regex.length() && regex.charAt(at) == '|') {
      at++;
      sequence();
    }
    return first;
  }

  private String sequence() {
    StringBuilder out = new StringBuilder();
    while (at < regex.length() && regex.charAt(at) != '|' && regex.charAt(at) != ')') {
      String atom = atom();
      int times = quantifier();
      out.append(atom.repeat(times));
    }
    return out.toString();
  }

  private String atom() {
    char c = regex.charAt(at++);
    switch (c) {
      case '^', '$' -> {
        return "";
      }
      case '.' -> {
        return "x";
      }
      case '(' -> {
        if (regex.startsWith("?:", at)) {
          at += 2;
        }
        String inner = alternatives();
        at++; // ')'
        return inner;
      }
      case '[' -> {
        return String.valueOf(characterClass());
      }
      case '\\' -> {
        return String.valueOf(escape(regex.charAt(at++)));
      }
      default -> {
        return String.valueOf(c);
      }
    }
  }

  private static char escape(char c) {
    return switch (c) {
      case 'd' -> '1';
      case 'w', 'S' -> 'a';
      case 's' -> ' ';
      default -> c;
    };
  }

  /** The first character a class admits (a negated class: the first of a few that it does). */
  private char characterClass() {
    boolean negated = regex.charAt(at) == '^';
    if (negated) {
      at++;
    }
    StringBuilder members = new StringBuilder();
    Character first = null;
    boolean start = true;
    while (start || regex.charAt(at) != ']') {
      start = false;
      char c = regex.charAt(at++);
      if (c == '\\') {
        c = escape(regex.charAt(at++));
      }
      if (first == null) {
        first = c;
      }
      members.append(c);
      if (regex.charAt(at) == '-' && regex.charAt(at + 1) != ']') {
        at++;
        char end = regex.charAt(at++);
        for (char r = c; r <= end; r++) {
          members.append(r);
        }
      }
    }
    at++; // ']'
    if (!negated) {
      return first;
    }
    for (char candidate : "aeZ19_".toCharArray()) {
      if (members.indexOf(String.valueOf(candidate)) < 0) {
        return candidate;
      }
    }
    return '~';
  }

  private int quantifier() {
    if (at >= regex.length()) {
      return 1;
    }
    char q = regex.charAt(at);
    int times =
        switch (q) {
          case '?', '*' -> 0;
          case '+' -> 1;
          case '{' -> {
            int close = regex.indexOf('}', at);
            String bounds = regex.substring(at + 1, close);
            at = close;
            yield Integer.parseInt(bounds.split(",", -1)[0].trim());
          }
          default -> -1;
        };
    if (times < 0) {
      return 1;
    }
    at++;
    if (at < regex.length() && (regex.charAt(at) == '?' || regex.charAt(at) == '+')) {
      at++; // lazy or possessive
    }
    return times;
  }
}
