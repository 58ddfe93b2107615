package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.api.Recommendations;
import org.agentcommerce.catalog.application.brief.BriefService;
import org.agentcommerce.catalog.application.brief.RecommendationService;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Shopping briefs: clarify, build, read back, check products against, and recommend from. */
@RequestScoped
@Path("/agent/v1/briefs")
@Authenticated
@Tag(name = "Briefs", description = "Shopping briefs (schema 0.1.0) built from the buyer's words")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class BriefResource {

  @Inject BriefService briefs;
  @Inject RecommendationService recommendations;
  @Inject Caller caller;

  @POST
  @Path("/clarify")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "clarifyBrief",
      summary = "Ask what the buyer's words leave open",
      description =
          "Reads raw_query by the brief rules and lists the fields it could not determine, with at"
              + " most two questions, the most useful first (product type, then budget, then skin"
              + " type, then concerns). partial_brief holds what is already known, keyed by field"
              + " (budget, skin_type, category, product_type, concerns, market) or question id.")
  @APIResponse(
      responseCode = "200",
      description = "The open fields and the questions",
      content = @Content(schema = @Schema(implementation = ClarifyResponse.class)))
  public ClarifyResponse clarify(@NotNull @Valid ClarifyRequest body) {
    BriefService.Clarification c =
        briefs.clarify(
            body.rawQuery(), body.partialBrief(), body.market(), body.locale(), body.currency());
    return new ClarifyResponse(
        "success", c.suggestedVertical(), c.missingFields(), briefs.questions(c.parsed()));
  }

  @POST
  @Path("/build")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "buildBrief",
      summary = "Build and store a shopping brief",
      description =
          "Builds a brief (schema_version 0.1.0) from raw_query by deterministic rules: the same"
              + " words always give the same brief. Every field cites the rule and the span of text"
              + " it came from (evidence.applied_rules); what could not be determined is listed in"
              + " unknowns. answers refine it, keyed like partial_brief in clarify. The brief is"
              + " stored and readable by id by the agent that built it. Accepts an optional"
              + " Idempotency-Key header.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          description = "Optional; repeats with the same key and body replay the first response"))
  @APIResponse(
      responseCode = "200",
      description = "The stored brief",
      content = @Content(schema = @Schema(implementation = BuildResponse.class)))
  @APIResponse(responseCode = "409", description = "idempotency_conflict or idempotency_in_flight")
  public BuildResponse build(@NotNull @Valid BuildRequest body) {
    BriefService.Built b =
        briefs.build(
            caller.agentId(),
            body.rawQuery(),
            body.answers(),
            body.market(),
            body.locale(),
            body.currency());
    return new BuildResponse("success", BigDecimal.valueOf(b.confidence()), b.document());
  }

  @GET
  @Path("/{brief_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getBrief",
      summary = "Read a stored brief",
      description = "A brief this agent built; another agent's brief is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The brief",
      content = @Content(schema = @Schema(implementation = BriefResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  public BriefResponse get(@PathParam("brief_id") @Size(max = 64) String briefId) {
    return new BriefResponse("success", briefs.find(caller.agentId(), briefId));
  }

  @POST
  @Path("/compatibility/check")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "checkBriefCompatibility",
      summary = "Check products against a brief",
      description =
          "For each product, whether it fits the brief and every reason it does not: OVER_BUDGET,"
              + " UNDER_BUDGET_MIN, PRICE_NOT_COMPARABLE, EXCLUDED_INGREDIENT, SKIN_TYPE_MISMATCH,"
              + " OUT_OF_STOCK, NOT_SOLD_IN_MARKET, BRAND_AVOIDED, DIFFERENT_PRODUCT_TYPE,"
              + " DIFFERENT_CATEGORY, MERCHANT_NOT_ALLOWED, NOT_AVAILABLE, NOT_FOUND. Send"
              + " brief_id (a stored brief) or brief (a brief document), and 1 to 50 products.")
  @APIResponse(
      responseCode = "200",
      description = "One verdict per product, in the order sent",
      content = @Content(schema = @Schema(implementation = CompatibilityResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "NOT_FOUND: this agent has no stored brief brief_id")
  public CompatibilityResponse compatibility(@NotNull @Valid CompatibilityRequest body) {
    JsonObject brief;
    if (body.briefId() != null) {
      brief = briefs.find(caller.agentId(), body.briefId());
    } else if (body.brief() != null) {
      brief = body.brief();
    } else {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "brief_id"), "Send brief_id or brief", "missing"));
    }
    List<BriefService.Compatibility> results =
        briefs.compatibility(
            brief,
            body.products().stream()
                .map(p -> new BriefService.ProductRef(p.productId(), p.merchantId()))
                .toList());
    long fits = results.stream().filter(BriefService.Compatibility::compatible).count();
    return new CompatibilityResponse(
        "success",
        brief.getString("brief_id", null),
        results,
        (int) fits,
        (int) (results.size() - fits));
  }

  @GET
  @Path("/{brief_id}/recommendations")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "recommendForBrief",
      summary = "Recommend products for a stored brief",
      description =
          "Ranked products that fit the brief (budget, market, stock, avoided ingredients and"
              + " brands, skin type, product type), each with its reasons, and the constraints"
              + " applied (source: brief).")
  @APIResponse(
      responseCode = "200",
      description = "The recommendations",
      content = @Content(schema = @Schema(implementation = RecommendationResponse.class)))
  public RecommendationResponse recommend(
      @PathParam("brief_id") @Size(max = 64) String briefId,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "20",
                      defaultValue = "8"))
          @QueryParam("limit")
          @DefaultValue("8")
          @Min(1)
          @Max(20)
          int limit) {
    JsonObject brief = briefs.find(caller.agentId(), briefId);
    Recommendations.Result r = recommendations.forBrief(brief, limit);
    return new RecommendationResponse(
        "success",
        briefId,
        r.need(),
        r.products().stream()
            .map(p -> new RecommendedProduct(p.product(), p.score(), p.reasons()))
            .toList(),
        r.appliedConstraints(),
        r.unknowns());
  }

  /** Clarify input. */
  @Schema(name = "BriefClarifyRequest")
  public record ClarifyRequest(
      @NotBlank @Size(max = 2000) @Schema(required = true, example = "a serum for dark spots")
          String rawQuery,
      Map<String, Object> partialBrief,
      @Size(max = 8) String market,
      @Size(max = 35) String locale,
      @Pattern(regexp = "[A-Za-z]{3}") String currency) {}

  /** Clarify output. */
  @Schema(name = "BriefClarifyResponse")
  public record ClarifyResponse(
      String status, String suggestedVertical, List<String> missingFields, JsonArray questions) {}

  /** Build input. */
  @Schema(name = "BriefBuildRequest")
  public record BuildRequest(
      @NotBlank
          @Size(max = 2000)
          @Schema(required = true, example = "fragrance-free moisturiser for dry skin under $30")
          String rawQuery,
      Map<String, Object> answers,
      @Size(max = 8) String market,
      @Size(max = 35) String locale,
      @Pattern(regexp = "[A-Za-z]{3}") String currency,
      @Size(max = 255) String idempotencyKey) {}

  /** Build output. */
  @Schema(name = "BriefBuildResponse")
  public record BuildResponse(String status, BigDecimal confidence, JsonObject brief) {}

  /** A stored brief. */
  @Schema(name = "BriefResponse")
  public record BriefResponse(String status, JsonObject brief) {}

  /** Compatibility input. */
  @Schema(
      name = "BriefCompatibilityRequest",
      description = "products, and brief_id or brief: one of the two is required (422 otherwise)")
  public record CompatibilityRequest(
      @Size(max = 64)
          @Schema(maxLength = 64, description = "A stored brief; required unless brief is sent")
          String briefId,
      @Schema(description = "A brief document; required unless brief_id is sent") JsonObject brief,
      @NotNull
          @Size(min = 1, max = 50)
          @Valid
          @Schema(
              required = true,
              minItems = 1,
              maxItems = 50,
              type = SchemaType.ARRAY,
              implementation = ProductRefBody.class)
          List<@NotNull @Valid ProductRefBody> products) {}

  /** A product to check. */
  @Schema(name = "BriefCompatibilityProduct")
  public record ProductRefBody(
      @NotBlank @Size(max = 200) @Schema(required = true) String productId,
      @Size(max = 64) String merchantId) {}

  /** Compatibility output. */
  @Schema(name = "BriefCompatibilityResponse")
  public record CompatibilityResponse(
      String status,
      String briefId,
      List<BriefService.Compatibility> results,
      int compatibleCount,
      int incompatibleCount) {}

  /** A recommended product and why. */
  @Schema(name = "RecommendedProduct")
  public record RecommendedProduct(ProductView product, double score, List<String> reasons) {}

  /** Recommendations for a brief. */
  @Schema(name = "BriefRecommendationResponse")
  public record RecommendationResponse(
      String status,
      String briefId,
      String need,
      List<RecommendedProduct> products,
      List<Recommendations.AppliedConstraint> appliedConstraints,
      List<String> unknowns) {}
}
