package org.agentcommerce.packs.api;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
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
    List<Disclosure> disclosures,
    Location location) {

  /**
   * Where the pack runs, as the origin service's {@code geo} object: a country and, optionally, a
   * postal code, city and state. {@code geo} holds the country.
   */
  @Schema(name = "PackGeo")
  public record Location(
      @Schema(required = true, description = "ISO 3166-1 alpha-2", maxLength = 2) String country,
      @Schema(maxLength = 20) String postalCode,
      @Schema(maxLength = 100) String city,
      @Schema(maxLength = 100) String state) {}

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

  /**
   * A claim and the evidence it rests on. {@code claim} is the origin service's name of {@code
   * text}: either may be sent, both are answered.
   */
  @Schema(name = "PackClaim")
  public record Claim(
      @Schema(maxLength = 500) @Size(max = 500) String text,
      @Schema(type = SchemaType.ARRAY, implementation = Evidence.class, maxItems = 10)
          @Size(max = 10)
          List<@Valid Evidence> evidence,
      @Schema(maxLength = 500, description = "The origin's name of text") @Size(max = 500)
          String claim,
      @Schema(minimum = "0", maximum = "1", description = "How sure the pack is, 0 to 1")
          @DecimalMin("0")
          @DecimalMax("1")
          BigDecimal confidence) {

    public Claim {
      evidence = evidence == null ? List.of() : List.copyOf(evidence);
      text = text == null ? claim : text;
      claim = text;
    }
  }

  /**
   * Evidence: a product, a citation or a product's intel block in our catalog. {@code ref} names
   * it: a string, or (the origin service's shape) an object whose {@code product_id}, {@code
   * citation_id} or {@code id} member does.
   */
  @Schema(name = "PackEvidence")
  public record Evidence(
      @Schema(description = "product, citation or intel (validate checks it)", maxLength = 20)
          @Size(max = 20)
          String type,
      @Schema(
              description =
                  "prod_… for product and intel, cit_… for citation; or an object naming it in"
                      + " product_id, citation_id or id",
              oneOf = {String.class, java.util.Map.class})
          JsonValue ref) {

    /** Members of an object ref that name the evidence, in the order they are looked at. */
    private static final List<String> NAMING = List.of("product_id", "citation_id", "id");

    /** The id the ref names, or null. */
    public String refId() {
      if (ref instanceof JsonString s) {
        return s.getString();
      }
      if (ref instanceof JsonObject o) {
        for (String name : NAMING) {
          if (o.get(name) instanceof JsonString s) {
            return s.getString();
          }
        }
      }
      return null;
    }
  }

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
