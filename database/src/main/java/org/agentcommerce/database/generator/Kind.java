package org.agentcommerce.database.generator;

import java.util.ArrayList;
import java.util.List;

/**
 * A product type: category, the noun in titles, the variant option (size, shade) and its values,
 * base price, textures, how-to-use copy, base formula and the profiles it can carry. Built once in
 * {@link Vocabulary}; not changed afterwards.
 */
final class Kind {

  /** A variant option value with its price factor against the kind's base price. */
  record Option(String label, double factor) {}

  /** A texture word for copy, and the word it adds to titles (or null). */
  record Texture(String word, String titleWord) {}

  final String productType;
  final Category category;
  final String code;
  String noun;
  String nounUk;
  String optionName = "Size";
  List<Option> options = List.of();
  int maxVariants = 4;
  int minVariants = 1;
  int usdBase;
  List<Texture> textures = List.of();
  String usage;
  List<String> inciHead = List.of();
  List<String> inciTail = List.of();
  List<Profile> profiles = List.of();
  List<String> tags = List.of();
  List<String> evidence = List.of();
  boolean alcohol;
  boolean scented;

  /** Texture title words go after the noun ("After-Sun Gel") instead of before it. */
  boolean textureAfter;

  /** Where the actives go in the ingredient list: after this many head ingredients. */
  int activesAt = 2;

  Kind(String productType, Category category, String code) {
    this.productType = productType;
    this.category = category;
    this.code = code;
  }

  Kind noun(String us, String uk) {
    this.noun = us;
    this.nounUk = uk;
    return this;
  }

  Kind noun(String noun) {
    return noun(noun, noun);
  }

  /** Option values as {@code "30 ml:1.0"}; factor 1.0 is the base price. */
  Kind sizes(String... values) {
    return options("Size", values);
  }

  Kind shades(String... values) {
    List<String> withFactor = new ArrayList<>();
    for (String v : values) {
      withFactor.add(v + ":1.0");
    }
    this.minVariants = 2;
    return options("Shade", withFactor.toArray(String[]::new));
  }

  Kind options(String name, String... values) {
    this.optionName = name;
    List<Option> list = new ArrayList<>();
    for (String v : values) {
      int colon = v.lastIndexOf(':');
      list.add(new Option(v.substring(0, colon), Double.parseDouble(v.substring(colon + 1))));
    }
    this.options = List.copyOf(list);
    return this;
  }

  Kind variants(int min, int max) {
    this.minVariants = min;
    this.maxVariants = max;
    return this;
  }

  Kind price(int usdCents) {
    this.usdBase = usdCents;
    return this;
  }

  /** Textures as {@code "gel|Gel"} (title word after the bar) or {@code "silky"}. */
  Kind textures(String... values) {
    List<Texture> list = new ArrayList<>();
    for (String v : values) {
      int bar = v.indexOf('|');
      list.add(
          bar < 0 ? new Texture(v, null) : new Texture(v.substring(0, bar), v.substring(bar + 1)));
    }
    this.textures = List.copyOf(list);
    return this;
  }

  Kind usage(String usage) {
    this.usage = usage;
    return this;
  }

  Kind inci(String head, String tail) {
    this.inciHead = List.of(head.split(", "));
    this.inciTail = List.of(tail.split(", "));
    return this;
  }

  Kind activesAt(int position) {
    this.activesAt = position;
    return this;
  }

  Kind profiles(Profile... profiles) {
    this.profiles = List.of(profiles);
    return this;
  }

  Kind tags(String... tags) {
    this.tags = List.of(tags);
    return this;
  }

  Kind evidence(String... evidence) {
    this.evidence = List.of(evidence);
    return this;
  }

  Kind alcohol() {
    this.alcohol = true;
    return this;
  }

  Kind textureAfter() {
    this.textureAfter = true;
    return this;
  }

  Kind scented() {
    this.scented = true;
    return this;
  }

  String noun(Spelling spelling) {
    return spelling == Spelling.UK ? nounUk : noun;
  }

  boolean shades() {
    return optionName.equals("Shade");
  }

  @Override
  public String toString() {
    return productType + "/" + code;
  }
}
