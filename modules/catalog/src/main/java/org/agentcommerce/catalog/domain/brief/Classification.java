package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;
import org.agentcommerce.catalog.domain.brief.Scan.SkinFind;
import org.agentcommerce.catalog.domain.brief.Scan.TypeFind;

/**
 * What kind of product the brief asks for: the product types (the first strong one, else the first
 * weak one), the skin type (a sensitive-only brief is "sensitive"), the vertical (pets, a beauty
 * product type, an off-vertical product, else a beauty signal) and the category (of the product
 * type, a category word, the first concern, a skin type or a skincare active). Adds the evidence of
 * each, in that order.
 */
final class Classification {

  private final Scan scan;

  /** Every product type asked for, strong ones first; empty for an off-vertical brief. */
  final List<String> types = new ArrayList<>();

  TypeFind primary;
  String skinType;
  SkinFind skinFind;
  SkinFind sensitiveFind;
  boolean sensitive;
  String vertical;
  String suggested;
  boolean other;
  String category;
  String productType;

  Classification(Scan scan) {
    this.scan = scan;
    productTypes();
    skinType();
    vertical();
    if (!other) {
      category();
    }
    skinEvidence();
  }

  private void productTypes() {
    for (TypeFind f : scan.typeFinds) {
      if (!f.weak() && !types.contains(f.type())) {
        types.add(f.type());
        if (primary == null) {
          primary = f;
        }
      }
    }
    if (types.isEmpty()) {
      for (TypeFind f : scan.typeFinds) {
        if (!types.contains(f.type())) {
          types.add(f.type());
          if (primary == null) {
            primary = f;
          }
        }
      }
    }
    for (TypeFind f : scan.typeFinds) {
      if (types.contains(f.type())) {
        scan.signal(f.hit(), "product type");
      }
    }
  }

  private void skinType() {
    for (SkinFind s : scan.skinFinds) {
      if (s.type().equals("sensitive")) {
        if (sensitiveFind == null) {
          sensitiveFind = s;
        }
      } else if (skinFind == null) {
        skinFind = s;
      }
    }
    if (skinFind == null) {
      skinFind = sensitiveFind;
    }
    if (skinFind != null) {
      skinType = skinFind.type();
    }
    sensitive = sensitiveFind != null;
  }

  private void vertical() {
    if (scan.firstPet != null) {
      vertical = "other";
      suggested = "pet";
      scan.evidence.add(scan.ev("vertical.pet", "vertical", scan.firstPet, "pets", "other"));
    } else if (primary != null) {
      vertical = "beauty";
      suggested = "beauty";
      scan.evidence.add(
          scan.ev("vertical.product_type", "vertical", primary.hit(), "beauty product", "beauty"));
    } else if (scan.firstOff != null) {
      vertical = "other";
      suggested = scan.firstOff.sense(Kind.OFF_VERTICAL).value();
      scan.evidence.add(
          scan.ev("vertical.off_vertical", "vertical", scan.firstOff, suggested, "other"));
    } else {
      if (scan.beautySignal == null && !scan.strongCategories.isEmpty()) {
        scan.signal(scan.strongCategories.get(0), "category");
      }
      if (scan.beautySignal == null && !scan.weakCategories.isEmpty()) {
        scan.signal(scan.weakCategories.get(0), "category");
      }
      if (scan.beautySignal != null) {
        vertical = "beauty";
        scan.evidence.add(
            Evidence.span(
                scan.raw,
                "vertical.beauty_signal",
                "vertical",
                scan.beautySignal[0],
                scan.beautySignal[1],
                scan.beautySignalWhat,
                "beauty"));
      }
      suggested = "beauty";
      if (vertical == null) {
        scan.assumptions.add(
            new Assumption(
                "vertical.default",
                "Nothing names a kind of product; routed to beauty, the catalog's vertical",
                0.4));
      }
    }
    other = "other".equals(vertical);
  }

  private void category() {
    if (primary != null) {
      productType = primary.type();
      category = Lexicon.CATEGORY_OF_TYPE.get(productType);
      for (TypeFind f : scan.typeFinds) {
        if (types.contains(f.type())) {
          String rule = f.weak() ? "product_type.weak" : "product_type.keyword";
          if (f == primary) {
            scan.evidence.add(scan.ev(rule, "productType", f.hit(), "product type word", f.type()));
            scan.typo(f.hit(), "productType", f.type());
          }
          scan.evidence.add(scan.ev(rule, "productTypes", f.hit(), "product type word", f.type()));
          scan.typo(f.hit(), "productTypes", f.type());
        }
      }
      scan.evidence.add(
          scan.ev("category.product_type", "category", primary.hit(), productType, category));
    } else if (!scan.strongCategories.isEmpty()) {
      Hit h = scan.strongCategories.get(0);
      category = h.sense(Kind.CATEGORY).value();
      scan.evidence.add(scan.ev("category.keyword", "category", h, "category word", category));
    } else if (!scan.concernHits.isEmpty()) {
      for (Hit h : scan.concernHits) {
        String c = Lexicon.CATEGORY_OF_CONCERN.get(h.sense(Kind.CONCERN).value());
        if (c != null) {
          category = c;
          scan.evidence.add(
              scan.ev("category.from_concern", "category", h, "concern of " + c, category));
          break;
        }
      }
    }
    if (category == null && !scan.weakCategories.isEmpty()) {
      Hit h = scan.weakCategories.get(0);
      category = h.sense(Kind.CATEGORY).value();
      scan.evidence.add(scan.ev("category.keyword", "category", h, "category word", category));
    }
    if (category == null && skinFind != null) {
      category = "skincare";
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              "category.from_skin_type",
              "category",
              skinFind.start(),
              skinFind.end(),
              "skin type named",
              category));
    }
    if (category == null && !scan.wanted.isEmpty() && !scan.wanted.contains("spf")) {
      for (Evidence e : scan.evidence) {
        if (e.field().equals("wantedIngredients") && e.hasSpan()) {
          category = "skincare";
          scan.evidence.add(
              Evidence.span(
                  scan.raw,
                  "category.from_ingredient",
                  "category",
                  e.start(),
                  e.end(),
                  "skincare active",
                  category));
          break;
        }
      }
    }
  }

  private void skinEvidence() {
    if (skinFind != null) {
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              skinFind.ruleId(),
              "skinType",
              skinFind.start(),
              skinFind.end(),
              "skin type",
              skinType));
    }
    if (sensitive) {
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              "skin.sensitive",
              "sensitiveSkin",
              sensitiveFind.start(),
              sensitiveFind.end(),
              "sensitive skin",
              "true"));
    }
  }
}
