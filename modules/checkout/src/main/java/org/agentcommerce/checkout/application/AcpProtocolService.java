package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.CheckoutSessions.Address;
import org.agentcommerce.checkout.api.CheckoutSessions.Basket;
import org.agentcommerce.checkout.api.CheckoutSessions.Buyer;
import org.agentcommerce.checkout.api.CheckoutSessions.Item;
import org.agentcommerce.checkout.api.CheckoutSessions.Session;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.platform.api.ApiException;

/**
 * The Agentic Commerce Protocol's merchant-side checkout (docs/acp.md) on the same ACP sessions as
 * the in-chat lane and the tool door ({@link CheckoutSessionService}: one store, one state machine,
 * one completion through the shared gates). Each merchant has its own protocol base ({@code
 * /acp/{merchant_id}}); a session of another merchant is not found there.
 */
@ApplicationScoped
public class AcpProtocolService {

  /** The one fulfillment option offered: shipping at the session's quoted shipping cost. */
  public static final String SHIPPING_OPTION = "standard_shipping";

  @Inject CheckoutSessionService sessions;
  @Inject Baskets baskets;
  @Inject Clock clock;

  @Inject
  jakarta.enterprise.inject.Instance<org.agentcommerce.checkout.api.CheckoutCharges> charges;

  /** What a create or update asks for; null members keep what the session has. */
  public record Changes(
      List<Item> items,
      List<String> discountCodes,
      String email,
      String name,
      Address address,
      String fulfillmentOption) {}

  /** A completion: the session as it now is and its order. */
  public record Completed(Session session, String orderId, boolean replayed) {}

  public Session create(
      String agentId, Buyer buyer, String merchantId, String currency, Changes c) {
    String sellerCurrency = baskets.seller(merchantId).currency();
    if (currency == null || !sellerCurrency.equalsIgnoreCase(currency)) {
      throw invalid(
          "currency_not_supported",
          "Merchant " + merchantId + " sells in " + sellerCurrency.toLowerCase(Locale.ROOT) + ".",
          "$.currency");
    }
    option(c.fulfillmentOption());
    return sessions.create(
        agentId,
        buyer,
        new Basket(
            merchantId,
            c.items(),
            c.discountCodes() == null ? List.of() : c.discountCodes(),
            c.email(),
            c.name(),
            c.address()));
  }

  public Session get(String agentId, Buyer buyer, String merchantId, String sessionId) {
    Session s = sessions.get(agentId, buyer, sessionId);
    if (!s.merchantId().equals(merchantId)) {
      throw AcpSteps.notFound(sessionId);
    }
    return s;
  }

  public Session update(
      String agentId, Buyer buyer, String merchantId, String sessionId, Changes c) {
    Session s = get(agentId, buyer, merchantId, sessionId);
    option(c.fulfillmentOption());
    return sessions.update(agentId, buyer, sessionId, merged(s, c));
  }

  /**
   * Completes through the in-chat lane's completion (claim, order, one charge through the gates);
   * the buyer's e-mail and name given here fill a session that has none yet.
   */
  public Completed complete(
      String agentId,
      Buyer buyer,
      String merchantId,
      String sessionId,
      String provider,
      String token,
      String key,
      String email,
      String name,
      URI publicBase,
      String hilApprovalId) {
    Session s = get(agentId, buyer, merchantId, sessionId);
    delegated(token, merchantId);
    if (email != null && s.customerEmail() == null && AcpSession.READY.equals(s.status())) {
      sessions.update(
          agentId, buyer, sessionId, merged(s, new Changes(null, null, email, name, null, null)));
    }
    CheckoutSessions.Completion c =
        sessions.complete(
            agentId, buyer, sessionId, provider, token, key, publicBase, hilApprovalId);
    String orderId;
    try (var r =
        org.agentcommerce.platform.api.Jsonp.PROVIDER.createReader(
            new java.io.StringReader(c.json()))) {
      orderId = r.readObject().getString("order_id");
    }
    return new Completed(sessions.get(agentId, buyer, sessionId), orderId, c.replayed());
  }

  /**
   * The handler advertises requires_delegate_payment: a complete pays with a delegated credential
   * only, a vault token ({@code vt_}) or, when the merchant's payments go to Stripe, a Stripe
   * shared payment token ({@code spt_}); a raw PSP token is 400 invalid_payment_data before
   * anything is written.
   */
  private void delegated(String token, String merchantId) {
    if (token.startsWith("vt_")) {
      return;
    }
    if (token.startsWith("spt_")
        && charges.isResolvable()
        && "stripe".equals(charges.get().settings(merchantId).firstPsp())) {
      return;
    }
    throw invalid(
        "invalid_payment_data",
        token.startsWith("spt_")
            ? "A Stripe shared payment token pays a merchant whose payments go to Stripe only;"
                + " delegate the card (delegate_payment_url) and pay with its vt_ token."
            : "This handler requires a delegated payment: pay with the vt_ token that"
                + " delegate_payment answered (or a Stripe spt_ token where Stripe takes the"
                + " merchant's payments), never a raw PSP token.",
        "$.payment_data.instrument.credential.token");
  }

  /** Cancels a session that is neither completed nor cancelled (405 not_cancelable otherwise). */
  public Session cancel(String agentId, Buyer buyer, String merchantId, String sessionId) {
    Session s = get(agentId, buyer, merchantId, sessionId);
    if (AcpSession.COMPLETED.equals(s.status()) || AcpSession.CANCELLED.equals(s.status())) {
      Map<String, Object> ctx = AcpSteps.acp("not_cancelable", sessionId);
      throw new ApiException(
          405,
          "not_cancelable",
          "Checkout session " + sessionId + " is " + s.status() + " and cannot be canceled.",
          ctx,
          Map.of());
    }
    return sessions.cancel(agentId, buyer, sessionId);
  }

  /** Whether a ready session has passed its expiry. */
  public boolean expired(Session s) {
    return !clock.instant().isBefore(s.expiresAt());
  }

  private static Basket merged(Session s, Changes c) {
    List<Item> items =
        c.items() != null
            ? c.items()
            : s.lines().stream()
                .map(l -> new Item(l.productId(), l.variantId(), l.quantity()))
                .toList();
    return new Basket(
        s.merchantId(),
        items,
        c.discountCodes() != null ? c.discountCodes() : s.discountCodes(),
        c.email() != null ? c.email() : s.customerEmail(),
        c.name() != null ? c.name() : s.customerName(),
        c.address() != null ? c.address() : s.shippingAddress());
  }

  private static void option(String optionId) {
    if (optionId != null && !SHIPPING_OPTION.equals(optionId)) {
      throw invalid(
          "invalid_fulfillment_option",
          "Unknown fulfillment option " + optionId + "; offered: " + SHIPPING_OPTION + ".",
          "$.selected_fulfillment_options[0].option_id");
    }
  }

  private static ApiException invalid(String code, String message, String param) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("param", param);
    return new ApiException(400, code, message, ctx, Map.of());
  }
}
