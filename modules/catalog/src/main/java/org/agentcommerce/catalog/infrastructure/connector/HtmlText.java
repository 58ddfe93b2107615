package org.agentcommerce.catalog.infrastructure.connector;

import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.catalog.domain.tables.DataFiles;

/**
 * Turns the HTML of a product description into plain text: scripts, styles and comments dropped,
 * block elements become line breaks, other tags vanish, entities are decoded and whitespace is
 * collapsed. Not a sanitizer for HTML output; its result is text, never markup.
 */
final class HtmlText {

  private static final Pattern COMMENTS = Pattern.compile("(?s)<!--.*?-->");
  private static final Pattern HIDDEN =
      Pattern.compile("(?is)<(script|style|template|noscript|head)\\b[^>]*>.*?</\\1\\s*>");
  private static final Pattern BLOCKS =
      Pattern.compile(
          "(?i)<\\s*/?\\s*(br|p|div|li|ul|ol|dl|dt|dd|h[1-6]|tr|table|thead|tbody|section"
              + "|article|header|footer|blockquote|pre|hr|figure|figcaption)\\b[^>]*>");
  private static final Pattern TAGS = Pattern.compile("<[/!?]?[a-zA-Z][^>]*>");
  private static final Pattern ENTITY =
      Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});");
  private static final Pattern LINE_BREAKS = Pattern.compile("[\\r\\n]+");
  private static final Pattern SPACES = Pattern.compile("[\\s\\u00A0\\u2007\\u202F]+");

  private static final Pattern CODE_POINT = Pattern.compile("U\\+[0-9A-F]{4,6}");

  /** The named entities and the text each becomes: {@code html-entities.tsv} beside this class. */
  static final Map<String, String> NAMED = namedEntities("html-entities.tsv");

  private HtmlText() {}

  /** A table of named entities beside this class. */
  static Map<String, String> namedEntities(String file) {
    Map<String, String> named = new HashMap<>();
    DataFiles.table(HtmlText.class, file)
        .forEach((name, value) -> named.put(name, replacement(file, name, value)));
    return Map.copyOf(named);
  }

  /** A table value: {@code none} is nothing, {@code U+2013} that code point. */
  private static String replacement(String file, String name, String value) {
    if ("none".equals(value)) {
      return "";
    }
    if (CODE_POINT.matcher(value).matches()) {
      int codePoint = Integer.parseInt(value, 2, value.length(), 16);
      if (Character.isValidCodePoint(codePoint)) {
        return Character.toString(codePoint);
      }
    }
    throw new IllegalStateException(
        "data file "
            + file
            + ": none or a code point (U+2013) expected for "
            + name
            + ": "
            + value);
  }

  /** The plain text of {@code html}, lines separated by {@code \n}; null when there is none. */
  static String toPlainText(String html) {
    if (html == null || html.isBlank()) {
      return null;
    }
    String text = COMMENTS.matcher(html).replaceAll("");
    text = HIDDEN.matcher(text).replaceAll("");
    // Line breaks in the source are spacing, as a browser renders them; only blocks break lines.
    text = LINE_BREAKS.matcher(text).replaceAll(" ");
    text = BLOCKS.matcher(text).replaceAll("\n");
    text = TAGS.matcher(text).replaceAll("");
    text = decodeEntities(text);
    StringJoiner lines = new StringJoiner("\n");
    for (String line : text.split("\n")) {
      String collapsed = SPACES.matcher(line).replaceAll(" ").strip();
      if (!collapsed.isEmpty()) {
        lines.add(collapsed);
      }
    }
    String result = lines.toString();
    return result.isEmpty() ? null : result;
  }

  static String decodeEntities(String text) {
    if (text.indexOf('&') < 0) {
      return text;
    }
    Matcher m = ENTITY.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(decode(m.group(1), m.group())));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String decode(String entity, String original) {
    if (entity.charAt(0) != '#') {
      return NAMED.getOrDefault(entity, original);
    }
    boolean hex = entity.length() > 1 && (entity.charAt(1) == 'x' || entity.charAt(1) == 'X');
    int codePoint;
    try {
      codePoint =
          hex
              ? Integer.parseInt(entity, 2, entity.length(), 16)
              : Integer.parseInt(entity, 1, entity.length(), 10);
    } catch (NumberFormatException e) {
      return original;
    }
    if (codePoint == 0 || !Character.isValidCodePoint(codePoint)) {
      return original;
    }
    return codePoint == 0xA0 ? " " : new String(Character.toChars(codePoint));
  }
}
