package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
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
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.agentcommerce.checkout.application.EvidenceService;
import org.agentcommerce.checkout.application.OrderService;
import org.agentcommerce.checkout.application.OrderView;
import org.agentcommerce.checkout.application.OrderViews;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireJson;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerDirectory;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.jwt.JsonWebToken;
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

/**
 * Orders (v1): create, read, track and list. The moves an agent makes (cancel, confirm payment) and
 * payment evidence are {@link OrderMovesResource}.
 */
@RequestScoped
@Path("/agent/v1/orders")
@Authenticated
@Tag(name = "Orders", description = "Orders: priced by the server, moved only along their states")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderResource {

  @Inject OrderService orders;
  @Inject EvidenceService evidence;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Inject BuyerDirectory buyers;
  @Inject org.agentcommerce.catalog.api.SellableCatalog catalog;

  @HeaderParam("X-Buyer-Ref")
  String buyerRefHeader;

  /** Create-order body: the spec's fields plus those existing clients send. */
  @Schema(name = "CreateOrderRequest")
  public record CreateOrderRequest(
      @Size(max = 64) @Schema(description = "Required unless quote_id is sent") String merchantId,
      @Size(max = 60)
          @Schema(
              description = "Required unless quote_id is sent",
              type = SchemaType.ARRAY,
              implementation = WireItems.Item.class)
          @Valid
          List<WireItems.Item> items,
      @Size(max = 40)
          @Schema(
              description =
                  "A quote from /quotes/preview: the order takes its lines and totals and uses it up")
          String quoteId,
      @Email @Size(max = 320) String customerEmail,
      @Size(max = 200) String customerName,
      @Valid WireItems.Address shippingAddress,
      @Pattern(regexp = "[A-Z]{3}")
          @Schema(description = "A check: must be the currency the merchant prices the order in")
          String currency,
      @Size(max = 5) List<@NotBlank @Size(max = 40) String> discountCodes,
      @Schema(
              description =
                  "standard, express, ... (default: the cheapest); or the origin service's object"
                      + " {id, …}",
              oneOf = {String.class, java.util.Map.class})
          JsonValue selectedDeliveryOption,
      @Size(max = 255) String idempotencyKey,
      @Size(max = 200) String agentSessionId,
      @Schema(description = "Free-form JSON object stored with the order (at most 4 KB)")
          JsonObject metadata,
      @Size(max = 40) String preferredPsp) {}

  @Schema(name = "CreateOrderResponse")
  public record CreateOrderResponse(
      String status,
      String orderId,
      @Schema(description = "Alias of order_id") String id,
      String orderStatus,
      String merchantId,
      String quoteId,
      @Schema(description = "Decimal string in major units") String totalAmount,
      @Schema(description = "Alias of total_amount") String total,
      String currency,
      OrderView.Pricing pricing,
      List<OrderView.Line> lineItems,
      OrderView.Payment payment,
      OrderView.Tracking tracking,
      Instant createdAt) {}

  @POST
  @Path("/create")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createOrder",
      summary = "Create an order",
      description =
          "Creates an order in awaiting_payment. With quote_id the order takes the quote's lines"
              + " and totals and uses the quote up (QUOTE_NOT_FOUND 404, QUOTE_EXPIRED,"
              + " QUOTE_CONSUMED, QUOTE_MISMATCH 409). Without it the server prices the items from"
              + " the live catalog now; a unit_price or subtotal sent is a check (409 PRICE_CHANGED"
              + " with the current prices), never a price. Refusals: VARIANT_REQUIRED (400, lists"
              + " the variants), CART_TOO_LARGE (400: over 50 lines or 25 products), OUT_OF_STOCK"
              + " (409), SHIPPING_UNAVAILABLE (409), CURRENCY_MISMATCH (409), MERCHANT_INACTIVE and"
              + " MERCHANT_ACCESS_DENIED (403), AGENT_SPEND_LIMIT_EXCEEDED (403, names the limit)."
              + " One merchant per order: use merchant_id (items of another merchant are not"
              + " found). Needs no buyer token; paying does. The buyer is X-Buyer-Ref (canonical"
              + " after merges) and, when sent, the verified X-Agent-User-JWT subject. Idempotent"
              + " with Idempotency-Key or idempotency_key.")
  @Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER)
  @Parameter(
      name = "X-Buyer-Ref",
      in = ParameterIn.HEADER,
      description = "guest:<uuid> or user:<public_id>")
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content = @Content(schema = @Schema(implementation = CreateOrderResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "QUOTE_NOT_FOUND, MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "PRICE_CHANGED, QUOTE_EXPIRED, QUOTE_CONSUMED, QUOTE_MISMATCH, OUT_OF_STOCK, SHIPPING_UNAVAILABLE, CURRENCY_MISMATCH, PREFLIGHT_FAILED, idempotency_conflict")
  public CreateOrderResponse create(@NotNull @Valid CreateOrderRequest body) {
    return createOrder(body, buyerRefHeader);
  }

  /**
   * The order creation without the idempotency binding: the v2 route calls it from its own
   * {@code @Idempotent} method (a nested binding would claim the key twice).
   */
  public CreateOrderResponse createOrder(CreateOrderRequest body, String buyerRef) {
    if (body.metadata() != null && body.metadata().toString().length() > 4096) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "metadata"),
              "metadata is at most 4 KB of JSON",
              "value_error.too_large"));
    }
    Order.Parties parties = parties(body, buyerRef);
    OrderView v =
        orders.create(
            new OrderService.CreateOrder(
                WireItems.merchant(body.merchantId(), body.items()),
                WireItems.items(body.items()),
                body.quoteId(),
                body.currency(),
                WireItems.address(body.shippingAddress(), "shipping_address"),
                body.customerEmail(),
                body.customerName(),
                body.discountCodes(),
                WireItems.deliveryOption(
                    body.selectedDeliveryOption(), List.of("body", "selected_delivery_option")),
                parties));
    return new CreateOrderResponse(
        "success",
        v.orderId(),
        v.orderId(),
        v.status(),
        v.merchantId(),
        v.quoteId(),
        v.totalAmount(),
        v.totalAmount(),
        v.currency(),
        v.pricing(),
        v.lineItems(),
        v.payment(),
        v.tracking(),
        v.createdAt());
  }

  private Order.Parties parties(CreateOrderRequest body, String buyerRef) {
    String ref = null;
    if (buyerRef != null && !buyerRef.isBlank()) {
      BuyerRef parsed = BuyerRef.require(buyerRef, List.of("header", "X-Buyer-Ref"));
      ref = buyers.canonical(caller.agentId(), parsed).toString();
    }
    JsonWebToken token = buyer.token().orElse(null);
    return new Order.Parties(
        caller.agentId(),
        body.customerEmail(),
        body.customerName(),
        body.shippingAddress() == null
            ? null
            : WireJson.jsonb()
                .toJson(WireItems.address(body.shippingAddress(), "shipping_address").asMap()),
        ref,
        token == null ? null : token.getIssuer(),
        token == null ? null : token.getSubject(),
        body.agentSessionId(),
        body.preferredPsp(),
        body.metadata() == null ? null : body.metadata().toString());
  }

  /** The buyer scope of this request: a verified buyer sees only orders made with its token. */
  OrderService.BuyerScope scope() {
    return scope(buyer);
  }

  /** The buyer scope of a request whose buyer identity is {@code buyer}. */
  static OrderService.BuyerScope scope(BuyerIdentity buyer) {
    return buyer
        .token()
        .map(t -> new OrderService.BuyerScope(t.getIssuer(), t.getSubject()))
        .orElse(null);
  }

  @Schema(name = "OrderResponse")
  public record OrderResponse(String status, OrderView order) {}

  @GET
  @Path("/{order_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getOrder",
      summary = "Read an order",
      description =
          "The order, its lines, totals, payment (never a client secret) and merchant tracking."
              + " Another agent's order, or with a buyer token another buyer's, is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content = @Content(schema = @Schema(implementation = OrderResponse.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public OrderResponse get(@PathParam("order_id") @Size(max = 40) String orderId) {
    return new OrderResponse("success", orders.get(caller.agentId(), orderId, scope()));
  }

  @Schema(name = "OrderTracking")
  public record Tracking(
      @Schema(required = true) String status,
      @Schema(required = true) String orderId,
      @Schema(required = true) String orderStatus,
      @Schema(
              required = true,
              enumeration = {"unfulfilled", "fulfilled", "cancelled"})
          String fulfillmentStatus,
      String trackingNumber,
      @Schema(description = "Not tracked here: always null", nullable = true) String carrier,
      String merchantOrderId,
      String merchantOrderNumber,
      Instant confirmedAt,
      Instant shippedAt,
      @Schema(
              type = SchemaType.STRING,
              format = "date-time",
              description = "Not tracked apart from shipping: always null",
              nullable = true)
          Instant deliveredAt,
      Instant updatedAt) {

    static Tracking of(OrderView o) {
      return new Tracking(
          "success",
          o.orderId(),
          o.status(),
          o.fulfillmentStatus(),
          o.trackingNumber(),
          null,
          o.tracking().merchantOrderId(),
          o.tracking().merchantOrderNumber(),
          o.confirmedAt(),
          o.shippedAt(),
          null,
          o.updatedAt());
    }
  }

  @GET
  @Path("/{order_id}/track")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "trackOrder",
      summary = "Where an order stands at the merchant (the origin service's route)",
      description =
          "The order's fulfilment: status, tracking number, the merchant's order, when it was"
              + " confirmed and shipped. Another agent's order is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The tracking",
      content = @Content(schema = @Schema(implementation = Tracking.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public Tracking track(@PathParam("order_id") @Size(max = 40) String orderId) {
    return Tracking.of(orders.get(caller.agentId(), orderId, scope()));
  }

  @Schema(name = "OrderSummary")
  public record Summary(
      String orderId,
      String merchantId,
      String status,
      String paymentStatus,
      String totalAmount,
      String currency,
      String buyerRef,
      Instant createdAt,
      @Schema(description = "The merchant's name (the origin service's rows carry it)")
          String merchantName,
      @Schema(enumeration = {"unfulfilled", "fulfilled", "cancelled"}) String fulfillmentStatus,
      @Schema(description = "The origin service's name for total_amount") String total,
      Instant updatedAt) {}

  @Schema(name = "Pagination")
  public record Pagination(
      long totalCount, int limit, int offset, int page, int totalPages, boolean hasMore) {
    static Pagination of(long total, int limit, int offset) {
      return new Pagination(
          total,
          limit,
          offset,
          offset / limit + 1,
          (int) ((total + limit - 1) / limit),
          offset + limit < total);
    }
  }

  @Schema(name = "OrderListResponse")
  public record ListResponse(String status, List<Summary> orders, Pagination pagination) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listOrders",
      summary = "List orders",
      description =
          "This agent's orders, newest first. buyer_ref includes every reference merged into the"
              + " same buyer. With a buyer token, only that buyer's orders. status takes our"
              + " states or the origin service's names: pending (awaiting_payment,"
              + " payment_failed), processing (payment_processing, paid, merchant_confirming,"
              + " confirmed), shipped and delivered (fulfilled; delivery is not tracked apart)."
              + " limit=0 is the default page size (the origin SDKs send it).")
  @APIResponse(
      responseCode = "200",
      description = "A page of orders",
      content = @Content(schema = @Schema(implementation = ListResponse.class)))
  public ListResponse list(
      @QueryParam("merchant_id") @Size(max = 64) String merchantId,
      @QueryParam("status") @Pattern(regexp = STATUS_FILTER) String status,
      @Parameter(
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      maxLength = 100,
                      pattern = org.agentcommerce.platform.api.security.BuyerRef.WIRE_PATTERN))
          @QueryParam("buyer_ref")
          @Size(max = 100)
          String buyerRef,
      @Parameter(
              description = "ISO 8601 date-time; orders created after it",
              schema = @Schema(type = SchemaType.STRING, format = "date-time"))
          @QueryParam("created_after")
          String createdAfter,
      @Parameter(
              description = "ISO 8601 date-time; orders created before it",
              schema = @Schema(type = SchemaType.STRING, format = "date-time"))
          @QueryParam("created_before")
          String createdBefore,
      @Parameter(description = "Page size; 0 means the default, 50")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(0)
          @Max(100)
          int limit,
      @QueryParam("offset") @DefaultValue("0") @Min(0) @Max(1_000_000) int offset) {
    return page(
        merchantId,
        status,
        buyerRef,
        instant(createdAfter, "created_after"),
        instant(createdBefore, "created_before"),
        limit,
        offset);
  }

  /**
   * The states a status filter stands for: one of ours, or an origin service name for several
   * (null: every state).
   */
  static final String STATUS_FILTER =
      "awaiting_payment|payment_processing|payment_failed|paid|merchant_confirming|confirmed|fulfilled|partially_refunded|refunded|cancelled|pending|processing|shipped|delivered";

  static List<String> statuses(String status) {
    if (status == null || status.isBlank()) {
      return null;
    }
    return switch (status) {
      case "pending" -> List.of("awaiting_payment", "payment_failed");
      case "processing" ->
          List.of("payment_processing", "paid", "merchant_confirming", "confirmed");
      case "shipped", "delivered" -> List.of("fulfilled");
      default -> List.of(status);
    };
  }

  ListResponse page(
      String merchantId,
      String status,
      String buyerRef,
      Instant after,
      Instant before,
      int limit,
      int offset) {
    limit = limit == 0 ? 50 : limit; // the origin SDKs' "no limit given"
    List<String> refs = null;
    if (buyerRef != null) {
      BuyerRef parsed = BuyerRef.require(buyerRef, List.of("query", "buyer_ref"));
      refs = buyers.equivalents(caller.agentId(), parsed);
    }
    OrderService.BuyerScope scope = scope();
    OrderService.Page page =
        orders.list(
            new OrderRepository.Filter(
                caller.agentId(),
                caller.merchantScope(),
                merchantId,
                statuses(status),
                refs,
                scope == null ? null : scope.issuer(),
                scope == null ? null : scope.subject(),
                after,
                before),
            offset,
            limit);
    java.util.Map<String, String> names = new java.util.HashMap<>();
    return new ListResponse(
        "success",
        page.orders().stream()
            .map(
                o ->
                    new Summary(
                        o.id(),
                        o.merchantId(),
                        o.status().wireName(),
                        o.paymentStatus(),
                        o.total().amount().toPlainString(),
                        o.currency(),
                        o.buyerRef(),
                        o.createdAt(),
                        names.computeIfAbsent(
                            o.merchantId(),
                            m ->
                                catalog
                                    .seller(m)
                                    .map(org.agentcommerce.catalog.api.SellableCatalog.Seller::name)
                                    .orElse(m)),
                        OrderViews.fulfillment(o),
                        o.total().amount().toPlainString(),
                        o.updatedAt()))
            .toList(),
        Pagination.of(page.total(), limit, offset));
  }

  private static Instant instant(String value, String name) {
    if (value == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(value);
      } catch (DateTimeParseException again) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("query", name),
                "Input should be an ISO 8601 date-time",
                "datetime_parsing"));
      }
    }
  }
}
