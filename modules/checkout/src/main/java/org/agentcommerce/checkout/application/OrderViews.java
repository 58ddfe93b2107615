package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderLine;
import org.agentcommerce.platform.api.Jsonp;

/**
 * An order as the API answers it ({@link OrderView}): lines, pricing, payment, tracking. Not
 * transactional itself (no interceptor binding): it runs in the calling order service's
 * transaction; its methods are public only for CDI's client proxy.
 */
@ApplicationScoped
public class OrderViews {

  @Inject OrderLookup lookup;

  public OrderView view(Order o) {
    String cur = o.currency();
    List<OrderView.Line> lines = new ArrayList<>();
    for (OrderLine l : o.lines()) {
      lines.add(
          new OrderView.Line(
              l.productId(),
              l.variantId(),
              l.sku(),
              l.title(),
              l.variantTitle(),
              l.imageUrl(),
              l.quantity(),
              Amounts.major(l.unitOriginalMinor(), cur),
              Amounts.major(Math.multiplyExact(l.unitOriginalMinor(), l.quantity()), cur),
              Amounts.major(l.unitEffectiveMinor(), cur),
              Amounts.major(l.discountMinor(), cur),
              Amounts.major(l.totalMinor(), cur)));
    }
    Optional<OrderPayments.PaymentView> p = lookup.payment(o.id());
    OrderView.Payment payment =
        new OrderView.Payment(
            p.map(OrderPayments.PaymentView::status).orElse(o.paymentStatus()),
            p.map(OrderPayments.PaymentView::psp).orElse(o.preferredPsp()),
            p.map(OrderPayments.PaymentView::paymentId).orElse(null),
            p.map(OrderPayments.PaymentView::paymentIntentId).orElse(null),
            null,
            p.filter(x -> x.actionType() != null)
                .map(x -> new OrderView.PaymentAction(x.actionType(), x.actionUrl()))
                .orElse(null));
    return new OrderView(
        o.id(),
        o.status().wireName(),
        o.paymentStatus(),
        o.merchantId(),
        o.quoteId(),
        Amounts.major(o.totalMinor(), cur),
        cur,
        new OrderView.Pricing(
            Amounts.major(o.subtotalMinor(), cur),
            Amounts.major(o.discountMinor(), cur),
            Amounts.major(o.shippingMinor(), cur),
            Amounts.major(o.taxMinor(), cur),
            taxIncluded(o),
            Amounts.major(o.totalMinor(), cur)),
        lines,
        o.deliveryOption(),
        o.customerEmail(),
        o.customerName(),
        address(o),
        payment,
        new OrderView.Tracking(
            o.agentId(),
            o.agentSessionId(),
            o.buyerRef(),
            o.buyerSubject() != null,
            o.merchantOrderId(),
            o.merchantOrderNumber(),
            o.trackingNumber()),
        metadata(o),
        o.createdAt(),
        o.updatedAt(),
        Amounts.major(o.totalMinor(), cur),
        lines,
        fulfillment(o),
        Amounts.major(o.refundedMinor(), cur),
        o.trackingNumber(),
        o.confirmedAt(),
        o.fulfilledAt());
  }

  /** The origin service's fulfillment status of an order. */
  public static String fulfillment(Order o) {
    if (o.status() == OrderStatus.CANCELLED) {
      return "cancelled";
    }
    return o.fulfilledAt() != null || o.status() == OrderStatus.FULFILLED
        ? "fulfilled"
        : "unfulfilled";
  }

  /** Tax is included in the prices when the total does not add it on top. */
  private static boolean taxIncluded(Order o) {
    return o.subtotalMinor() - o.discountMinor() + o.shippingMinor() == o.totalMinor()
        && o.taxMinor() > 0;
  }

  static Map<String, String> address(Order o) {
    if (o.shippingAddressJson() == null) {
      return null;
    }
    Map<String, String> m = new LinkedHashMap<>();
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(o.shippingAddressJson()))) {
      reader.readObject().forEach((k, v) -> m.put(k, ((jakarta.json.JsonString) v).getString()));
    }
    return m;
  }

  private static JsonObject metadata(Order o) {
    if (o.metadataJson() == null) {
      return null;
    }
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(o.metadataJson()))) {
      return reader.readObject();
    }
  }
}
