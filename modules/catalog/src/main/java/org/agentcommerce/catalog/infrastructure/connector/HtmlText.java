package org.agentcommerce.catalog.infrastructure.connector;

import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  private static final Map<String, String> NAMED =
      Map.ofEntries(
          Map.entry("amp", "&"),
          Map.entry("lt", "<"),
          Map.entry("gt", ">"),
          Map.entry("quot", "\""),
          Map.entry("apos", "'"),
          Map.entry("nbsp", " "),
          Map.entry("shy", ""),
          Map.entry("ndash", "\u2013"),
          Map.entry("mdash", "\u2014"),
          Map.entry("hellip", "\u2026"),
          Map.entry("lsquo", "\u2018"),
          Map.entry("rsquo", "\u2019"),
          Map.entry("ldquo", "\u201C"),
          Map.entry("rdquo", "\u201D"),
          Map.entry("laquo", "\u00AB"),
          Map.entry("raquo", "\u00BB"),
          Map.entry("bull", "\u2022"),
          Map.entry("middot", "\u00B7"),
          Map.entry("copy", "\u00A9"),
          Map.entry("reg", "\u00AE"),
          Map.entry("trade", "\u2122"),
          Map.entry("deg", "\u00B0"),
          Map.entry("times", "\u00D7"),
          Map.entry("euro", "\u20AC"),
          Map.entry("pound", "\u00A3"),
          Map.entry("yen", "\u00A5"),
          Map.entry("cent", "\u00A2"),
          Map.entry("aacute", "\u00E1"),
          Map.entry("agrave", "\u00E0"),
          Map.entry("acirc", "\u00E2"),
          Map.entry("auml", "\u00E4"),
          Map.entry("ccedil", "\u00E7"),
          Map.entry("eacute", "\u00E9"),
          Map.entry("egrave", "\u00E8"),
          Map.entry("ecirc", "\u00EA"),
          Map.entry("iacute", "\u00ED"),
          Map.entry("ntilde", "\u00F1"),
          Map.entry("oacute", "\u00F3"),
          Map.entry("ouml", "\u00F6"),
          Map.entry("uacute", "\u00FA"),
          Map.entry("uuml", "\u00FC"),
          Map.entry("Auml", "\u00C4"),
          Map.entry("Ouml", "\u00D6"),
          Map.entry("Uuml", "\u00DC"),
          Map.entry("szlig", "\u00DF"));

  private HtmlText() {}

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
