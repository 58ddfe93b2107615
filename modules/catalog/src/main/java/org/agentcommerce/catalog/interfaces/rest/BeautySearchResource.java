package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

/** Product search across merchants, and its beauty-only variant with payment filters. */
/**
 * {@code GET /agent/v1/beauty/products/search}: the beauty catalog only, in stock by default, with
 * payment filters matched against merchant capabilities.
 */
@RequestScoped
@Path("/agent/v1/beauty/products/search")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class BeautySearchResource {

  @Inject SearchExecution execution;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "searchBeautyProducts",
      summary = "Search beauty products",
      description =
          "Like /agent/v1/products/search restricted to the beauty catalog, in stock by default,"
              + " with payment filters matched against merchant capabilities: only merchants that"
              + " support every given psp, payment method type, card network, issuer, wallet and"
              + " installment provider are searched.")
  @APIResponse(
      responseCode = "404",
      description =
          "MERCHANT_NOT_FOUND: a merchant named in merchant_id or merchant_ids does not exist")
  @APIResponse(
      responseCode = "200",
      description = "One page of products",
      content = @Content(schema = @Schema(ref = "ProductSearchResponse")))
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
  public jakarta.ws.rs.core.Response searchBeauty(
      @QueryParam("merchant_id") @Size(max = 64) String merchantId,
      @QueryParam("merchant_ids") @Size(max = 50) List<String> merchantIds,
      @QueryParam("search_all_merchants") @DefaultValue("false") boolean searchAllMerchants,
      @QueryParam("query") @Size(max = 500) String query,
      @QueryParam("category") @Size(max = 40) String category,
      @QueryParam("min_price") @DecimalMin("0") BigDecimal minPrice,
      @QueryParam("max_price") @DecimalMin("0") BigDecimal maxPrice,
      @QueryParam("in_stock_only") @DefaultValue("true") boolean inStockOnly,
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
      @BeanParam @Valid SeedParameters seed,
      @QueryParam("market")
          @Pattern(regexp = "[A-Za-z]{2}", message = "Input should be a two-letter country code")
          String market,
      @QueryParam("psp") @Size(max = 60) String psp,
      @QueryParam("payment_method_type") @Size(max = 60) String paymentMethodType,
      @QueryParam("card_network") @Size(max = 60) String cardNetwork,
      @QueryParam("issuer_name") @Size(max = 60) String issuerName,
      @QueryParam("wallet_type") @Size(max = 60) String walletType,
      @QueryParam("installment_provider") @Size(max = 60) String installmentProvider) {
    Map<String, String> payment = new LinkedHashMap<>();
    SearchExecution.putIf(payment, "psp", psp);
    SearchExecution.putIf(payment, "payment_method_type", paymentMethodType);
    SearchExecution.putIf(payment, "card_network", cardNetwork);
    SearchExecution.putIf(payment, "issuer", issuerName);
    SearchExecution.putIf(payment, "wallet", walletType);
    SearchExecution.putIf(payment, "installment_provider", installmentProvider);
    return execution.respond(
        seed.policy(),
        merchantId,
        merchantIds,
        searchAllMerchants,
        query,
        category,
        "beauty",
        minPrice,
        maxPrice,
        inStockOnly ? Boolean.TRUE : null,
        limit,
        offset,
        market,
        payment,
        SearchExecution.NOTHING);
  }
}
