package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.agentcommerce.platform.application.BuyerMergeService;
import org.agentcommerce.platform.interfaces.rest.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Buyer references of the calling agent: merge after login, and look up what a reference means. */
@RequestScoped
@Path("/agent/v1/buyers")
@Authenticated
@Tag(name = "Buyers", description = "Buyer references and their merges, per agent")
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.API_KEY_SCHEME))
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.BEARER_SCHEME))
public class BuyersResource {

  @Inject BuyerMergeService merges;
  @Inject Caller caller;

  @POST
  @Path("/merge")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "mergeBuyerRefs",
      summary = "Merge a buyer reference into another",
      description =
          "Aliases source_buyer_ref into target_buyer_ref for this agent only, e.g. guest:<uuid>"
              + " into user:<public_id> after login. Later lookups by the target include the"
              + " source. Merging into an alias merges into its canonical reference, and earlier"
              + " aliases of the source follow it. Repeating the same merge changes nothing."
              + " Accepts an optional Idempotency-Key header.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          description = "Optional; repeats with the same key and body replay the first response"))
  @APIResponse(
      responseCode = "200",
      description = "Merged; target_buyer_ref is the canonical reference",
      content = @Content(schema = @Schema(implementation = MergeResponse.class)))
  @APIResponse(
      responseCode = "409",
      description = "BUYER_ALREADY_MERGED, idempotency_conflict or idempotency_in_flight")
  public MergeResponse merge(@NotNull @Valid MergeRequest body) {
    BuyerRef source = BuyerRef.require(body.sourceBuyerRef(), List.of("body", "source_buyer_ref"));
    BuyerRef target = BuyerRef.require(body.targetBuyerRef(), List.of("body", "target_buyer_ref"));
    BuyerRef canonical = merges.merge(caller.agentId(), source, target);
    return new MergeResponse("success", source.toString(), canonical.toString());
  }

  @GET
  @Path("/{buyer_ref}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getBuyerRef",
      summary = "Resolve a buyer reference",
      description =
          "The canonical reference this one resolves to for the calling agent, and every"
              + " reference that means the same buyer. Order lookups use the same resolution."
              + " Buyer references are minted by the agent and recorded only by merges, so a"
              + " reference this agent never merged (from either side) is 404"
              + " BUYER_REF_NOT_FOUND, as are every other agent's references.")
  @APIResponse(
      responseCode = "200",
      description = "The resolution",
      content = @Content(schema = @Schema(implementation = BuyerRefResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "BUYER_REF_NOT_FOUND: this agent never merged this reference")
  public BuyerRefResponse resolve(
      @Parameter(
              schema =
                  @Schema(
                      type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING,
                      pattern = org.agentcommerce.platform.api.security.BuyerRef.WIRE_PATTERN))
          @PathParam("buyer_ref")
          String buyerRef) {
    BuyerRef ref = BuyerRef.require(buyerRef, List.of("path", "buyer_ref"));
    BuyerMergeService.Resolution resolution = merges.resolve(caller.agentId(), ref);
    return new BuyerRefResponse(
        "success", ref.toString(), resolution.canonical().toString(), resolution.equivalents());
  }

  /** Which reference goes into which. */
  @Schema(name = "BuyerRefMergeRequest")
  public record MergeRequest(
      @NotBlank
          @Size(max = 100)
          @Schema(required = true, example = "guest:7f1c9a52-3c4e-4b8f-9d2a-1e5b6c7d8e9f")
          String sourceBuyerRef,
      @NotBlank @Size(max = 100) @Schema(required = true, example = "user:u_1842")
          String targetBuyerRef) {}

  /** The merge result. */
  @Schema(name = "BuyerRefMergeResponse")
  public record MergeResponse(String status, String sourceBuyerRef, String targetBuyerRef) {}

  /** A reference and what it means for this agent. */
  @Schema(name = "BuyerRefResponse")
  public record BuyerRefResponse(
      String status,
      String buyerRef,
      String canonicalBuyerRef,
      @Schema(description = "The canonical reference and every alias of it")
          List<String> equivalentBuyerRefs) {}
}
