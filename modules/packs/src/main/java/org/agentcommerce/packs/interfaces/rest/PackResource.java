package org.agentcommerce.packs.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.packs.api.PackContent.Disclosure;
import org.agentcommerce.packs.api.PackContent.Recommendation;
import org.agentcommerce.packs.api.PackContent.Signal;
import org.agentcommerce.packs.api.Validation;
import org.agentcommerce.packs.application.PackService;
import org.agentcommerce.packs.domain.Pack;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Operations packs (spec 4.7): draft, generate, read, validate, publish. States and every
 * validation rule: docs/packs.md.
 */
@RequestScoped
@Path("/agent/v1/ops/packs")
@Authenticated
@Tag(name = "Operations packs", description = "Content packs: draft, validate, publish")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class PackResource {

  @Inject PackService packs;

  @Schema(name = "CreateDraftPackRequest")
  public record CreateDraftPackRequest(
      @Schema(required = true) @NotNull @Size(max = 64) String merchantId,
      @Size(max = 200) String sessionId,
      @Size(max = 300) String title,
      @Size(max = 5000) String narrative,
      @Schema(description = "Language tag, e.g. en or en-GB", defaultValue = "en") @Size(max = 35)
          String language,
      @Schema(
              description =
                  "ISO 3166-1 alpha-2 country (default US), or the origin service's object"
                      + " {country, postal_code?, city?, state?}",
              oneOf = {String.class, PackContent.Location.class})
          jakarta.json.JsonValue geo,
      @Schema(description = "Paid placement: needs a sponsored disclosure") Boolean sponsored,
      @Schema(type = SchemaType.ARRAY, implementation = Recommendation.class, maxItems = 50)
          @Size(max = 50)
          List<@Valid Recommendation> recommendations,
      @Schema(type = SchemaType.ARRAY, implementation = Signal.class, maxItems = 20) @Size(max = 20)
          List<@Valid Signal> authorizedSignals,
      @Schema(type = SchemaType.ARRAY, implementation = Disclosure.class, maxItems = 10)
          @Size(max = 10)
          List<@Valid Disclosure> disclosures) {}

  @Schema(name = "GenerateDraftPackRequest")
  public record GenerateDraftPackRequest(
      @Schema(required = true) @NotNull @Size(max = 64) String merchantId,
      @Size(max = 200) String sessionId,
      @Size(max = 300) String title,
      @Schema(defaultValue = "en") @Size(max = 35) String language,
      @Schema(
              description =
                  "Market whose offers are recommended: an ISO 3166-1 alpha-2 country (default US), or the origin service's object"
                      + " {country, postal_code?, city?, state?}",
              oneOf = {String.class, PackContent.Location.class})
          jakarta.json.JsonValue geo,
      @Schema(
              description =
                  "Products to recommend, in order (our ids); absent: the merchant's first ones."
                      + " An id that names no active offered product of the merchant is 422.")
          @Size(max = 20)
          List<@Size(max = 64) String> productIds,
      @Schema(
              description =
                  "The origin service's name: products to recommend by the merchant platform's"
                      + " product id (or ours), in order, after product_ids")
          @Size(max = 20)
          List<@Size(max = 64) String> platformProductIds,
      @Schema(
              description =
                  "How many products (default 5); below 1 counts as 1 and above 20 as 20, as the"
                      + " origin service clamps")
          Integer limit) {}

  /** Where and for what the pack was made (the origin service's pack.context). */
  @Schema(name = "OpsPackContext")
  public record Context(
      @Schema(nullable = true) String sessionId,
      @Schema(required = true) String language,
      @Schema(required = true) PackContent.Location geo) {}

  @Schema(name = "OpsPack")
  public record OpsPack(
      @Schema(required = true, example = "1.0", description = "The pack format's version")
          String schemaVersion,
      @Schema(required = true) Context context,
      @Schema(required = true, example = "ops_3f9c2a7d1b0e4c55") String packId,
      @Schema(required = true) String merchantId,
      @Schema(
              required = true,
              enumeration = {"draft", "validated", "published"})
          String packStatus,
      @Schema(
              required = true,
              enumeration = {"draft", "generated"})
          String source,
      String sessionId,
      String title,
      String narrative,
      String language,
      String geo,
      @Schema(required = true) boolean sponsored,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Recommendation.class)
          List<Recommendation> recommendations,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Signal.class)
          List<Signal> authorizedSignals,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Disclosure.class)
          List<Disclosure> disclosures,
      @Schema(description = "The last validation; null before the first", nullable = true)
          Validation validation,
      @Schema(required = true) Instant createdAt,
      @Schema(required = true) Instant updatedAt,
      @Schema(nullable = true) Instant validatedAt,
      @Schema(nullable = true) Instant publishedAt) {}

  /** The pack, with its id, merchant, state and validation also at the top (the origin's shape). */
  @Schema(name = "OpsPackResponse")
  public record OpsPackResponse(
      @Schema(required = true) String status,
      @Schema(required = true) String packId,
      @Schema(required = true) String merchantId,
      @Schema(
              required = true,
              enumeration = {"draft", "validated", "published"})
          String packStatus,
      @Schema(description = "The last validation; null before the first", nullable = true)
          Validation validation,
      @Schema(required = true) OpsPack pack) {}

  @POST
  @Path("/draft")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createDraftPack",
      summary = "Create a draft pack",
      description =
          "Stores the pack as written, in state draft; nothing is checked but the shape (validate"
              + " checks the rules). The merchant must exist and be within the key's merchants.")
  @APIResponse(
      responseCode = "200",
      description = "The draft",
      content = @Content(schema = @Schema(implementation = OpsPackResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND")
  public OpsPackResponse draft(@NotNull @Valid CreateDraftPackRequest body) {
    PackInput.Geo geo = PackInput.geo(body.geo());
    PackInput.checkRefs(body.recommendations());
    PackContent content =
        new PackContent(
            body.sessionId(),
            body.title(),
            body.narrative(),
            body.language() == null ? "en" : body.language(),
            geo.country(),
            Boolean.TRUE.equals(body.sponsored()),
            body.recommendations(),
            body.authorizedSignals(),
            body.disclosures(),
            geo.location());
    return answer(packs.draft(body.merchantId(), content));
  }

  @POST
  @Path("/generate")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "generateDraftPack",
      summary = "Generate a draft pack from cached product rows",
      description =
          "Best effort from our stored catalog only (no merchant platform, no scraping, no social"
              + " discovery): one recommendation per product with its offer in geo and its intel"
              + " claims with their citations. authorized_signals is empty, so the draft does"
              + " not validate until signals are added.")
  @APIResponse(
      responseCode = "200",
      description = "The generated draft",
      content = @Content(schema = @Schema(implementation = OpsPackResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND")
  public OpsPackResponse generate(@NotNull @Valid GenerateDraftPackRequest body) {
    PackInput.Geo geo = PackInput.geo(body.geo());
    return answer(
        packs.generate(
            new PackService.Generation(
                body.merchantId(),
                body.sessionId(),
                body.title(),
                body.language() == null ? "en" : body.language(),
                geo.country(),
                geo.location(),
                requested(body),
                body.limit() == null ? 5 : Math.max(1, Math.min(20, body.limit())))));
  }

  private static List<String> requested(GenerateDraftPackRequest body) {
    List<String> ids = new java.util.ArrayList<>();
    if (body.productIds() != null) {
      ids.addAll(body.productIds());
    }
    if (body.platformProductIds() != null) {
      ids.addAll(body.platformProductIds());
    }
    return ids;
  }

  @GET
  @Path("/{pack_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getPack", summary = "Read a pack")
  @APIResponse(
      responseCode = "200",
      description = "The pack",
      content = @Content(schema = @Schema(implementation = OpsPackResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "PACK_NOT_FOUND: no such pack of this agent within the key's merchants")
  public OpsPackResponse read(@PathParam("pack_id") @Size(max = 40) String packId) {
    return answer(packs.read(packId));
  }

  @POST
  @Path("/{pack_id}/validate")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "validatePack",
      summary = "Validate a pack",
      description =
          "Checks every rule (docs/packs.md): a draft or validated pack becomes validated when it"
              + " passes (200, the pack) and draft when it does not (409 VALIDATION_FAILED with"
              + " the pack's pack_id, pack_status and validation, as the origin service answers);"
              + " a published pack stays published (200 either way).")
  @APIResponse(
      responseCode = "200",
      description = "The pack with its validation",
      content = @Content(schema = @Schema(implementation = OpsPackResponse.class)))
  @APIResponse(responseCode = "404", description = "PACK_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "VALIDATION_FAILED: a rule is broken (detail.validation lists them; the pack is now a"
              + " draft); INVALID_STATE: the pack changed meanwhile")
  public OpsPackResponse validate(@PathParam("pack_id") @Size(max = 40) String packId) {
    Pack p = packs.validate(packId);
    if (p.status() != org.agentcommerce.packs.api.PackStatus.PUBLISHED && !p.validation().ok()) {
      java.util.Map<String, Object> detail = new java.util.LinkedHashMap<>();
      detail.put("pack_id", p.id());
      detail.put("pack_status", p.status().wireName());
      detail.put("validation", p.validation());
      throw new org.agentcommerce.platform.api.ApiException(
          409,
          "VALIDATION_FAILED",
          "The pack breaks "
              + p.validation().errors().size()
              + " rule(s); it stays a draft. detail.validation.errors lists them.",
          detail,
          java.util.Map.of());
    }
    return answer(p);
  }

  @POST
  @Path("/{pack_id}/publish")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "publishPack",
      summary = "Publish a pack",
      description = "Only a validated pack; publishing a published pack answers it unchanged.")
  @APIResponse(
      responseCode = "200",
      description = "The published pack",
      content = @Content(schema = @Schema(implementation = OpsPackResponse.class)))
  @APIResponse(responseCode = "404", description = "PACK_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "INVALID_STATE: the pack is not validated (pack_status says what it is)")
  public OpsPackResponse publish(@PathParam("pack_id") @Size(max = 40) String packId) {
    return answer(packs.publish(packId));
  }

  /** The pack format's version in answers. */
  static final String SCHEMA_VERSION = "1.0";

  private static OpsPackResponse answer(Pack p) {
    PackContent c = p.content();
    PackContent.Location where =
        c.location() != null ? c.location() : new PackContent.Location(c.geo(), null, null, null);
    return new OpsPackResponse(
        "success",
        p.id(),
        p.merchantId(),
        p.status().wireName(),
        p.validation(),
        new OpsPack(
            SCHEMA_VERSION,
            new Context(c.sessionId(), c.language(), where),
            p.id(),
            p.merchantId(),
            p.status().wireName(),
            p.source(),
            c.sessionId(),
            c.title(),
            c.narrative(),
            c.language(),
            c.geo(),
            c.sponsored(),
            c.recommendations(),
            c.authorizedSignals(),
            c.disclosures(),
            p.validation(),
            p.createdAt(),
            p.updatedAt(),
            p.validatedAt(),
            p.publishedAt()));
  }
}
