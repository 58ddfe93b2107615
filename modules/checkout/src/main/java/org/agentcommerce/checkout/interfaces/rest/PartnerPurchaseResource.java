package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;
import jakarta.json.bind.annotation.JsonbTypeDeserializer;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
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
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.agentcommerce.checkout.application.partner.PartnerPurchaseService;
import org.agentcommerce.checkout.application.partner.PartnerPurchaseService.Owner;
import org.agentcommerce.checkout.application.partner.PartnerPurchaseService.Selector;
import org.agentcommerce.checkout.application.partner.PurchaseRequest;
import org.agentcommerce.checkout.application.partner.PurchaseView;
import org.agentcommerce.platform.api.ExactIntegers;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Partner purchases (v2): purchases an outside purchasing partner places for a buyer, driven by a
 * background poller. Every operation needs the agent's key and the buyer's verified token (401
 * USER_AUTH_REQUIRED); a purchase is its agent's and buyer's only (others: 404).
 * docs/partner-purchases.md.
 */
@RequestScoped
@Path("/agent/v2/commerce/partner/purchases")
@Authenticated
@BuyerRequired
@Tag(name = "Partner purchases (v2)", description = "Purchases placed through a partner")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
@Produces(MediaType.APPLICATION_JSON)
public class PartnerPurchaseResource {

  @Inject PartnerPurchaseService service;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @Schema(name = "PartnerPrepareRequest")
  public record PartnerPrepareRequest(
      @NotBlank @Size(max = 64) @Schema(required = true, maxLength = 64) String merchantId,
      @NotBlank
          @Size(max = 200)
          @Schema(
              required = true,
              maxLength = 200,
              description = "Our product id or the platform's")
          String productId,
      @Schema(
              type = SchemaType.INTEGER,
              format = "int32",
              minimum = "1",
              description =
                  "The numeric selector: the 1-based position of a variant in the product's"
                      + " variants. A JSON integer, never a SKU key (\"2\" is refused). Send"
                      + " either selector or sku.")
          JsonValue selector,
      @Size(max = 100)
          @Schema(maxLength = 100, description = "A SKU key; send either selector or sku")
          String sku) {}

  @Schema(name = "PartnerSelection")
  public record PartnerSelection(
      String merchantId,
      String productId,
      String variantId,
      @Schema(description = "The SKU key to send as sku in the create request") String sku,
      String title,
      String variantTitle,
      @Schema(description = "Send as expected_unit_price_minor") long unitPriceMinor,
      @Schema(description = "Send as expected_currency") String currency,
      int available) {}

  @Schema(name = "PartnerPrepareResponse")
  public record PartnerPrepareResponse(String status, PartnerSelection selection) {}

  @Schema(name = "PartnerContact")
  public record PartnerContact(
      @NotBlank @Email @Size(max = 320) @Schema(required = true, format = "email", maxLength = 320)
          String email,
      @Size(max = 200) String name,
      @Size(max = 40) String phone) {}

  @Schema(name = "PartnerPurchaseRequest")
  public record PartnerPurchaseRequest(
      @NotBlank @Size(max = 255) @Schema(description = "Per agent and buyer; never expires")
          String idempotencyKey,
      @NotBlank @Size(max = 64) String merchantId,
      @NotBlank @Size(max = 200) String productId,
      @NotBlank @Size(max = 100) @Schema(description = "The SKU key (prepare resolves selectors)")
          String sku,
      @NotNull
          @Min(1)
          @Max(1000)
          @JsonbTypeDeserializer(ExactIntegers.AsInt.class)
          @Schema(description = "A JSON integer (1.9 or 4294967297 is refused, never narrowed)")
          Integer quantity,
      @NotNull
          @JsonbTypeDeserializer(ExactIntegers.AsLong.class)
          @Min(0)
          @Max(1_000_000_000_000L)
          @Schema(description = "Our catalog's unit price in minor units, as prepare showed it")
          Long expectedUnitPriceMinor,
      @NotNull @Pattern(regexp = "[A-Z]{3}") String expectedCurrency,
      @NotNull @Valid PartnerContact contact,
      @NotNull @Valid WireItems.Address shippingAddress) {}

  @Schema(name = "PartnerPurchaseList")
  public record PartnerPurchaseList(
      String status, List<PurchaseView> purchases, OrderResource.Pagination pagination) {}

  private Owner owner() {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    return Owner.of(caller.agentId(), t.getIssuer(), t.getSubject());
  }

  @POST
  @Path("/prepare")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "preparePartnerPurchase",
      summary = "Resolve a selection to exactly one live SKU (read-only)",
      description =
          "The selection witness before a create body exists: resolves the selector to exactly"
              + " one live SKU of the product at our catalog's price, or refuses (409"
              + " SELECTION_REFUSED with reason no_such_position, unknown_sku, ambiguous_sku,"
              + " no_sku or not_live). Writes nothing (no buyer, consent, idempotency, click,"
              + " enrollment or purchase record) and calls no partner.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The one SKU the selector names",
      content = @Content(schema = @Schema(implementation = PartnerPrepareResponse.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "403", description = "MERCHANT_ACCESS_DENIED, MERCHANT_INACTIVE")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "SELECTION_REFUSED")
  public PartnerPrepareResponse prepare(@NotNull @Valid PartnerPrepareRequest body) {
    buyer.requireVerifiedBuyer();
    Selector selector = selector(body.selector(), body.sku());
    caller.requireMerchantAccess(body.merchantId());
    PartnerPurchaseService.Selection s =
        service.prepare(body.merchantId(), body.productId(), selector);
    return new PartnerPrepareResponse(
        "success",
        new PartnerSelection(
            s.merchantId(),
            s.productId(),
            s.variantId(),
            s.sku(),
            s.title(),
            s.variantTitle(),
            s.unitPriceMinor(),
            s.currency(),
            s.available()));
  }

  private static Selector selector(JsonValue v, String sku) {
    boolean numeric = v != null && v != JsonValue.NULL;
    if (numeric == (sku != null)) {
      throw invalidSelector(
          "send exactly one of selector (a position) and sku (a SKU key)", "value_error.selector");
    }
    if (!numeric) {
      if (sku.isBlank()) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "sku"), "sku must not be blank", "value_error.sku"));
      }
      return new Selector.SkuKey(sku);
    }
    if (v instanceof JsonNumber n && n.isIntegral()) {
      java.math.BigInteger i = n.bigIntegerValue();
      if (i.signum() > 0 && i.bitLength() < 31) {
        return new Selector.Position(i.intValue());
      }
    }
    throw invalidSelector(
        "selector is a positive JSON integer (a position); a SKU key goes in sku",
        "value_error.selector");
  }

  private static InvalidInputException invalidSelector(String message, String type) {
    return new InvalidInputException(
        new InvalidInputException.Violation(List.of("body", "selector"), message, type));
  }

  private static PurchaseRequest request(PartnerPurchaseRequest b) {
    return new PurchaseRequest(
        b.idempotencyKey(),
        b.merchantId(),
        b.productId(),
        b.sku(),
        b.quantity(),
        b.expectedUnitPriceMinor(),
        b.expectedCurrency(),
        new PurchaseRequest.Contact(b.contact().email(), b.contact().name(), b.contact().phone()),
        WireItems.address(b.shippingAddress(), "shipping_address"));
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createPartnerPurchase",
      summary = "Open a partner purchase (answers at once)",
      description =
          "Validates, fixes the price from our catalog (expected_unit_price_minor and"
              + " expected_currency must be it: 409 price_changed otherwise), stores the purchase"
              + " with its canonical fingerprint and answers 202 at once; the background poller"
              + " deals with the partner. Idempotent per agent and buyer by idempotency_key,"
              + " without expiry: the same body answers the same purchase (Idempotent-Replayed:"
              + " true), another body is 409 idempotency_conflict. 503 PARTNER_CREATE_DISABLED"
              + " when ac.partner.create-enabled is off.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "202",
      description = "The purchase, opened (or the one the key opened)",
      headers =
          @Header(
              name = "Idempotent-Replayed",
              description = "true when the key had opened this purchase before"),
      content = @Content(schema = @Schema(implementation = PurchaseView.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "403", description = "MERCHANT_ACCESS_DENIED, MERCHANT_INACTIVE")
  @APIResponse(responseCode = "404", description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "price_changed, idempotency_conflict, SELECTION_REFUSED, OUT_OF_STOCK")
  @APIResponse(responseCode = "503", description = "PARTNER_CREATE_DISABLED")
  public Response create(@NotNull @Valid PartnerPurchaseRequest body) {
    Owner owner = owner();
    PurchaseRequest request = request(body);
    caller.requireMerchantAccess(body.merchantId());
    PartnerPurchaseService.Opened opened = service.create(owner, request);
    return accepted(opened.view(), "Idempotent-Replayed", opened.replayed() ? "true" : null);
  }

  @GET
  @Operation(
      operationId = "listPartnerPurchases",
      summary = "List this buyer's partner purchases",
      description = "The purchases of this agent and this buyer, newest first.")
  @Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER)
  @Parameter(
      name = "limit",
      in = ParameterIn.QUERY,
      schema =
          @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "100", defaultValue = "50"))
  @Parameter(
      name = "offset",
      in = ParameterIn.QUERY,
      schema =
          @Schema(
              type = SchemaType.INTEGER,
              minimum = "0",
              maximum = "1000000",
              defaultValue = "0"))
  @APIResponse(
      responseCode = "200",
      description = "A page of purchases",
      content = @Content(schema = @Schema(implementation = PartnerPurchaseList.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  public PartnerPurchaseList list(
      @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(100) int limit,
      @QueryParam("offset") @DefaultValue("0") @Min(0) @Max(1_000_000) int offset) {
    PartnerPurchaseService.Page page = service.list(owner(), offset, limit);
    return new PartnerPurchaseList(
        "success", page.purchases(), OrderResource.Pagination.of(page.total(), limit, offset));
  }

  @GET
  @Path("/{purchase_id}")
  @Operation(operationId = "getPartnerPurchase", summary = "Read a partner purchase")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The purchase",
      content = @Content(schema = @Schema(implementation = PurchaseView.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(
      responseCode = "404",
      description = "PURCHASE_NOT_FOUND (also another agent's or buyer's)")
  public PurchaseView get(@PathParam("purchase_id") @Size(max = 40) String purchaseId) {
    return service.get(owner(), purchaseId);
  }

  @POST
  @Path("/{purchase_id}/resume")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "resumePartnerPurchase",
      summary = "Re-enter the buyer's contact for a purchase",
      description =
          "Explicit contact re-entry for one owner, request and attempt: the body is the"
              + " original create request, contact included, exactly as sent (409"
              + " request_mismatch otherwise; it never replaces the request). A purchase waiting"
              + " for contact goes back to its step with a fresh contact clock; a repeated"
              + " accepted submission answers the same view and renews nothing. Terminal"
              + " purchases (409 PURCHASE_TERMINAL) and legacy rows or rows whose place call may"
              + " be at the partner (409 PURCHASE_NOT_RESUMABLE) are refused.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "202",
      description = "The purchase",
      headers =
          @Header(
              name = "Contact-Renewed",
              description = "true when this call renewed the contact clock, else false"),
      content = @Content(schema = @Schema(implementation = PurchaseView.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(
      responseCode = "404",
      description = "PURCHASE_NOT_FOUND (also another agent's or buyer's)")
  @APIResponse(
      responseCode = "409",
      description = "request_mismatch, PURCHASE_TERMINAL, PURCHASE_NOT_RESUMABLE")
  public Response resume(
      @PathParam("purchase_id") @Size(max = 40) String purchaseId,
      @NotNull @Valid PartnerPurchaseRequest body) {
    PartnerPurchaseService.Resumed r = service.resume(owner(), purchaseId, request(body));
    return accepted(r.view(), "Contact-Renewed", String.valueOf(r.renewed()));
  }

  /**
   * The 202 of create and resume: the purchase, and the one header that tells what the call did (a
   * null value sends none).
   */
  static Response accepted(PurchaseView view, String header, String value) {
    return Response.status(Response.Status.ACCEPTED).entity(view).header(header, value).build();
  }

  @POST
  @Path("/recover")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "recoverPartnerPurchase",
      summary = "Find the purchase an original create request opened (read-only)",
      description =
          "Exact-attempt lookup by the original create body (its idempotency_key and canonical"
              + " fingerprint), available while create is disabled. No merchant or catalog"
              + " lookup, no write, no partner call. A missing mapping (404) or an uncertain one"
              + " (409) never permits creating another attempt.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The purchase",
      content = @Content(schema = @Schema(implementation = PurchaseView.class)))
  @APIResponse(responseCode = "401", description = "USER_AUTH_REQUIRED")
  @APIResponse(responseCode = "404", description = "PURCHASE_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "idempotency_conflict, MAPPING_UNCERTAIN")
  public PurchaseView recover(@NotNull @Valid PartnerPurchaseRequest body) {
    return service.recover(owner(), request(body));
  }
}
