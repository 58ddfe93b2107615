package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.CatalogQueries;
import org.agentcommerce.catalog.application.CatalogSourcing;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.application.ProductResolver;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Products of one merchant, one product, the product of a variant, related and recommended. */
@RequestScoped
@Path("/agent/v1/products")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class ProductResource {

  private static final String ONE_OF_RESOLVE =
      "One of product_id, sku_id and query is required; without any the answer is 422";

  @Inject CatalogQueries catalog;
  @Inject CatalogSourcing sourcing;
  @Inject ProductResolver resolver;

  /** The market and payment filters several operations take. */
  public static class Filters {
    @QueryParam("market")
    @Pattern(regexp = "[A-Za-z]{2}", message = "Input should be a two-letter country code")
    public String market;

    @QueryParam("psp")
    @Size(max = 60)
    public String psp;

    @QueryParam("payment_method_type")
    @Size(max = 60)
    public String paymentMethodType;

    @QueryParam("card_network")
    @Size(max = 60)
    public String cardNetwork;

    @QueryParam("issuer_name")
    @Size(max = 60)
    public String issuerName;

    @QueryParam("wallet_type")
    @Size(max = 60)
    public String walletType;

    @QueryParam("installment_provider")
    @Size(max = 60)
    public String installmentProvider;

    String market() {
      return market == null ? null : market.toUpperCase(Locale.ROOT);
    }

    Map<String, String> payment() {
      Map<String, String> p = new LinkedHashMap<>();
      put(p, "psp", psp);
      put(p, "payment_method_type", paymentMethodType);
      put(p, "card_network", cardNetwork);
      put(p, "issuer", issuerName);
      put(p, "wallet", walletType);
      put(p, "installment_provider", installmentProvider);
      return p;
    }

    private static void put(Map<String, String> p, String k, String v) {
      if (v != null && !v.isBlank()) {
        p.put(k, v.trim());
      }
    }
  }

  @GET
  @Path("/merchants/{merchant_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listMerchantProducts",
      summary = "Products of a merchant",
      description =
          "The merchant's active products in one unified format, newest first, priced in the"
              + " requested market. When the merchant lacks a requested payment capability the"
              + " list is empty and payment_filter_match is false.")
  @APIResponse(
      responseCode = "200",
      description = "The products",
      content = @Content(schema = @Schema(implementation = MerchantProductsResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND")
  @APIResponse(
      responseCode = "502",
      description = "MERCHANT_CATALOG_UNAVAILABLE: the platform failed and nothing is cached")
  @Parameter(
      name = "allow_external_seed",
      in = ParameterIn.QUERY,
      description =
          "May the merchant's platform be read when the cache cannot answer (default true)",
      schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "true"))
  @Parameter(
      name = "allow_stale_cache",
      in = ParameterIn.QUERY,
      description = "May a cache older than the TTL be served (default true)",
      schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "true"))
  @Parameter(
      name = "external_seed_strategy",
      in = ParameterIn.QUERY,
      description = "How merchants whose catalog lives on their platform are read",
      schema =
          @Schema(
              type = SchemaType.STRING,
              enumeration = {"legacy", "cache_first", "realtime_first", "cache_only"},
              defaultValue = "legacy"))
  @Parameter(
      name = "fast_mode",
      in = ParameterIn.QUERY,
      description = "Answer from the cache only (default false)",
      schema = @Schema(type = SchemaType.BOOLEAN, defaultValue = "false"))
  @Parameter(
      name = "market",
      in = ParameterIn.QUERY,
      description = "ISO 3166-1 country code: prices in that market's currency",
      schema = @Schema(type = SchemaType.STRING, pattern = "^[A-Za-z]{2}$"))
  @Parameter(name = "psp", in = ParameterIn.QUERY)
  @Parameter(name = "payment_method_type", in = ParameterIn.QUERY)
  @Parameter(name = "card_network", in = ParameterIn.QUERY)
  @Parameter(name = "issuer_name", in = ParameterIn.QUERY)
  @Parameter(name = "wallet_type", in = ParameterIn.QUERY)
  @Parameter(name = "installment_provider", in = ParameterIn.QUERY)
  public MerchantProductsResponse merchantProducts(
      @PathParam("merchant_id") String merchantId,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "250",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(250)
          int limit,
      @BeanParam @Valid Filters filters,
      @BeanParam @Valid SeedParameters seed) {
    // Scope and existence first: a key limited to other merchants never makes us call a platform.
    MerchantDirectory.Entry merchant = catalog.merchant(merchantId);
    CatalogSourcing.Outcome sourced = sourcing.ensureFresh(merchantId, seed.policy());
    boolean match = catalog.supports(merchant, filters.payment());
    List<ProductView> products =
        match ? catalog.merchantProducts(merchantId, limit, filters.market()) : List.of();
    return new MerchantProductsResponse(
        "success",
        merchant.id(),
        merchant.name(),
        sourced.source(),
        sourced.warning(),
        match,
        products.size(),
        products);
  }

  @GET
  @Path("/merchants/{merchant_id}/product/{product_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getMerchantProduct",
      summary = "One product of a merchant",
      description =
          "By our product id, the platform's product id or the product handle. payment_filter_match"
              + " says whether the merchant supports the requested payment capabilities.")
  @APIResponse(
      responseCode = "200",
      description = "The product",
      content = @Content(schema = @Schema(implementation = ProductResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND or NOT_FOUND")
  @Parameter(
      name = "market",
      in = ParameterIn.QUERY,
      description = "ISO 3166-1 country code: prices in that market's currency",
      schema = @Schema(type = SchemaType.STRING, pattern = "^[A-Za-z]{2}$"))
  @Parameter(name = "psp", in = ParameterIn.QUERY)
  @Parameter(name = "payment_method_type", in = ParameterIn.QUERY)
  @Parameter(name = "card_network", in = ParameterIn.QUERY)
  @Parameter(name = "issuer_name", in = ParameterIn.QUERY)
  @Parameter(name = "wallet_type", in = ParameterIn.QUERY)
  @Parameter(name = "installment_provider", in = ParameterIn.QUERY)
  public ProductResponse merchantProduct(
      @PathParam("merchant_id") String merchantId,
      @PathParam("product_id") String productId,
      @BeanParam @Valid Filters filters) {
    MerchantDirectory.Entry merchant = catalog.merchant(merchantId);
    ProductRecord p = catalog.product(merchantId, productId);
    return new ProductResponse(
        "success",
        ProductViews.render(p, filters.market()),
        catalog.supports(merchant, filters.payment()));
  }

  @GET
  @Path("/merchants/{merchant_id}/variant/{variant_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getProductByVariant",
      summary = "The product of a platform variant id",
      description = "Resolves the merchant platform's variant id (or a SKU) to its parent product.")
  @APIResponse(
      responseCode = "200",
      description = "The product and the variant",
      content = @Content(schema = @Schema(implementation = VariantResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND or NOT_FOUND")
  public VariantResponse byVariant(
      @PathParam("merchant_id") String merchantId, @PathParam("variant_id") String variantId) {
    ProductView product =
        ProductViews.render(catalog.productByVariant(merchantId, variantId), null);
    ProductView.Variant variant =
        product.variants().stream()
            .filter(v -> variantId.equals(v.id()) || variantId.equals(v.sku()))
            .findFirst()
            .orElse(null);
    return new VariantResponse("success", product, variant);
  }

  @GET
  @Path("/merchants/{merchant_id}/product/{product_id}/related")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getRelatedProducts",
      summary = "Related products",
      description =
          "Similar products by brand, product type, tags and title words; the product itself is"
              + " excluded. May return fewer than limit.")
  @APIResponse(
      responseCode = "200",
      description = "Related products",
      content = @Content(schema = @Schema(implementation = ProductListResponse.class)))
  public ProductListResponse related(
      @PathParam("merchant_id") String merchantId,
      @PathParam("product_id") String productId,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "50",
                      defaultValue = "10"))
          @QueryParam("limit")
          @DefaultValue("10")
          @Min(1)
          @Max(50)
          int limit) {
    List<ProductView> related = catalog.related(merchantId, productId, limit, null);
    return new ProductListResponse("success", productId, related.size(), related);
  }

  @GET
  @Path("/recommendations")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getRecommendations",
      summary = "Recommendations for a product",
      description =
          "Offers of the same product group from other sellers first, then facet-similar products.")
  @APIResponse(
      responseCode = "404",
      description =
          "MERCHANT_NOT_FOUND or NOT_FOUND: the merchant or the product named does not exist")
  @APIResponse(
      responseCode = "200",
      description = "Recommended products",
      content = @Content(schema = @Schema(implementation = ProductListResponse.class)))
  public ProductListResponse recommendations(
      @Parameter(required = true, description = "The merchant of the product")
          @QueryParam("merchant_id")
          @NotBlank
          String merchantId,
      @Parameter(required = true, description = "The merchant platform's product id")
          @QueryParam("platform_product_id")
          @NotBlank
          String platformProductId,
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
    List<ProductView> recommended = catalog.recommendations(merchantId, platformProductId, limit);
    return new ProductListResponse("success", platformProductId, recommended.size(), recommended);
  }

  @GET
  @Path("/resolve")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "resolveProduct",
      summary = "Resolve a product reference",
      description =
          "product_id may be our id, the platform's id, a canonical ref (merchant_id:handle) or a"
              + " product page URL; sku_id a SKU or platform variant id; query free text. Order:"
              + " exact cached aliases and ids, variants, then search (within merchant_id when"
              + " given), then the canonical product group adds the other sellers. At least one of"
              + " product_id, sku_id and query is required (422 otherwise).")
  @APIResponse(
      responseCode = "200",
      description = "The candidates, best first",
      content = @Content(schema = @Schema(implementation = ResolveResponse.class)))
  public ResolveResponse resolve(
      @Parameter(
              description = "Limits the search step to this merchant",
              schema = @Schema(type = SchemaType.STRING, maxLength = 64))
          @QueryParam("merchant_id")
          @Size(max = 64)
          String merchantId,
      @Parameter(
              description = ONE_OF_RESOLVE,
              schema = @Schema(type = SchemaType.STRING, maxLength = 500))
          @QueryParam("product_id")
          @Size(max = 500)
          String productId,
      @Parameter(
              description = ONE_OF_RESOLVE,
              schema = @Schema(type = SchemaType.STRING, maxLength = 120))
          @QueryParam("sku_id")
          @Size(max = 120)
          String skuId,
      @Parameter(
              description = ONE_OF_RESOLVE,
              schema = @Schema(type = SchemaType.STRING, maxLength = 500))
          @QueryParam("query")
          @Size(max = 500)
          String query,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "50",
                      defaultValue = "10"))
          @QueryParam("limit")
          @DefaultValue("10")
          @Min(1)
          @Max(50)
          int limit) {
    if (isBlank(productId) && isBlank(skuId) && isBlank(query)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("query", "product_id"), "Give product_id, sku_id or query", "missing"));
    }
    ProductResolver.Resolution r =
        resolver.resolve(
            blankToNull(merchantId),
            blankToNull(productId),
            blankToNull(skuId),
            blankToNull(query),
            limit);
    return new ResolveResponse(
        "success",
        !r.candidates().isEmpty(),
        r.method(),
        r.productGroupId(),
        r.candidates().size(),
        r.candidates());
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }

  private static String blankToNull(String s) {
    return isBlank(s) ? null : s;
  }

  @GET
  @Path("/{merchant_id}/{product_id}")
  @CountsAs(CountedCall.PRODUCT_READ)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getProduct",
      summary = "One product",
      description = "By merchant and product id (ours, the platform's, or the handle).")
  @APIResponse(
      responseCode = "200",
      description = "The product",
      content = @Content(schema = @Schema(implementation = ProductResponse.class)))
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND or NOT_FOUND")
  public ProductResponse product(
      @PathParam("merchant_id") String merchantId, @PathParam("product_id") String productId) {
    return new ProductResponse(
        "success", ProductViews.render(catalog.product(merchantId, productId), null), null);
  }

  /** A merchant's products. */
  @Schema(name = "MerchantProductsResponse")
  public record MerchantProductsResponse(
      String status,
      String merchantId,
      String merchantName,
      @Schema(
              description =
                  "cache (our copy), realtime (read from the merchant's platform now) or"
                      + " cache_stale (our copy, older than the cache TTL)")
          String source,
      @Schema(description = "Why a stale copy was served, when it was") String warning,
      boolean paymentFilterMatch,
      int count,
      List<ProductView> products) {}

  /** What a reference resolved to. */
  @Schema(name = "ResolveResponse")
  public record ResolveResponse(
      String status,
      boolean resolved,
      @Schema(description = "alias, id, variant, search or none") String resolution,
      String productGroupId,
      int count,
      List<ProductResolver.Candidate> candidates) {}

  /** One product. */
  @Schema(name = "ProductResponse")
  public record ProductResponse(String status, ProductView product, Boolean paymentFilterMatch) {}

  /** A product and the variant that was asked for. */
  @Schema(name = "VariantResponse")
  public record VariantResponse(String status, ProductView product, ProductView.Variant variant) {}

  /** Products related to one. */
  @Schema(name = "ProductListResponse")
  public record ProductListResponse(
      String status, String productId, int count, List<ProductView> products) {}
}
