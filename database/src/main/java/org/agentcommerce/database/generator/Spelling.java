package org.agentcommerce.database.generator;

/**
 * How a brand spells: US English ({@code moisturizer}, {@code color}, {@code sunscreen}) or
 * British/international English ({@code moisturiser}, {@code colour}, {@code sun cream}). Copy in
 * the vocabulary carries placeholders such as {@code {moisturizer}} and {@code {Color}}.
 */
enum Spelling {
  US("moisturizer", "color", "sunscreen", "aluminum", "odor", "center", "volumizing", "fiber"),
  UK("moisturiser", "colour", "sun cream", "aluminium", "odour", "centre", "volumising", "fibre");

  private static final String[] KEYS = {
    "moisturizer", "color", "sunscreen", "aluminum", "odor", "center", "volumizing", "fiber"
  };

  private final String[] words;

  Spelling(String... words) {
    this.words = words;
  }

  /** Replaces {@code {word}} (lowercase) and {@code {Word}} (capitalised) placeholders. */
  String apply(String text) {
    if (text == null || text.indexOf('{') < 0) {
      return text;
    }
    String out = text;
    for (int i = 0; i < KEYS.length; i++) {
      out = out.replace("{" + KEYS[i] + "}", words[i]);
      out = out.replace("{" + capitalise(KEYS[i]) + "}", titleCase(words[i]));
    }
    if (out.indexOf('{') >= 0) {
      throw new IllegalStateException("Unknown placeholder in: " + text);
    }
    return out;
  }

  static String capitalise(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  static String titleCase(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean start = true;
    for (char c : s.toCharArray()) {
      out.append(start ? Character.toUpperCase(c) : c);
      start = c == ' ';
    }
    return out.toString();
  }
}
