package org.agentcommerce.database.generator;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Makes products from the vocabulary: a {@link ProductSpec} (what the brand sells) and a {@link
 * Rows.Listing} (one merchant's listing of it, with variants and offers). The demo catalog and the
 * benchmark catalog both come from here, so they look alike.
 */
final class ProductFactory {

  /** A listing's ids on the merchant's platform. */
  record Upstream(String productId, List<String> variantIds) {}

  private static final Set<Kind> LEAVE_ON_FACE =
      Set.of(Kinds.SERUM, Kinds.MOISTURIZER, Kinds.FACE_OIL, Kinds.EYE_CREAM, Kinds.ESSENCE);
  private static final Set<Kind> RINSE_OFF =
      Set.of(
          Kinds.SHAMPOO,
          Kinds.CONDITIONER,
          Kinds.HAIR_MASK,
          Kinds.CLEANSER,
          Kinds.BODY_WASH,
          Kinds.MASK,
          Kinds.BODY_SCRUB);

  private ProductFactory() {}

  /** A product of {@code brand}; of {@code kind}, or of one of the brand's kinds when null. */
  static ProductSpec spec(Brand brand, Kind kind, Rng rng, int brandSeq) {
    if (kind == null) {
      kind = rng.pick(brand.kinds());
    }
    Spelling spelling = brand.spelling();
    boolean perfume = kind.category == Category.FRAGRANCE;

    Profile profile;
    String line = null;
    if (perfume) {
      String entry = rng.pick(brand.lines());
      int bar = entry.indexOf('|');
      line = entry.substring(0, bar);
      profile = Brands.family(entry.substring(bar + 1));
    } else {
      List<Profile> choices = new ArrayList<>();
      for (Profile p : kind.profiles) {
        if (p.allows(brand.origin()) && (brand.focus().isEmpty() || brand.focus().contains(p))) {
          choices.add(p);
        }
      }
      if (choices.isEmpty()) {
        for (Profile p : kind.profiles) {
          if (p.allows(brand.origin())) {
            choices.add(p);
          }
        }
      }
      profile = rng.pick(choices);
      if (!brand.lines().isEmpty() && rng.chance(0.6)) {
        String candidate = rng.pick(brand.lines());
        String stem = candidate.toLowerCase(Locale.ROOT);
        stem = stem.substring(0, Math.min(4, stem.length()));
        if (profile.title == null || !profile.title.toLowerCase(Locale.ROOT).contains(stem)) {
          line = candidate;
        }
      }
    }
    Kind.Texture texture = rng.pick(kind.textures);
    List<Kind.Option> options = options(kind, rng);

    // Scent and alcohol.
    boolean oils =
        !kind.scented
            && !profile.fragranceFree
            && brand.essentialOilChance() > 0
            && rng.chance(brand.essentialOilChance());
    boolean fragranced =
        kind.scented
            || (!oils
                && !profile.fragranceFree
                && brand.fragranceChance() > 0
                && rng.chance(brand.fragranceChance()));
    boolean fragranceFree = !fragranced && !oils && !profile.essentialOil;
    boolean alcohol =
        kind.alcohol
            || profile.alcohol
            || (kind == Kinds.TONER && rng.chance(0.3))
            || (kind == Kinds.MASK && texture.word().equals("clay") && rng.chance(0.3))
            || (kind == Kinds.SUNSCREEN && texture.word().equals("fluid") && rng.chance(0.4));

    // Title.
    String noun = kind.noun(spelling);
    String nounPhrase =
        texture.titleWord() == null
            ? noun
            : kind.textureAfter
                ? noun + " " + texture.titleWord()
                : texture.titleWord() + " " + noun;
    List<String> parts = new ArrayList<>();
    parts.add(brand.shortName());
    if (line != null) {
      parts.add(line);
    }
    if (!perfume && profile.title != null) {
      parts.add(profile.title);
    }
    parts.add(nounPhrase);
    if (profile.suffix != null) {
      parts.add(profile.suffix);
    }
    if (options.size() == 1) {
      String label = options.get(0).label();
      parts.add(kind.shades() ? "in " + label : compact(label));
    }
    String title = spelling.apply(String.join(" ", parts));

    // Tags.
    Set<String> tags = new LinkedHashSet<>();
    tags.addAll(profile.tags);
    tags.addAll(kind.tags);
    tags.addAll(brand.tags());
    if (fragranceFree) {
      tags.add("fragrance-free");
    } else if (oils || profile.essentialOil) {
      tags.add("essential-oils");
    } else {
      tags.add("fragranced");
    }
    boolean skinLike =
        kind.category == Category.SKINCARE
            || kind.category == Category.SUN
            || kind.category == Category.BODY;
    if (skinLike && !alcohol) {
      tags.add("alcohol-free");
    }
    if (profile.suffix != null && profile.suffix.startsWith("SPF")) {
      tags.add("spf");
    }
    if (brand.origin().equals("JP")) {
      tags.add("j-beauty");
    }
    if (brand.vegan()) {
      tags.add("vegan");
      tags.add("cruelty-free");
    }
    boolean onSale = rng.chance(0.12);
    if (onSale) {
      tags.add("sale");
    }
    if (rng.chance(0.1)) {
      tags.add("bestseller");
    }
    if (rng.chance(0.07)) {
      tags.add("new");
    }

    // Skin types.
    List<String> skin = new ArrayList<>();
    if (!perfume) {
      skin.addAll(profile.skinTypes);
      if (!fragranceFree) {
        skin.remove("sensitive");
      }
      if (skin.isEmpty()) {
        skin.add("normal");
      }
      boolean clinical = brand.fragranceChance() == 0 && brand.essentialOilChance() == 0;
      if (fragranceFree
          && clinical
          && kind.category == Category.SKINCARE
          && !skin.contains("all")
          && !skin.contains("sensitive")) {
        skin.add("sensitive");
      }
    }

    // Description.
    String texturePart = texture.titleWord() == null ? texture.word() + " " : "";
    String spfPart =
        profile.suffix != null && profile.suffix.startsWith("SPF") ? profile.suffix + " " : "";
    String nounLower = lower(nounPhrase);
    String described = texturePart + spfPart + nounLower;
    String s1 =
        perfume
            ? line
                + " is "
                + article(described)
                + " "
                + described
                + " "
                + profile.with
                + " that "
                + profile.benefit
                + "."
            : Spelling.capitalise(
                article(described)
                    + " "
                    + described
                    + " "
                    + profile.with
                    + " that "
                    + profile.benefit
                    + ".");
    String usage =
        profile.usage != null && LEAVE_ON_FACE.contains(kind) ? profile.usage : kind.usage;
    boolean noteRepeats =
        profile.note != null
            && profile.note.contains("{sunscreen}")
            && usage.contains("{sunscreen}");
    if (profile.note != null
        && !noteRepeats
        && (!profile.note.contains("rins") || RINSE_OFF.contains(kind))) {
      usage = usage + "; " + profile.note;
    }
    String s2 = usage + ".";
    String who;
    if (kind.category == Category.HAIR) {
      who = "Made for " + profile.bestFor;
    } else if (perfume) {
      who =
          "Contains alcohol denat. and naturally occurring fragrance allergens such as linalool"
              + " and limonene";
    } else if (skin.contains("all")) {
      who = "Suits all skin types";
    } else {
      who = "Suits " + joinAnd(skin) + " skin";
    }
    List<String> extras = new ArrayList<>();
    if (!perfume) {
      if (fragranceFree) {
        extras.add("fragrance-free");
      } else if (oils) {
        extras.add("scented only with essential oils of " + brand.oilsPhrase());
      } else if (profile.essentialOil) {
        extras.add("naturally scented by its essential oils");
      } else {
        extras.add(
            brand.scent() != null ? "lightly scented with " + brand.scent() : "lightly fragranced");
      }
    }
    if (tags.contains("non-comedogenic") && kind.category != Category.HAIR) {
      extras.add("non-comedogenic");
    }
    if (tags.contains("sulfate-free")) {
      extras.add("sulfate-free");
    }
    if (brand.vegan()) {
      extras.add("vegan");
    }
    String s3 = who;
    if (!extras.isEmpty()) {
      String lead = extras.get(0);
      List<String> rest = extras.subList(1, extras.size());
      s3 +=
          lead.indexOf(' ') < 0
              ? "; " + joinAnd(extras)
              : "; " + lead + (rest.isEmpty() ? "" : "; " + joinAnd(rest));
    }
    s3 += ".";
    String description = spelling.apply(s1 + " " + Spelling.capitalise(s2) + " " + s3);

    // Ingredients.
    List<String> inci = new ArrayList<>(kind.inciHead);
    int at = Math.min(kind.activesAt, inci.size());
    if (alcohol && !inci.contains("Alcohol Denat.")) {
      inci.add(Math.min(1, inci.size()), "Alcohol Denat.");
      at = Math.min(at + 1, inci.size());
    }
    List<String> activeInci = new ArrayList<>();
    for (Active a : profile.actives) {
      activeInci.add(a.inci());
    }
    inci.addAll(at, activeInci);
    inci.addAll(kind.inciTail);
    if (fragranced && !kind.scented) {
      inci.add("Parfum (Fragrance)");
      inci.add("Limonene");
      inci.add("Linalool");
    }
    if (oils) {
      inci.addAll(brand.oilsInci());
    }
    String ingredients = String.join(", ", new LinkedHashSet<>(inci));

    // Evidence a claim may cite.
    List<String> evidence = new ArrayList<>();
    for (Active a : profile.actives) {
      boolean offTopic =
          kind.category == Category.MAKEUP
              && a.evidence() != null
              && a.evidence().startsWith("after-sun");
      if (a.evidence() != null && !offTopic) {
        evidence.add(a.evidence());
      }
    }
    evidence.addAll(profile.evidence);
    evidence.addAll(kind.evidence);
    if (fragranced && !kind.scented) {
      evidence.add("fragrance:0");
    }
    if (oils || profile.essentialOil) {
      evidence.add("fragrance:1");
    }
    if (alcohol && !kind.scented) {
      evidence.add("alcohol:0");
    }
    if (fragranceFree && skin.contains("sensitive")) {
      evidence.add("fragrance:0");
    }
    if (!alcohol && ingredients.contains("Cetearyl Alcohol")) {
      evidence.add("alcohol:2");
    }

    // Intel copy.
    String bestFor;
    String why;
    String target = texturePart + spfPart + nounLower;
    if (perfume) {
      bestFor = "fans of " + profile.key + " scents who want " + article(target) + " " + target;
      why =
          Spelling.capitalise(article(profile.key))
              + " "
              + profile.key
              + " scent built on "
              + profile.with.substring("with notes of ".length())
              + ". It contains alcohol denat. and fragrance allergens, so sensitive skin may"
              + " prefer to spray it on clothing.";
    } else {
      String lastWord = profile.bestFor.substring(profile.bestFor.lastIndexOf(' ') + 1);
      boolean plural = lastWord.endsWith("s") && !lastWord.endsWith("ss");
      bestFor =
          profile.bestFor
              + (plural ? " that want " : " that wants ")
              + article(target)
              + " "
              + target;
      List<String> names = new ArrayList<>();
      for (String n : profile.activeNames()) {
        names.add(display(n));
      }
      String scent =
          fragranceFree
              ? "fragrance-free"
              : oils
                  ? "essential-oil-scented"
                  : profile.essentialOil ? "naturally scented" : "lightly fragranced";
      String lead = names.size() > 1 ? "Pairs " + joinAnd(names) : "Built around " + names.get(0);
      why = lead + " in " + article(scent) + " " + scent + " " + target + ".";
    }

    return new ProductSpec(
        brand.name(),
        brand.skuPrefix(),
        kind.code,
        title,
        description,
        kind.productType,
        kind.category,
        List.copyOf(tags),
        perfume ? List.of() : profile.activeNames(),
        ingredients,
        perfume ? List.of() : List.copyOf(skin),
        perfume ? List.of() : profile.concerns,
        kind.optionName,
        options,
        (int) Math.round(kind.usdBase * brand.priceTier() * rng.between(0.85, 1.2)),
        onSale,
        rng.chance(0.015) ? "draft" : "active",
        brandSeq,
        List.copyOf(evidence),
        spelling.apply(bestFor),
        spelling.apply(why));
  }

  private static List<Kind.Option> options(Kind kind, Rng rng) {
    int max = Math.min(kind.maxVariants, kind.options.size());
    int min = Math.min(kind.minVariants, max);
    int count = Math.max(min, Math.min(max, 1 + rng.weighted(0.40, 0.33, 0.19, 0.08)));
    if (kind.shades()) {
      return rng.sample(kind.options, count);
    }
    if (count == 1 && rng.chance(0.75)) {
      // A single size is usually the regular one.
      for (Kind.Option o : kind.options) {
        if (o.factor() == 1.0) {
          return List.of(o);
        }
      }
    }
    int start = rng.nextInt(kind.options.size() - count + 1);
    return List.copyOf(kind.options.subList(start, start + count));
  }

  /**
   * One merchant's listing of {@code spec}: ids derive from {@code key}; prices are in the
   * merchant's currency for its home market.
   */
  static Rows.Listing list(
      ProductSpec spec,
      Merchant merchant,
      String key,
      Upstream upstream,
      String handle,
      LocalDateTime created,
      LocalDateTime updated,
      String skuSeq,
      String skuSuffix,
      Rng rng) {
    String productId = Ids.id("prod", key);
    Rows.Product product =
        new Rows.Product(
            productId,
            merchant.id(),
            upstream.productId(),
            handle,
            spec.title(),
            spec.description(),
            spec.vendor(),
            spec.productType(),
            spec.category().code(),
            spec.category().surface(),
            csv(spec.tags()),
            csv(spec.keyActives()),
            spec.ingredients(),
            csv(spec.skinTypes()),
            csv(spec.concerns()),
            "https://cdn." + merchant.domain() + "/images/" + handle + ".jpg",
            spec.status(),
            created,
            updated);
    double jitter = rng.between(0.96, 1.05);
    List<Rows.Variant> variants = new ArrayList<>();
    List<Rows.Offer> offers = new ArrayList<>();
    boolean single = spec.singleVariant();
    for (int i = 0; i < spec.options().size(); i++) {
      Kind.Option option = spec.options().get(i);
      int position = i + 1;
      String label = option.label();
      String sku =
          spec.skuPrefix()
              + "-"
              + spec.kindCode()
              + "-"
              + skuSeq
              + "-"
              + optionCode(label)
              + (skuSuffix == null ? "" : "-" + skuSuffix);
      boolean shade = spec.optionName().equals("Shade") || spec.optionName().equals("Color");
      Rows.Variant variant =
          new Rows.Variant(
              Ids.id("var", key + ":variant:" + position),
              productId,
              upstream.variantIds().get(i),
              single ? "Default Title" : variantTitle(spec.optionName(), label),
              sku,
              single
                  ? "{\"Title\":\"Default Title\"}"
                  : "{\"" + spec.optionName() + "\":\"" + label + "\"}",
              shade && !single
                  ? "https://cdn."
                      + merchant.domain()
                      + "/images/"
                      + handle
                      + "-"
                      + Ids.kebab(label)
                      + ".jpg"
                  : null,
              position);
      variants.add(variant);
      offers.add(
          offer(
              key,
              variant,
              merchant,
              merchant.market(),
              merchant.currency(),
              spec.usdBase() * option.factor() * jitter,
              spec.onSale(),
              updated,
              rng));
    }
    return new Rows.Listing(spec, merchant, product, variants, offers);
  }

  /** An offer for a variant in one market. */
  static Rows.Offer offer(
      String key,
      Rows.Variant variant,
      Merchant merchant,
      String market,
      String currency,
      double usdCents,
      boolean onSale,
      LocalDateTime updated,
      Rng rng) {
    long price = Prices.price(usdCents, currency, rng);
    Long compareAt = null;
    if (onSale) {
      long was = Prices.price(usdCents * rng.between(1.15, 1.4), currency, rng);
      compareAt = was > price ? was : null;
    }
    int stock;
    if (rng.chance(0.08)) {
      stock = 0;
    } else {
      stock =
          switch (rng.weighted(0.4, 0.4, 0.2)) {
            case 0 -> rng.between(3, 40);
            case 1 -> rng.between(41, 150);
            default -> rng.between(151, 400);
          };
    }
    return new Rows.Offer(
        Ids.id("off", key + ":offer:" + variant.position() + ":" + market),
        variant.id(),
        merchant.id(),
        market,
        currency,
        price,
        compareAt,
        stock,
        updated);
  }

  static String variantTitle(String optionName, String label) {
    if (optionName.equals("Shade") && Character.isDigit(label.charAt(0))) {
      return "Shade " + label;
    }
    return label;
  }

  /** A compact size for titles: {@code 30 ml} becomes {@code 30ml}, {@code 1 l} becomes 1L. */
  static String compact(String label) {
    return label.replace(" ml", "ml").replace(" l", "L").replace(" g", "g");
  }

  static String optionCode(String label) {
    String code = label.replaceAll("[^A-Za-z0-9]", "").toUpperCase(Locale.ROOT);
    return code.length() > 10 ? code.substring(0, 10) : code;
  }

  static String csv(List<String> values) {
    return values == null || values.isEmpty() ? null : String.join(",", values);
  }

  static String joinAnd(List<String> items) {
    if (items.size() == 1) {
      return items.get(0);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " and "
        + items.get(items.size() - 1);
  }

  static String article(String phrase) {
    if (phrase.startsWith("SPF")) {
      return "an";
    }
    char c = Character.toLowerCase(phrase.charAt(0));
    return "aeio".indexOf(c) >= 0 ? "an" : "a";
  }

  /** Lowercase, but keep acronyms such as SPF and UV. */
  static String lower(String text) {
    StringBuilder out = new StringBuilder();
    for (String word : text.split(" ")) {
      if (out.length() > 0) {
        out.append(' ');
      }
      boolean acronym = word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT));
      out.append(acronym ? word : word.toLowerCase(Locale.ROOT));
    }
    return out.toString();
  }

  /** Shopper-facing spelling of an active's name. */
  static String display(String active) {
    return active
        .replace("zinc pca", "zinc PCA")
        .replace("vitamin c", "vitamin C")
        .replace("vitamin e", "vitamin E");
  }
}
