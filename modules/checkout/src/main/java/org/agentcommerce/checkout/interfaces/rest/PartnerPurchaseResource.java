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
import java.util.ArrayList;
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

  @Schema(
      name = "PartnerPrepareRequest",
      description =
          "Our members (merchant_id, product_id, selector or sku) or the origin's (merchant_domain,"
              + " product_key, variant_id, quantity, market_country, item_source); a member and"
              + " its origin alias may not name different things")
  public record PartnerPrepareRequest(
      @Size(max = 64)
          @Schema(maxLength = 64, description = "Our merchant id; or send merchant_domain")
          String merchantId,
      @Size(max = 200)
          @Schema(
              maxLength = 200,
              description = "Our product id or the platform's; or send product_key")
          String productId,
      @Schema(
              type = SchemaType.INTEGER,
              format = "int32",
              minimum = "1",
              description =
                  "The numeric selector: the 1-based position of a variant in the product's"
                      + " variants. A JSON integer, never a SKU key (\"2\" is refused). Send"
                      + " exactly one of selector, sku and variant_id.")
          JsonValue selector,
      @Size(max = 100)
          @Schema(
              maxLength = 100,
              description = "A SKU key; send exactly one of selector, sku, variant_id")
          String sku,
      @Pattern(regexp = "cart_link|reap_variant")
          @Schema(
              enumeration = {"cart_link", "reap_variant"},
              description = "The origin's lane; one partner lane here. Echoed in the selection")
          String itemSource,
      @Size(max = 255)
          @Pattern(regexp = OriginPurchaseWire.DOMAIN)
          @Schema(
              maxLength = 255,
              description =
                  "The origin's merchant: the merchant's store host (lower case, a leading www."
                      + " ignored)")
          String merchantDomain,
      @Size(max = 200) @Schema(maxLength = 200, description = "The origin's name for product_id")
          String productKey,
      @Size(max = 100)
          @Schema(
              maxLength = 100,
              description =
                  "The merchant platform's variant id (a string, as the product lists it)")
          String variantId,
      @Min(1)
          @Max(1000)
          @JsonbTypeDeserializer(ExactIntegers.AsInt.class)
          @Schema(
              minimum = "1",
              maximum = "1000",
              description = "Units wanted: stock must cover them (409 OUT_OF_STOCK); echoed")
          Integer quantity,
      @Pattern(regexp = "[A-Za-z]{2}")
          @Schema(
              description =
                  "The buyer's market: the SKU must be on sale there (409 SELECTION_REFUSED"
                      + " other_market); echoed as market")
          String marketCountry) {}

  @Schema(
      name = "PartnerSelection",
      description = "The one SKU a selection names, in our members and the origin's")
  public record PartnerSelection(
      @Schema(description = "Our merchant id") String merchantId,
      @Schema(description = "Our product id") String productId,
      @Schema(description = "The merchant platform's variant id") String variantId,
      @Schema(description = "The SKU key to send as sku in the create request") String sku,
      @Schema(description = "The product's title") String title,
      @Schema(description = "The variant's title") String variantTitle,
      @Schema(description = "Send as expected_unit_price_minor") long unitPriceMinor,
      @Schema(description = "Send as expected_currency") String currency,
      @Schema(description = "Units in stock") int available,
      @Schema(description = "The origin's name for product_id") String productKey,
      @Schema(description = "The origin's name for sku") String variantKey,
      @Schema(description = "The merchant's store host (as sent, else its store address)")
          String merchantDomain,
      @Schema(description = "The market the price is for (ISO 3166-1 alpha-2)") String market,
      @Schema(description = "The quantity the request named; null when none") Integer quantity,
      @Schema(description = "The item_source the request named; null when none")
          String itemSource) {}

  @Schema(name = "PartnerPrepareResponse", description = "The selection witness")
  public record PartnerPrepareResponse(
      @Schema(description = "success") String status, PartnerSelection selection) {}

  @Schema(name = "PartnerContact", description = "The buyer's contact for this purchase")
  public record PartnerContact(
      @NotBlank @Email @Size(max = 320) @Schema(required = true, format = "email", maxLength = 320)
          String email,
      @Size(max = 200) @Schema(maxLength = 200, description = "The buyer's name") String name,
      @Size(max = 40) @Schema(maxLength = 40, description = "The buyer's phone") String phone) {}

  @Schema(
      name = "PartnerPurchaseRequest",
      description =
          "Our members or the origin's: merchant_domain for merchant_id, product_key for"
              + " product_id, variant_key for sku, buyer{email, name, phone, consent_version,"
              + " shipping_address{firstName, …}} for contact and shipping_address. A member and"
              + " its alias may not name different things; offer_code is refused (422)")
  public record PartnerPurchaseRequest(
      @NotBlank
          @Size(max = 255)
          @Schema(
              required = true,
              maxLength = 255,
              description = "Per agent and buyer; never expires")
          String idempotencyKey,
      @Size(max = 64) @Schema(maxLength = 64, description = "Our merchant id; or merchant_domain")
          String merchantId,
      @Size(max = 200)
          @Schema(maxLength = 200, description = "Our product id or the platform's; or product_key")
          String productId,
      @Size(max = 100)
          @Schema(
              maxLength = 100,
              description = "The SKU key (prepare resolves selectors); or variant_key")
          String sku,
      @NotNull
          @Min(1)
          @Max(1000)
          @JsonbTypeDeserializer(ExactIntegers.AsInt.class)
          @Schema(
              required = true,
              minimum = "1",
              maximum = "1000",
              description = "A JSON integer (1.9 or 4294967297 is refused, never narrowed)")
          Integer quantity,
      @NotNull
          @JsonbTypeDeserializer(ExactIntegers.AsLong.class)
          @Min(0)
          @Max(1_000_000_000_000L)
          @Schema(
              required = true,
              minimum = "0",
              description =
                  "Our catalog's unit price in minor units of expected_currency (its exponent:"
                      + " 2100 is 21.00 USD, 2100 JPY is 2100 yen), as prepare showed it;"
                      + " required (409 price_changed when it is not the price)")
          Long expectedUnitPriceMinor,
      @NotNull
          @Pattern(regexp = "[A-Z]{3}")
          @Schema(required = true, pattern = "[A-Z]{3}", description = "ISO 4217; required")
          String expectedCurrency,
      @Valid PartnerContact contact,
      @Valid WireItems.Address shippingAddress,
      @Pattern(regexp = "cart_link|reap_variant")
          @Schema(
              enumeration = {"cart_link", "reap_variant"},
              description =
                  "The origin's lane (default reap_variant); one partner lane here. cart_link"
                      + " is kept with the request")
          String itemSource,
      @Size(max = 255)
          @Pattern(regexp = OriginPurchaseWire.DOMAIN)
          @Schema(
              maxLength = 255,
              description =
                  "The origin's merchant: the merchant's store host (lower case, a leading www."
                      + " ignored)")
          String merchantDomain,
      @Size(max = 200) @Schema(maxLength = 200, description = "The origin's name for product_id")
          String productKey,
      @Size(max = 100) @Schema(maxLength = 100, description = "The origin's name for sku")
          String variantKey,
      @Size(max = 128)
          @Schema(
              maxLength = 128,
              description =
                  "Not taken: any value is refused (422); partner purchases take no codes")
          String offerCode,
      @Valid OriginPurchaseWire.Buyer buyer,
      @Size(max = 2000)
          @Schema(
              maxLength = 2000,
              format = "uri",
              pattern = "^https://[^\\s/?#@]+(/\\S*)?$",
              example = "https://agent.example/return",
              description =
                  "An absolute https address without userinfo (a valid URI); kept with the request"
                      + " (nothing on this rail redirects to it)")
          String returnUrl) {}

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
    Selector selector = selector(body.selector(), body.sku(), body.variantId());
    List<InvalidInputException.Violation> bad = new ArrayList<>();
    OriginPurchaseWire.merchant(bad, body.merchantId(), body.merchantDomain());
    String product =
        OriginPurchaseWire.one(
            bad, body.productId(), "product_id", body.productKey(), "product_key");
    if (!bad.isEmpty()) {
      throw new InvalidInputException(bad);
    }
    String merchantId =
        body.merchantId() != null
            ? body.merchantId()
            : service.merchantIdForDomain(body.merchantDomain(), caller::mayAccessMerchant);
    caller.requireMerchantAccess(merchantId);
    PartnerPurchaseService.Selection s =
        service.prepare(merchantId, product, selector, body.marketCountry(), body.quantity());
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
            s.available(),
            s.productId(),
            s.sku(),
            body.merchantDomain() != null ? body.merchantDomain() : s.merchantDomain(),
            s.market(),
            body.quantity(),
            body.itemSource()));
  }

  private static Selector selector(JsonValue v, String sku, String variantId) {
    boolean numeric = v != null && v != JsonValue.NULL;
    int sent = (numeric ? 1 : 0) + (sku != null ? 1 : 0) + (variantId != null ? 1 : 0);
    if (sent != 1) {
      throw invalidSelector(
          "send exactly one of selector (a position), sku (a SKU key) and variant_id (the"
              + " platform's variant id)",
          "value_error.selector");
    }
    if (variantId != null) {
      if (variantId.isBlank()) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "variant_id"),
                "variant_id must not be blank",
                "value_error.variant_id"));
      }
      return new Selector.VariantId(variantId);
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

  /** The request a resume or recover body names (no merchant lookup: see OriginPurchaseWire). */
  private static PurchaseRequest request(PartnerPurchaseRequest b) {
    return OriginPurchaseWire.request(b, null);
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
    PurchaseRequest request =
        OriginPurchaseWire.request(
            body, domain -> service.merchantIdForDomain(domain, caller::mayAccessMerchant));
    caller.requireMerchantAccess(request.merchantId());
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
