package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;
import org.agentcommerce.catalog.domain.brief.Lexicon.Sense;

/**
 * Finds the catalog's known brands in a brief, case-, accent- and punctuation-insensitively ("la
 * roche posay" finds "La Roche-Posay"); the longest name wins. Holds only its compiled pattern and
 * is safe to share between threads.
 */
final class BrandMatcher {

  private final List<String> brandNames;
  private final Pattern brandPattern;

  /**
   * @param knownBrands brand names as the catalog shows them; matched case-, accent- and
   *     punctuation-insensitively ("la roche posay" finds "La Roche-Posay")
   */
  BrandMatcher(Collection<String> knownBrands) {
    Map<String, String> byFolded = new LinkedHashMap<>();
    for (String b : knownBrands == null ? List.<String>of() : knownBrands) {
      if (b != null && !b.isBlank()) {
        byFolded.putIfAbsent(BriefText.fold(b.strip()), b.strip());
      }
    }
    List<String> folded = new ArrayList<>(byFolded.keySet());
    folded.sort(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
    List<String> names = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (String f : folded) {
      String body = brandRegex(f);
      if (body == null) {
        continue;
      }
      names.add(byFolded.get(f));
      sb.append(sb.length() == 0 ? "" : "|").append('(').append(body).append(')');
    }
    this.brandNames = List.copyOf(names);
    this.brandPattern =
        names.isEmpty()
            ? null
            : Pattern.compile("(?<![\\p{L}\\p{N}])(?:" + sb + ")\\+?(?![\\p{L}\\p{N}])");
  }

  private static String brandRegex(String folded) {
    for (int i = 0; i < folded.length(); i++) {
      if (BriefText.isCjk(folded.charAt(i))) {
        return Pattern.quote(folded);
      }
    }
    String[] chunks = new BriefText(folded).tokens;
    if (chunks.length == 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < chunks.length; i++) {
      if (i > 0) {
        sb.append("[\\s.\\-'&+]*");
      }
      sb.append(Pattern.quote(chunks[i]));
    }
    return sb.toString();
  }

  void find(Scan scan) {
    if (brandPattern == null) {
      return;
    }
    Matcher m = brandPattern.matcher(scan.text.folded);
    while (m.find()) {
      int group = 0;
      for (int g = 1; g <= m.groupCount(); g++) {
        if (m.group(g) != null) {
          group = g;
          break;
        }
      }
      if (group == 0 || scan.overlapsBlocked(m.start(), m.end())) {
        continue;
      }
      String brand = brandNames.get(group - 1);
      int t0 = -1;
      int t1 = -1;
      for (int t = 0; t < scan.n; t++) {
        if (scan.text.starts[t] >= m.start() && scan.text.ends[t] <= m.end()) {
          if (t0 < 0) {
            t0 = t;
          }
          t1 = t + 1;
        }
      }
      Hit h =
          new Hit(
              t0,
              t1,
              m.start(),
              m.end(),
              List.of(new Sense(Kind.BRAND, brand, false, "brand.want")),
              brand);
      scan.addHit(h);
    }
  }
}
