package org.agentcommerce.checkout.interfaces.rest;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyNamingStrategy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.CheckoutSessions.Address;
import org.agentcommerce.checkout.api.CheckoutSessions.Line;
import org.agentcommerce.checkout.api.CheckoutSessions.Session;
import org.agentcommerce.checkout.application.AcpProtocolService;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Agentic Commerce Protocol's documents (acp-2026-04-17, docs/acp.md) as records, written
 * without null members (the protocol's schemas forbid nulls where a value is optional).
 */
public final class AcpWire {

  static final String VERSION = "2026-04-17";

  private static final Jsonb JSONB =
      JsonbBuilder.create(
          new JsonbConfig()
              .withNullValues(false)
              .withPropertyNamingStrategy(PropertyNamingStrategy.LOWER_CASE_WITH_UNDERSCORES));

  private AcpWire() {}

  static String json(Object document) {
    return JSONB.toJson(document);
  }

  @Schema(
      name = "AcpCheckoutSession",
      description = "ACP CheckoutSession (CheckoutSessionWithOrder after complete)")
  public record AcpCheckoutSession(
      String id,
      AcpProtocolVersion protocol,
      AcpCapabilities capabilities,
      AcpBuyer buyer,
      @Schema(
              enumeration = {
                "not_ready_for_payment",
                "ready_for_payment",
                "complete_in_progress",
                "completed",
                "canceled",
                "expired"
              })
          String status,
      @Schema(description = "ISO 4217, lower case") String currency,
      List<AcpLineItem> lineItems,
      AcpFulfillmentDetails fulfillmentDetails,
      List<AcpFulfillmentOption> fulfillmentOptions,
      List<AcpSelectedFulfillmentOption> selectedFulfillmentOptions,
      List<AcpTotal> totals,
      List<AcpMessage> messages,
      List<AcpLink> links,
      Instant createdAt,
      Instant expiresAt,
      String quoteId,
      AcpOrder order) {}

  @Schema(name = "AcpProtocolVersion")
  public record AcpProtocolVersion(String version) {}

  @Schema(name = "AcpCapabilities")
  public record AcpCapabilities(AcpPaymentCapability payment) {}

  @Schema(name = "AcpPaymentCapability")
  public record AcpPaymentCapability(List<AcpPaymentHandler> handlers) {}

  @Schema(name = "AcpPaymentHandler")
  public record AcpPaymentHandler(
      String id,
      String name,
      String displayName,
      String version,
      String spec,
      boolean requiresDelegatePayment,
      boolean requiresPciCompliance,
      String psp,
      String configSchema,
      List<String> instrumentSchemas,
      Map<String, String> config) {}

  @Schema(name = "AcpBuyer")
  public record AcpBuyer(String fullName, String email) {}

  @Schema(name = "AcpItem")
  public record AcpItem(
      @Schema(description = "product_id, or product_id:variant_id") String id,
      String name,
      long unitAmount) {}

  @Schema(name = "AcpLineItem")
  public record AcpLineItem(
      String id,
      AcpItem item,
      int quantity,
      String name,
      List<String> images,
      long unitAmount,
      String productId,
      String sku,
      String variantId,
      List<AcpTotal> totals) {}

  @Schema(name = "AcpAddress")
  public record AcpAddress(
      String name,
      String lineOne,
      String lineTwo,
      String city,
      String state,
      String country,
      String postalCode) {}

  @Schema(name = "AcpFulfillmentDetails")
  public record AcpFulfillmentDetails(
      String name, String phoneNumber, String email, AcpAddress address) {}

  @Schema(name = "AcpFulfillmentOption")
  public record AcpFulfillmentOption(
      @Schema(enumeration = "shipping") String type,
      String id,
      String title,
      String description,
      List<AcpTotal> totals) {}

  @Schema(name = "AcpSelectedFulfillmentOption")
  public record AcpSelectedFulfillmentOption(String type, String optionId, List<String> itemIds) {}

  @Schema(name = "AcpTotal")
  public record AcpTotal(String type, String displayText, long amount) {}

  @Schema(name = "AcpMessage")
  public record AcpMessage(
      String type,
      String code,
      String resolution,
      String param,
      String contentType,
      String content) {}

  @Schema(name = "AcpLink")
  public record AcpLink(String type, String title, String url) {}

  @Schema(name = "AcpOrder")
  public record AcpOrder(
      String type, String id, String checkoutSessionId, String permalinkUrl, String status) {}

  @Schema(name = "AcpError", description = "The protocol's error: type, code, message, param")
  public record AcpError(
      @Schema(enumeration = {"invalid_request", "processing_error", "service_unavailable"})
          String type,
      String code,
      String message,
      @Schema(description = "RFC 9535 JSONPath of the field at fault") String param) {}

  /** Our session as the protocol's CheckoutSession. */
  static AcpCheckoutSession session(
      Session s, boolean expired, String base, String storeUrl, AcpOrder order) {
    String cur = s.currency().toLowerCase(Locale.ROOT);
    List<AcpLineItem> lines = new ArrayList<>();
    List<String> itemIds = new ArrayList<>();
    int n = 0;
    for (Line l : s.lines()) {
      String lineId = "li_" + (++n);
      itemIds.add(lineId);
      String title = title(l);
      lines.add(
          new AcpLineItem(
              lineId,
              new AcpItem(
                  l.variantId() == null ? l.productId() : l.productId() + ":" + l.variantId(),
                  title,
                  l.unitPrice()),
              l.quantity(),
              title,
              l.imageUrl() == null ? null : List.of(l.imageUrl()),
              l.unitPrice(),
              l.productId(),
              l.sku(),
              l.variantId(),
              List.of(
                  new AcpTotal("items_base_amount", "Base", l.unitPrice() * l.quantity()),
                  new AcpTotal("items_discount", "Discount", l.lineDiscount()),
                  new AcpTotal("total", "Total", l.lineTotal()))));
    }
    Address a = s.shippingAddress();
    boolean hasAddress = a != null && a.addressLine1() != null;
    List<AcpMessage> messages = new ArrayList<>();
    if (!hasAddress) {
      messages.add(missing("$.fulfillment_details.address", "A shipping address is needed."));
    }
    if (s.customerEmail() == null) {
      messages.add(missing("$.buyer.email", "The buyer's e-mail address is needed."));
    }
    List<AcpTotal> totals = totals(s);
    List<AcpLink> links = new ArrayList<>();
    if (storeUrl != null && storeUrl.startsWith("http")) {
      links.add(new AcpLink("contact_us", s.merchantName(), storeUrl));
    }
    return new AcpCheckoutSession(
        s.sessionId(),
        new AcpProtocolVersion(VERSION),
        capabilities(base),
        s.customerEmail() == null ? null : new AcpBuyer(s.customerName(), s.customerEmail()),
        CheckoutSessions.acpState(s, expired),
        cur,
        lines,
        hasAddress || s.customerEmail() != null
            ? new AcpFulfillmentDetails(
                hasAddress ? a.name() : s.customerName(),
                hasAddress ? a.phone() : null,
                s.customerEmail(),
                hasAddress
                    ? new AcpAddress(
                        nz(a.name()),
                        a.addressLine1(),
                        a.addressLine2(),
                        nz(a.city()),
                        nz(a.state()),
                        nz(a.country()),
                        nz(a.postalCode()))
                    : null)
            : null,
        List.of(
            new AcpFulfillmentOption(
                "shipping",
                AcpProtocolService.SHIPPING_OPTION,
                "Standard shipping",
                "The merchant's standard delivery",
                List.of(new AcpTotal("fulfillment", "Shipping", s.totals().shipping())))),
        List.of(
            new AcpSelectedFulfillmentOption(
                "shipping", AcpProtocolService.SHIPPING_OPTION, itemIds)),
        totals,
        messages,
        links,
        s.createdAt(),
        s.expiresAt(),
        s.quoteId(),
        order);
  }

  private static String title(Line l) {
    return l.variantTitle() == null ? l.title() : l.title() + " — " + l.variantTitle();
  }

  /** The session's totals: subtotal, discount (when not 0), fulfillment, tax, total. */
  private static List<AcpTotal> totals(Session s) {
    List<AcpTotal> totals = new ArrayList<>();
    totals.add(new AcpTotal("subtotal", "Subtotal", s.totals().subtotal()));
    if (s.totals().discount() != 0) {
      totals.add(new AcpTotal("discount", "Discount", s.totals().discount()));
    }
    totals.add(new AcpTotal("fulfillment", "Shipping", s.totals().shipping()));
    totals.add(new AcpTotal("tax", s.taxIncluded() ? "Tax (included)" : "Tax", s.totals().tax()));
    totals.add(new AcpTotal("total", "Total", s.totals().total()));
    return totals;
  }

  /** An order's line: ordered, current (0 once cancelled or refunded), fulfilled. */
  public record AcpOrderQuantity(int ordered, int current, int fulfilled) {}

  /** The protocol's OrderLineItem. */
  public record AcpOrderLine(
      String id,
      String title,
      String productId,
      AcpOrderQuantity quantity,
      long unitPrice,
      long subtotal,
      String status) {}

  /** The protocol's full Order, as order webhooks carry it. */
  public record AcpOrderDocument(
      String type,
      String id,
      String checkoutSessionId,
      String permalinkUrl,
      String status,
      List<AcpOrderLine> lineItems,
      List<AcpTotal> totals) {}

  /**
   * An order made through session {@code s} as the protocol's Order. {@code status}: the protocol's
   * order status; {@code removed} when its lines are no longer active (cancelled, refunded), {@code
   * fulfilled} when they were sent.
   */
  static AcpOrderDocument order(
      Session s, String orderId, String permalink, String status, boolean removed, boolean sent) {
    List<AcpOrderLine> lines = new ArrayList<>();
    int n = 0;
    for (Line l : s.lines()) {
      int current = removed ? 0 : l.quantity();
      lines.add(
          new AcpOrderLine(
              "li_" + (++n),
              title(l),
              l.productId(),
              new AcpOrderQuantity(l.quantity(), current, sent && !removed ? current : 0),
              l.unitPrice(),
              l.lineTotal(),
              removed ? "removed" : sent ? "fulfilled" : "processing"));
    }
    return new AcpOrderDocument(
        "order", orderId, s.sessionId(), permalink, status, lines, totals(s));
  }

  private static AcpMessage missing(String param, String text) {
    return new AcpMessage("error", "missing", "requires_buyer_input", param, "plain", text);
  }

  static AcpCapabilities capabilities(String base) {
    return new AcpCapabilities(
        new AcpPaymentCapability(
            List.of(
                new AcpPaymentHandler(
                    "sandbox_vault",
                    "dev.acp.tokenized.card",
                    "Card (delegated)",
                    VERSION,
                    base + "/docs/acp#delegated-payment",
                    true,
                    false,
                    "sandbox",
                    base + "/agent/v1/openapi.json",
                    List.of(base + "/agent/v1/openapi.json"),
                    Map.of(
                        "delegate_payment_url",
                        base + "/sandbox/psp/agentic_commerce/delegate_payment")))));
  }

  private static String nz(String s) {
    return s == null ? "" : s;
  }
}
