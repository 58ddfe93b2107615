package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.ProductGroupService;
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

/** Product groups: one product sold by several merchants. */
@RequestScoped
@Path("/agent/v1/product-groups")
@Authenticated
@Tag(name = "Catalog", description = "Merchants, products and discovery")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class ProductGroupResource {

  @Inject ProductGroupService groups;

  @GET
  @Path("/resolve")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "resolveProductGroup", summary = "The group of a merchant's product")
  @APIResponse(
      responseCode = "200",
      description = "The group and its members",
      content = @Content(schema = @Schema(implementation = GroupResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND or PRODUCT_GROUP_NOT_FOUND")
  public GroupResponse resolve(
      @Parameter(required = true, description = "The merchant of the product")
          @QueryParam("merchant_id")
          @NotBlank
          String merchantId,
      @Parameter(required = true, description = "Our product id, the platform's id or the handle")
          @QueryParam("product_id")
          @NotBlank
          String productId,
      @QueryParam("platform") @Size(max = 40) String platform,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "200",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit) {
    return GroupResponse.of(groups.forProduct(merchantId, productId, platform, limit));
  }

  @GET
  @Path("/resolve-by-product-id")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "resolveProductGroupByProductId", summary = "The group of a product id")
  @APIResponse(responseCode = "404", description = "NOT_FOUND: no product has this id")
  @APIResponse(
      responseCode = "200",
      description = "The group and its members",
      content = @Content(schema = @Schema(implementation = GroupResponse.class)))
  public GroupResponse resolveByProductId(
      @Parameter(required = true, description = "Our product id or the platform's product id")
          @QueryParam("product_id")
          @NotBlank
          String productId,
      @QueryParam("platform") @Size(max = 40) String platform,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "200",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit) {
    return GroupResponse.of(groups.forProductId(productId, platform, limit));
  }

  @GET
  @Path("/{product_group_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getProductGroup", summary = "A product group and its members")
  @APIResponse(
      responseCode = "200",
      description = "The group and its members",
      content = @Content(schema = @Schema(implementation = GroupResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  public GroupResponse byId(
      @PathParam("product_group_id") String groupId,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "200",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit) {
    return GroupResponse.of(groups.byId(groupId, null, limit));
  }

  /** A group and its members. */
  @Schema(name = "ProductGroupResponse")
  public record GroupResponse(
      String status,
      String productGroupId,
      String title,
      String brand,
      String canonicalProductId,
      int memberCount,
      List<ProductView> members) {

    static GroupResponse of(ProductGroupService.GroupView g) {
      return new GroupResponse(
          "success",
          g.group().id(),
          g.group().title(),
          g.group().brand(),
          g.group().canonicalProductId(),
          g.memberCount(),
          g.members());
    }
  }
}
