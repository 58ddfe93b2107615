package org.agentcommerce.packs.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What an operations pack says: the session it was made for, its title and narrative, where and in
 * what language it runs, its recommendations (offers with claims and their evidence), the signals
 * it is authorized to show and its disclosures. Stored as JSON; validated by {@link
 * org.agentcommerce.packs.domain.PackValidator}.
 */
public record PackContent(
    String sessionId,
    String title,
    String narrative,
    String language,
    String geo,
    boolean sponsored,
    List<Recommendation> recommendations,
    List<Signal> authorizedSignals,
    List<Disclosure> disclosures) {

  public PackContent {
    recommendations = recommendations == null ? List.of() : List.copyOf(recommendations);
    authorizedSignals = authorizedSignals == null ? List.of() : List.copyOf(authorizedSignals);
    disclosures = disclosures == null ? List.of() : List.copyOf(disclosures);
  }

  /** One recommended offer and what the pack claims about it. */
  @Schema(name = "PackRecommendation")
  public record Recommendation(
      @Schema(description = "Our offer id (off_…) at the pack's merchant") @Size(max = 40)
          String offerId,
      @Schema(description = "Our product id (prod_…), optional") @Size(max = 40) String productId,
      @Size(max = 300) String title,
      @Schema(type = SchemaType.ARRAY, implementation = Claim.class, maxItems = 20) @Size(max = 20)
          List<@Valid Claim> claims,
      @Schema(description = "Why this offer, in the pack's language") @Size(max = 2000)
          String narrative,
      @Schema(
              description = "Signals this recommendation may show (same types as the pack's)",
              type = SchemaType.ARRAY,
              implementation = Signal.class,
              maxItems = 10)
          @Size(max = 10)
          List<@Valid Signal> authorizedSignals,
      @Schema(
              description = "Disclosures shown with this recommendation",
              type = SchemaType.ARRAY,
              implementation = Disclosure.class,
              maxItems = 5)
          @Size(max = 5)
          List<@Valid Disclosure> disclosures) {

    public Recommendation {
      claims = claims == null ? List.of() : List.copyOf(claims);
      authorizedSignals = authorizedSignals == null ? List.of() : List.copyOf(authorizedSignals);
      disclosures = disclosures == null ? List.of() : List.copyOf(disclosures);
    }
  }

  /** A claim and the evidence it rests on. */
  @Schema(name = "PackClaim")
  public record Claim(
      @Size(max = 500) String text,
      @Schema(type = SchemaType.ARRAY, implementation = Evidence.class, maxItems = 10)
          @Size(max = 10)
          List<@Valid Evidence> evidence) {

    public Claim {
      evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }
  }

  /** Evidence: a product, a citation or a product's intel block in our catalog. */
  @Schema(name = "PackEvidence")
  public record Evidence(
      @Schema(description = "product, citation or intel (validate checks it)") @Size(max = 20)
          String type,
      @Schema(description = "prod_… for product and intel, cit_… for citation") @Size(max = 40)
          String ref) {}

  /** A signal the pack may show (a creator pick, a testimonial, an affiliate code…). */
  @Schema(name = "PackSignal")
  public record Signal(
      @Schema(
              description =
                  "creator_pick, merchant_provided_testimonial, verified_review_pointer,"
                      + " ugc_permission_granted or affiliate_code (validate checks it)")
          @Size(max = 40)
          String type,
      @Schema(description = "What the signal points at (a creator, a review, a code)")
          @Size(max = 300)
          String ref) {}

  /** A disclosure shown with the pack. */
  @Schema(name = "PackDisclosure")
  public record Disclosure(
      @Schema(description = "sponsored or affiliate") @Size(max = 20) String type,
      @Size(max = 500) String text) {}
}
