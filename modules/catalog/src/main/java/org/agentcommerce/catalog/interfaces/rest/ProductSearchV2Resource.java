package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /agent/v2/products/search}: the origin service's v2 search route, a thin view over
 * {@code GET /agent/v1/products/search}. Its gateway sends the search both as query parameters and
 * as a JSON body; both are read (see {@link SearchInput}).
 */
@ApplicationScoped
@Path("/agent/v2/products/search")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class ProductSearchV2Resource {

  @Inject SearchExecution execution;

  @POST
  @CountsAs(CountedCall.CATALOG_SEARCH)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "searchProductsV2",
      summary = "Search products (the origin service's v2 route)",
      description =
          "The same search as GET /agent/v1/products/search. Its inputs may be sent as query"
              + " parameters (the v1 names), as members of the JSON body, or both: a body member"
              + " wins over the query parameter of the same name. page (1-based) sets the offset"
              + " when offset is not given. Body members that are not search inputs are listed in"
              + " metadata.ignored_members.")
  @Parameter(
      name = "query",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.STRING, maxLength = 500))
  @Parameter(
      name = "merchant_id",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.STRING, maxLength = 64))
  @Parameter(
      name = "merchant_ids",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.ARRAY, implementation = String.class, maxItems = 50))
  @Parameter(
      name = "search_all_merchants",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "category",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.STRING, maxLength = 40))
  @Parameter(
      name = "catalog_surface",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.STRING, maxLength = 40))
  @Parameter(
      name = "min_price",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.NUMBER, minimum = "0"))
  @Parameter(
      name = "max_price",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.NUMBER, minimum = "0"))
  @Parameter(name = "in_stock", in = ParameterIn.QUERY, schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "in_stock_only",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "limit",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "250"))
  @Parameter(
      name = "offset",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.INTEGER, minimum = "0"))
  @Parameter(
      name = "page",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "100000"))
  @Parameter(
      name = "allow_external_seed",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "allow_stale_cache",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "external_seed_strategy",
      in = ParameterIn.QUERY,
      schema =
          @Schema(
              type = SchemaType.STRING,
              enumeration = {"legacy", "cache_first", "realtime_first", "cache_only"}))
  @Parameter(
      name = "fast_mode",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.BOOLEAN))
  @Parameter(
      name = "market",
      in = ParameterIn.QUERY,
      schema = @Schema(type = SchemaType.STRING, pattern = "^[A-Za-z]{2}$"))
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "ProductSearchRequestV2")))
  @APIResponse(
      responseCode = "200",
      description = "One page of products",
      content = @Content(schema = @Schema(ref = "ProductSearchResponseV2")))
  @APIResponse(
      responseCode = "404",
      description =
          "MERCHANT_NOT_FOUND: a merchant named in merchant_id or merchant_ids does not exist")
  @APIResponse(
      responseCode = "503",
      description = "TEMPORARY_UNAVAILABLE while the catalog index is being built")
  public Response search(@Context UriInfo uri, jakarta.json.JsonValue body) {
    SearchInput in = SearchInput.of(uri.getQueryParameters(), body);
    Boolean stock = in.flag("in_stock_only", false) ? Boolean.TRUE : in.flag("in_stock");
    return execution.respond(
        in.seed(),
        in.text("merchant_id"),
        in.texts("merchant_ids"),
        in.flag("search_all_merchants", false),
        in.text("query"),
        in.text("category"),
        in.text("catalog_surface"),
        in.amount("min_price"),
        in.amount("max_price"),
        stock,
        in.limit(),
        in.offset(),
        in.text("market"),
        Map.of(),
        response -> leading(response, in));
  }

  /** {@code {"success":true,"total":…,"metadata":{…},} }: the origin's members, ahead of ours. */
  private static byte[] leading(SearchExecution.SearchResponse response, SearchInput in) {
    var ignored = Jsonp.PROVIDER.createArrayBuilder();
    in.ignored().forEach(ignored::add);
    String members =
        Jsonp.PROVIDER
            .createObjectBuilder()
            .add("success", true)
            .add("total", response.pagination().totalCount())
            .add(
                "metadata",
                Jsonp.PROVIDER
                    .createObjectBuilder()
                    .add("query_source", "agent_products_search")
                    .add("ignored_members", ignored))
            .build()
            .toString();
    return (members.substring(0, members.length() - 1) + ",").getBytes(StandardCharsets.UTF_8);
  }

  /** The body: any of the v1 search's query parameters, by the same names, plus page. */
  @Schema(name = "ProductSearchRequestV2")
  public record SearchRequestV2(
      @Schema(maxLength = 500) String query,
      @Schema(maxLength = 64) String merchantId,
      @Schema(type = SchemaType.ARRAY, implementation = String.class, maxItems = 50)
          List<String> merchantIds,
      Boolean searchAllMerchants,
      @Schema(maxLength = 40) String category,
      @Schema(maxLength = 40) String catalogSurface,
      @Schema(minimum = "0") BigDecimal minPrice,
      @Schema(minimum = "0") BigDecimal maxPrice,
      Boolean inStock,
      Boolean inStockOnly,
      @Schema(minimum = "1", maximum = "250") Integer limit,
      // Not named offset: Payara's scanner takes an annotated accessor holding "set" for a setter
      // and fails the whole document.
      @Schema(name = "offset", minimum = "0") Integer skip,
      @Schema(minimum = "1", maximum = "100000") Integer page,
      Boolean allowExternalSeed,
      Boolean allowStaleCache,
      @Schema(enumeration = {"legacy", "cache_first", "realtime_first", "cache_only"})
          String externalSeedStrategy,
      Boolean fastMode,
      @Schema(pattern = "^[A-Za-z]{2}$") String market) {}

  /** The v1 answer, with the origin's success, total and metadata. */
  @Schema(name = "ProductSearchResponseV2")
  public record SearchResponseV2(
      boolean success,
      @Schema(type = SchemaType.INTEGER) long total,
      Metadata metadata,
      String status,
      List<ProductView> products,
      SearchExecution.Pagination pagination,
      SearchExecution.SearchContext searchContext,
      SearchExecution.FiltersApplied filtersApplied) {}

  /** Where the answer came from, and the body members that were not search inputs. */
  @Schema(name = "ProductSearchMetadata")
  public record Metadata(String querySource, List<String> ignoredMembers) {}
}
