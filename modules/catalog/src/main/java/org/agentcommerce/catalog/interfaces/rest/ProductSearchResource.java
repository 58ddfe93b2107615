package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.application.CatalogSourcing;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
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

/** {@code GET /agent/v1/products/search}: product search across merchants. */
@ApplicationScoped
@Path("/agent/v1/products/search")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class ProductSearchResource {

  @Inject SearchExecution execution;

  @GET
  @CountsAs(CountedCall.CATALOG_SEARCH)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "searchProducts",
      summary = "Search products",
      description =
          "BM25 full-text search over the catalog with filters. Without merchant_id or"
              + " merchant_ids it covers every active merchant the key may see; with"
              + " search_all_merchants=true it does so even when merchants are named. Prices are"
              + " major units in the currency of the market shown (market, else each product's"
              + " home market); min_price/max_price compare in that currency.")
  @APIResponse(
      responseCode = "404",
      description =
          "MERCHANT_NOT_FOUND: a merchant named in merchant_id or merchant_ids does not exist")
  @APIResponse(
      responseCode = "200",
      description = "One page of products",
      content = @Content(schema = @Schema(ref = "ProductSearchResponse")))
  @APIResponse(
      responseCode = "503",
      description = "TEMPORARY_UNAVAILABLE while the catalog index is being built")
  public jakarta.ws.rs.core.Response searchProducts(
      @QueryParam("merchant_id") @Size(max = 64) String merchantId,
      @QueryParam("merchant_ids") @Size(max = 50) List<String> merchantIds,
      @QueryParam("search_all_merchants") @DefaultValue("false") boolean searchAllMerchants,
      @QueryParam("query") @Size(max = 500) String query,
      @QueryParam("category") @Size(max = 40) String category,
      @Parameter(description = "beauty restricts candidates to the beauty catalog")
          @QueryParam("catalog_surface")
          @Size(max = 40)
          String catalogSurface,
      @QueryParam("min_price") @DecimalMin("0") BigDecimal minPrice,
      @QueryParam("max_price") @DecimalMin("0") BigDecimal maxPrice,
      @Parameter(description = "true: in stock only; false: out of stock only")
          @QueryParam("in_stock")
          Boolean inStock,
      @QueryParam("in_stock_only") @DefaultValue("false") boolean inStockOnly,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "250",
                      defaultValue = "20"))
          @QueryParam("limit")
          @DefaultValue("20")
          @Min(1)
          @Max(250)
          int limit,
      @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "0", defaultValue = "0"))
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          int offset,
      // The seed parameters as method parameters, not SeedParameters (@BeanParam): Jersey builds a
      // bean parameter's field injection anew for every request (about 6 % of a search's CPU).
      @Parameter(
              description =
                  "May the merchant's platform be read when the cache cannot answer (default"
                      + " true)",
              schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "true"))
          @QueryParam("allow_external_seed")
          @DefaultValue("true")
          boolean allowExternalSeed,
      @Parameter(
              description = "May a cache older than the TTL be served (default true)",
              schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "true"))
          @QueryParam("allow_stale_cache")
          @DefaultValue("true")
          boolean allowStaleCache,
      @Parameter(
              description = "How merchants whose catalog lives on their platform are read",
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      enumeration = {"legacy", "cache_first", "realtime_first", "cache_only"},
                      defaultValue = "legacy"))
          @QueryParam("external_seed_strategy")
          @DefaultValue("legacy")
          @Pattern(regexp = SeedParameters.STRATEGIES, message = SeedParameters.STRATEGY_MESSAGE)
          String externalSeedStrategy,
      @Parameter(
              description = "Answer from the cache only (default false)",
              schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "false"))
          @QueryParam("fast_mode")
          @DefaultValue("false")
          boolean fastMode,
      @Parameter(description = "ISO 3166-1 country code, e.g. US, FR, JP")
          @QueryParam("market")
          @Pattern(regexp = "[A-Za-z]{2}", message = "Input should be a two-letter country code")
          String market) {
    Boolean stock = inStockOnly ? Boolean.TRUE : inStock;
    return execution.respond(
        new CatalogSourcing.SeedPolicy(
            allowExternalSeed, allowStaleCache, externalSeedStrategy, fastMode),
        merchantId,
        merchantIds,
        searchAllMerchants,
        query,
        category,
        catalogSurface,
        minPrice,
        maxPrice,
        stock,
        limit,
        offset,
        market,
        Map.of(),
        SearchExecution.NOTHING);
  }
}
