package org.agentcommerce.packs.domain;

import java.util.ArrayList;
import java.util.IllformedLocaleException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.catalog.api.PackFacts;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.packs.api.PackContent.Claim;
import org.agentcommerce.packs.api.PackContent.Evidence;
import org.agentcommerce.packs.api.PackContent.Recommendation;
import org.agentcommerce.packs.api.PackContent.Signal;
import org.agentcommerce.packs.api.Validation;
import org.agentcommerce.packs.api.Validation.Issue;

/**
 * The pack rules (docs/packs.md): each broken rule is one error with its code and the JSON path of
 * what broke it. Existence and ownership are read from our catalog's stored rows only.
 */
public final class PackValidator {

  /** The signal types a pack may carry. */
  public static final Set<String> ALLOWED_SIGNALS =
      Set.of(
          "creator_pick",
          "merchant_provided_testimonial",
          "verified_review_pointer",
          "ugc_permission_granted",
          "affiliate_code");

  private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
  private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());

  private final PackFacts facts;

  public PackValidator(PackFacts facts) {
    this.facts = facts;
  }

  public Validation validate(String merchantId, PackContent p) {
    List<Issue> errors = new ArrayList<>();
    if (blank(p.sessionId())) {
      errors.add(
          issue("missing_session_id", "$.session_id", "A pack names the session it is for."));
    }
    if (blank(p.title())) {
      errors.add(issue("missing_title", "$.title", "A pack has a title."));
    }
    if (blank(p.narrative())) {
      errors.add(issue("missing_narrative", "$.narrative", "A pack has a narrative."));
    }
    if (!validLanguage(p.language())) {
      errors.add(
          issue("invalid_language", "$.language", "Not a language tag such as en or en-GB."));
    }
    if (p.geo() == null || !COUNTRIES.contains(p.geo())) {
      errors.add(issue("invalid_geo", "$.geo", "Not an ISO 3166-1 alpha-2 country code."));
    }
    if (p.recommendations().isEmpty()) {
      errors.add(
          issue("missing_recommendations", "$.recommendations", "A pack recommends an offer."));
    }
    for (int i = 0; i < p.recommendations().size(); i++) {
      recommendation(
          merchantId, p, p.recommendations().get(i), "$.recommendations[" + i + "]", errors);
    }
    signals(p, errors);
    disclosures(p, errors);
    return new Validation(errors.isEmpty(), List.copyOf(errors), List.of());
  }

  private void recommendation(
      String merchantId, PackContent pack, Recommendation r, String at, List<Issue> errors) {
    if (blank(r.offerId())) {
      errors.add(
          issue("missing_offer_id", at + ".offer_id", "Each recommendation names an offer."));
    } else {
      Optional<String> owner = facts.offerMerchant(r.offerId());
      if (owner.isEmpty()) {
        errors.add(issue("unknown_offer", at + ".offer_id", "No such offer in the catalog."));
      } else if (!owner.get().equals(merchantId)) {
        errors.add(
            issue("offer_not_at_merchant", at + ".offer_id", "The offer is another merchant's."));
      }
    }
    if (!blank(r.productId()) && facts.productMerchant(r.productId()).isEmpty()) {
      errors.add(issue("unknown_product", at + ".product_id", "No such product in the catalog."));
    }
    if (r.claims().isEmpty()) {
      errors.add(issue("missing_claims", at + ".claims", "Each recommendation makes a claim."));
    }
    for (int j = 0; j < r.claims().size(); j++) {
      claim(r.claims().get(j), at + ".claims[" + j + "]", errors);
    }
    signalTypes(r.authorizedSignals(), at + ".authorized_signals", errors);
    boolean affiliate =
        r.authorizedSignals().stream().anyMatch(s -> "affiliate_code".equals(s.type()));
    if (affiliate
        && !discloses(r.disclosures(), "affiliate")
        && !discloses(pack.disclosures(), "affiliate")) {
      errors.add(
          issue(
              "missing_affiliate_disclosure",
              at + ".disclosures",
              "A recommendation with an affiliate code carries an affiliate disclosure with text"
                  + " (its own or the pack's)."));
    }
  }

  private void claim(Claim c, String at, List<Issue> errors) {
    if (blank(c.text())) {
      errors.add(issue("empty_claim", at + ".text", "A claim has text."));
    }
    if (c.evidence().isEmpty()) {
      errors.add(issue("missing_evidence", at + ".evidence", "A claim needs evidence."));
    }
    for (int k = 0; k < c.evidence().size(); k++) {
      Evidence e = c.evidence().get(k);
      String path = at + ".evidence[" + k + "]";
      if (!Set.of("product", "citation", "intel").contains(String.valueOf(e.type()))) {
        errors.add(
            issue(
                "invalid_evidence_type",
                path + ".type",
                "Evidence is product, citation or intel."));
      } else if (!exists(e)) {
        errors.add(issue("unknown_evidence", path + ".ref", "The evidence is not in our catalog."));
      }
    }
  }

  private boolean exists(Evidence e) {
    String id = e.refId();
    if (blank(id) || id.length() > 64) {
      return false;
    }
    return switch (e.type()) {
      case "product" -> facts.productMerchant(id).isPresent();
      case "citation" -> facts.citationExists(id);
      default -> facts.intelExists(id);
    };
  }

  private static void signals(PackContent p, List<Issue> errors) {
    if (p.authorizedSignals().isEmpty()) {
      errors.add(
          issue(
              "missing_authorized_signals",
              "$.authorized_signals",
              "A pack lists the signals it is authorized to show."));
    }
    signalTypes(p.authorizedSignals(), "$.authorized_signals", errors);
  }

  private static void signalTypes(List<Signal> signals, String at, List<Issue> errors) {
    for (int i = 0; i < signals.size(); i++) {
      if (!ALLOWED_SIGNALS.contains(String.valueOf(signals.get(i).type()))) {
        errors.add(
            issue(
                "unauthorized_signal_type",
                at + "[" + i + "].type",
                "Allowed: " + String.join(", ", ALLOWED_SIGNALS.stream().sorted().toList()) + "."));
      }
    }
  }

  private static void disclosures(PackContent p, List<Issue> errors) {
    if (p.sponsored() && !discloses(p.disclosures(), "sponsored")) {
      errors.add(
          issue(
              "missing_sponsored_disclosure",
              "$.disclosures",
              "A sponsored pack carries a sponsored disclosure with text."));
    }
    boolean affiliate =
        p.authorizedSignals().stream().anyMatch(s -> "affiliate_code".equals(s.type()));
    if (affiliate && !discloses(p.disclosures(), "affiliate")) {
      errors.add(
          issue(
              "missing_affiliate_disclosure",
              "$.disclosures",
              "A pack with an affiliate code carries an affiliate disclosure with text."));
    }
  }

  private static boolean discloses(List<PackContent.Disclosure> disclosures, String type) {
    return disclosures.stream().anyMatch(d -> type.equals(d.type()) && !blank(d.text()));
  }

  private static boolean validLanguage(String tag) {
    if (blank(tag)) {
      return false;
    }
    try {
      Locale l = new Locale.Builder().setLanguageTag(tag).build();
      return LANGUAGES.contains(l.getLanguage())
          && (l.getCountry().isEmpty() || COUNTRIES.contains(l.getCountry()));
    } catch (IllformedLocaleException e) {
      return false;
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  private static Issue issue(String code, String path, String message) {
    return new Issue(code, path, message);
  }
}
