package org.agentcommerce.database.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a product does: its key actives and the copy, concerns, skin types and tags that follow from
 * them. For fragrances a profile is a scent family and {@link #with} names the notes. Built once in
 * {@link Vocabulary}; not changed afterwards.
 */
final class Profile {

  final String key;
  String title;
  String suffix;
  List<Active> actives = List.of();
  String with;
  String benefit;
  List<String> concerns = List.of();
  List<String> skinTypes = List.of("all");
  List<String> tags = List.of();
  String bestFor;

  /** Replaces the kind's how-to-use text (retinoids). */
  String usage;

  /** A clause added to the how-to-use text. */
  String note;

  /** Brand origins (US, EU, JP) that may use this profile; empty means all. */
  Set<String> regions = Set.of();

  boolean alcohol;
  boolean essentialOil;
  boolean fragranceFree;

  /** Evidence a claim may cite beyond the actives' own. */
  List<String> evidence = List.of();

  Profile(String key) {
    this.key = key;
  }

  Profile title(String title) {
    this.title = title;
    return this;
  }

  Profile suffix(String suffix) {
    this.suffix = suffix;
    return this;
  }

  Profile actives(Active... actives) {
    this.actives = List.of(actives);
    return this;
  }

  Profile with(String with) {
    this.with = with;
    return this;
  }

  Profile benefit(String benefit) {
    this.benefit = benefit;
    return this;
  }

  Profile concerns(String... concerns) {
    this.concerns = List.of(concerns);
    return this;
  }

  Profile skin(String... skinTypes) {
    this.skinTypes = List.of(skinTypes);
    return this;
  }

  Profile tags(String... tags) {
    this.tags = List.of(tags);
    return this;
  }

  Profile bestFor(String bestFor) {
    this.bestFor = bestFor;
    return this;
  }

  Profile usage(String usage) {
    this.usage = usage;
    return this;
  }

  Profile note(String note) {
    this.note = note;
    return this;
  }

  Profile regions(String... regions) {
    this.regions = Set.of(regions);
    return this;
  }

  Profile alcohol() {
    this.alcohol = true;
    return this;
  }

  Profile essentialOil() {
    this.essentialOil = true;
    return this;
  }

  Profile fragranceFree() {
    this.fragranceFree = true;
    return this;
  }

  Profile evidence(String... evidence) {
    this.evidence = List.of(evidence);
    return this;
  }

  boolean allows(String region) {
    return regions.isEmpty() || regions.contains(region);
  }

  List<String> activeNames() {
    List<String> names = new ArrayList<>();
    for (Active a : actives) {
      if (!names.contains(a.name())) {
        names.add(a.name());
      }
    }
    return names;
  }

  @Override
  public String toString() {
    return key;
  }
}
