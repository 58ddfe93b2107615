package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.agentcommerce.catalog.application.CitationService;
import org.agentcommerce.catalog.domain.evidence.Citation;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Citations: the evidence behind product intel. No credential. */
@RequestScoped
@Path("/agent/v1/citation")
@Tag(name = "Citations", description = "Evidence behind product intel; no credential")
public class CitationResource {

  @Inject CitationService citations;

  @GET
  @Path("/search")
  @Produces(MediaType.APPLICATION_JSON)
  @SecurityRequirementsSet
  @Operation(
      operationId = "searchCitations",
      summary = "Search citations",
      description =
          "intent=inform returns citations that match q (the newest when q is empty). intent=shop"
              + " is suppressed: evidence is for informing a buyer, not for selling, so no"
              + " citations are returned and the answer says so.")
  @APIResponse(
      responseCode = "200",
      description = "Matching citations, or a suppressed answer",
      content = @Content(schema = @Schema(implementation = CitationSearchResponse.class)))
  public CitationSearchResponse search(
      @QueryParam("q") @DefaultValue("") @Size(max = 500) String q,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      enumeration = {"inform", "shop"},
                      defaultValue = "inform"))
          @QueryParam("intent")
          @DefaultValue("inform")
          @Pattern(regexp = "inform|shop", message = "Input should be 'inform' or 'shop'")
          String intent,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "50",
                      defaultValue = "20"))
          @QueryParam("limit")
          @DefaultValue("20")
          @Min(1)
          @Max(50)
          int limit) {
    if ("shop".equals(intent)) {
      return new CitationSearchResponse(
          "success",
          q,
          intent,
          true,
          "Citations are evidence to inform a buyer; they are not returned for shopping intent.",
          0,
          List.of());
    }
    List<CitationDto> found =
        citations.search(q, limit).stream()
            .map(h -> CitationDto.of(h.citation(), h.score()))
            .toList();
    return new CitationSearchResponse("success", q, intent, false, null, found.size(), found);
  }

  @GET
  @Path("/{citation_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @SecurityRequirementsSet
  @Operation(operationId = "getCitation", summary = "One citation")
  @APIResponse(
      responseCode = "200",
      description = "The citation",
      content = @Content(schema = @Schema(implementation = CitationResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  public CitationResponse get(@PathParam("citation_id") String citationId) {
    Citation c =
        citations
            .find(citationId)
            .orElseThrow(() -> ApiException.notFound("Citation " + citationId));
    return new CitationResponse("success", CitationDto.of(c, null));
  }

  /** A citation as clients see it. */
  @Schema(name = "Citation")
  public record CitationDto(
      String citationId,
      @Schema(description = "study, review, guide, regulatory or brand") String kind,
      String title,
      String publisher,
      String url,
      LocalDate publishedOn,
      String excerpt,
      List<String> topics,
      Double relevanceScore) {

    /** The wire form of a stored citation. */
    public static CitationDto of(Citation c, Double score) {
      return new CitationDto(
          c.id(),
          c.kind(),
          c.title(),
          c.publisher(),
          c.url(),
          c.publishedOn(),
          c.excerpt(),
          c.topics() == null
              ? List.of()
              : Arrays.stream(c.topics().split(","))
                  .map(String::trim)
                  .filter(t -> !t.isEmpty())
                  .toList(),
          score);
    }
  }

  /** Citation search results. */
  @Schema(name = "CitationSearchResponse")
  public record CitationSearchResponse(
      String status,
      String query,
      String intent,
      boolean suppressed,
      String suppressedReason,
      int count,
      List<CitationDto> citations) {}

  /** One citation. */
  @Schema(name = "CitationResponse")
  public record CitationResponse(String status, CitationDto citation) {}
}
