package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.catalog.application.MerchantService;
import org.agentcommerce.catalog.domain.merchant.Merchant;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /agent/v1/merchants}: the connected merchants the calling key may see. */
@RequestScoped
@Path("/agent/v1/merchants")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class MerchantsResource {

  @Inject MerchantService merchants;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listMerchants",
      summary = "List connected merchants",
      description =
          "Merchants in business-name order. A key limited to some merchants sees only those.")
  @APIResponse(
      responseCode = "200",
      description = "One page of merchants",
      content = @Content(schema = @Schema(implementation = MerchantListResponse.class)))
  public MerchantListResponse list(
      @Parameter(
              description = "Merchant status to list",
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      enumeration = {"active", "inactive", "pending", "all"},
                      defaultValue = "active"))
          @QueryParam("status")
          @DefaultValue("active")
          @Pattern(
              regexp = "active|inactive|pending|all",
              message = "Input should be 'active', 'inactive', 'pending' or 'all'")
          String status,
      @Parameter(
              description = "Page size",
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "100",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(100)
          int limit,
      @Parameter(
              description = "Merchants to skip",
              schema = @Schema(type = SchemaType.INTEGER, minimum = "0", defaultValue = "0"))
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          int offset) {
    MerchantService.Page page = merchants.list(status, offset, limit);
    return new MerchantListResponse(
        "success",
        page.merchants().stream().map(MerchantDto::of).toList(),
        new MerchantListResponse.Pagination(
            page.total(), limit, offset, offset + page.merchants().size() < page.total()));
  }

  /** A page of merchants. */
  @Schema(name = "MerchantListResponse")
  public record MerchantListResponse(
      String status, List<MerchantDto> merchants, Pagination pagination) {

    /** Where this page sits. */
    @Schema(name = "MerchantPagination")
    public record Pagination(long total, int limit, int offset, boolean hasMore) {}
  }

  /** A merchant as agents see it. */
  @Schema(name = "Merchant")
  public record MerchantDto(
      @Schema(example = "merch_7c1e4a9d2b5f3e80") String merchantId,
      String businessName,
      @Schema(description = "active, inactive or pending") String status,
      @Schema(description = "Commerce platform: shopify, woocommerce, bigcommerce, local")
          String platform,
      String storeUrl,
      String website,
      String region,
      String contactEmail,
      boolean pspConnected,
      String pspType,
      Instant createdAt) {

    static MerchantDto of(Merchant m) {
      return new MerchantDto(
          m.id(),
          m.businessName(),
          m.status(),
          m.platform(),
          m.storeUrl(),
          m.website(),
          m.region(),
          m.contactEmail(),
          m.pspConnected(),
          m.pspType(),
          m.createdAt());
    }
  }
}
