package org.agentcommerce.catalog.domain.brief;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The brief folded for matching, with its Latin-script tokens. Folding maps every char to exactly
 * one char (lower case by {@link Character#toLowerCase(char)}, Latin accents stripped, full-width
 * forms to ASCII, typographic quotes and dashes to ASCII), so an offset in the folded text is the
 * same offset in the raw text.
 */
final class BriefText {

  /** How two neighbouring tokens are separated. */
  enum Gap {
    /** Spaces, hyphens, apostrophes, colons: the tokens can belong to one phrase. */
    SPACE,
    /** A comma, slash, ampersand or plus: a list continues. */
    LIST,
    /** Sentence punctuation, brackets or non-Latin text: a clause ends. */
    BREAK
  }

  private static final char[] LATIN = new char[0x250];

  static {
    for (char c = 0; c < LATIN.length; c++) {
      char lower = Character.toLowerCase(c);
      char folded = lower;
      if (lower >= 0x80 && Character.isLetter(lower)) {
        String nfd = Normalizer.normalize(String.valueOf(lower), Normalizer.Form.NFD);
        if (nfd.charAt(0) < 0x80) {
          folded = nfd.charAt(0);
        }
      }
      LATIN[c] = folded;
    }
    LATIN[0xA0] = ' ';
    LATIN[0xB4] = '\'';
  }

  final String raw;
  final String folded;
  final String[] tokens;
  final int[] starts;
  final int[] ends;

  /** {@code gaps[i]} separates token i-1 from token i; {@code gaps[0]} is BREAK. */
  final Gap[] gaps;

  BriefText(String raw) {
    this.raw = raw;
    this.folded = fold(raw);
    List<int[]> spans = new ArrayList<>();
    int n = folded.length();
    int i = 0;
    while (i < n) {
      if (isTokenChar(folded.charAt(i))) {
        int s = i;
        while (i < n && isTokenChar(folded.charAt(i))) {
          i++;
        }
        spans.add(new int[] {s, i});
      } else {
        i++;
      }
    }
    int count = spans.size();
    tokens = new String[count];
    starts = new int[count];
    ends = new int[count];
    gaps = new Gap[count];
    for (int t = 0; t < count; t++) {
      starts[t] = spans.get(t)[0];
      ends[t] = spans.get(t)[1];
      tokens[t] = folded.substring(starts[t], ends[t]);
      gaps[t] = t == 0 ? Gap.BREAK : classify(folded, ends[t - 1], starts[t]);
    }
  }

  int size() {
    return tokens.length;
  }

  /** Folds one string the same way the brief is folded (used for vocabulary and brand names). */
  static String fold(String s) {
    char[] out = new char[s.length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = fold(s.charAt(i));
    }
    return new String(out);
  }

  static char fold(char c) {
    if (c < LATIN.length) {
      return LATIN[c];
    }
    if (c >= 0xFF01 && c <= 0xFF5E) {
      return fold((char) (c - 0xFEE0));
    }
    switch (c) {
      case 0x3000, 0x2007, 0x2009, 0x200A, 0x202F, 0x2002, 0x2003:
        return ' ';
      case 0x2018, 0x2019, 0x201B, 0x02BC, 0x2032:
        return '\'';
      case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212:
        return '-';
      case 0xFFE5:
        return '\u00A5';
      case 0xFFE1:
        return '\u00A3';
      default:
        return Character.toLowerCase(c);
    }
  }

  static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || (c >= 0xC0 && c < 0x250 && Character.isLetter(c));
  }

  static boolean isCjk(char c) {
    return (c >= 0x3040 && c <= 0x30FF)
        || (c >= 0x4E00 && c <= 0x9FFF)
        || (c >= 0x3400 && c <= 0x4DBF)
        || (c >= 0xFF66 && c <= 0xFF9F)
        || (c >= 0xAC00 && c <= 0xD7AF);
  }

  private static Gap classify(String folded, int from, int to) {
    Gap gap = Gap.SPACE;
    for (int i = from; i < to; i++) {
      char c = folded.charAt(i);
      switch (c) {
        case '.', ';', '!', '?', '(', ')', '[', ']', '{', '}', '\n', '\r', '|', '<', '>':
          return Gap.BREAK;
        case ',', '/', '&', '+':
          gap = Gap.LIST;
          break;
        default:
          if (isCjk(c) || c == '\u3001' || c == '\u3002') {
            return Gap.BREAK;
          }
      }
    }
    return gap;
  }
}
