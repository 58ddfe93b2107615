package org.agentcommerce.database.generator;

import java.util.List;

/**
 * A fictional brand: how it names and spells things, its price tier, how often it adds fragrance or
 * essential oils, its product lines and the kinds it makes, and the profiles it prefers.
 */
record Brand(
    String name,
    String shortName,
    String skuPrefix,
    /** US, EU or JP: where the brand comes from (sunscreen filters differ by region). */
    String origin,
    Spelling spelling,
    double priceTier,
    double fragranceChance,
    double essentialOilChance,
    /** Shopper-facing scent of its fragranced products, e.g. "rose and lavender"; or null. */
    String scent,
    /** Essential oils it uses: a phrase for copy and INCI names for ingredient lists. */
    String oilsPhrase,
    List<String> oilsInci,
    boolean vegan,
    List<String> tags,
    /** Product lines; for fragrance houses {@code "Scent Name|family"}. */
    List<String> lines,
    List<Kind> kinds,
    /** Profiles it prefers when a kind offers them; empty means any. */
    List<Profile> focus) {

  @Override
  public String toString() {
    return name;
  }
}
