package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import java.io.StringReader;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.intent.CheckoutIntent;
import org.agentcommerce.checkout.domain.intent.CheckoutIntentRepository;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Checkout intents: a hosted checkout of one order or quote for one buyer, opened with a checkout
 * token (30 minutes). Its prefill (e-mail, shipping address) can be read a few times with the
 * token.
 */
@ApplicationScoped
public class CheckoutIntentService {

  @Inject CheckoutIntentRepository intents;
  @Inject OrderService orders;
  @Inject QuoteRepository quotes;
  @Inject CheckoutTokens tokens;
  @Inject Baskets baskets;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.checkout.token-ttl", defaultValue = "PT30M")
  Duration tokenTtl;

  @Inject
  @ConfigProperty(name = "ac.checkout.prefill-max-reads", defaultValue = "3")
  int prefillMaxReads;

  @Inject
  @ConfigProperty(name = "ac.checkout.ui-key")
  Optional<String> uiKey;

  /** What to check out, and for whom. */
  public record Create(
      String agentId,
      String buyerIssuer,
      String buyerSubject,
      String buyerRef,
      String orderId,
      String quoteId,
      String lane,
      String returnUrl,
      String prefillEmail,
      ShipTo prefillAddress,
      URI publicBase) {}

  /** The intent, its token (shown this once) and the hosted page's address carrying it. */
  public record Created(CheckoutIntent intent, String token, String checkoutUrl) {}

  /**
   * Binds an intent to the buyer's unpaid order (404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_PAID /
   * INVALID_STATE) or to an active quote (404 QUOTE_NOT_FOUND, 409 QUOTE_EXPIRED / QUOTE_CONSUMED);
   * neither: 409 QUOTE_REQUIRED_BEFORE_PURCHASE.
   */
  @Transactional
  public Created create(Create c) {
    Instant now = now();
    String merchantId;
    String quoteId = null;
    String orderId = null;
    if (c.orderId() != null) {
      Order o =
          orders.require(
              c.agentId(),
              c.orderId(),
              new OrderService.BuyerScope(c.buyerIssuer(), c.buyerSubject()));
      if (o.status().isPaid() || o.status() == OrderStatus.PAYMENT_PROCESSING) {
        throw new ApiException(
            409,
            "ORDER_ALREADY_PAID",
            "Order " + o.id() + " is " + o.status().wireName() + "; it needs no checkout.",
            Map.of("order_id", o.id(), "current_status", o.status().wireName()),
            Map.of());
      }
      if (o.status() == OrderStatus.CANCELLED) {
        throw new ApiException(
            409,
            "INVALID_STATE",
            "Order " + o.id() + " is cancelled.",
            Map.of("order_id", o.id(), "current_status", o.status().wireName()),
            Map.of());
      }
      merchantId = o.merchantId();
      orderId = o.id();
    } else if (c.quoteId() != null) {
      Quote q =
          quotes
              .findForAgent(c.agentId(), c.quoteId())
              .filter(x -> baskets.inScope(x.merchantId()))
              .orElseThrow(
                  () ->
                      new ApiException(
                          404,
                          "QUOTE_NOT_FOUND",
                          "Quote " + c.quoteId() + " was not found.",
                          Map.of("quote_id", c.quoteId()),
                          Map.of()));
      String status = q.statusAt(now);
      if (!Quote.ACTIVE.equals(status)) {
        throw new ApiException(
            409,
            Quote.EXPIRED.equals(status) ? "QUOTE_EXPIRED" : "QUOTE_CONSUMED",
            "Quote " + q.id() + " is " + status + "; get a new quote.",
            Map.of("quote_id", q.id()),
            Map.of());
      }
      merchantId = q.merchantId();
      quoteId = q.id();
    } else {
      throw new ApiException(
          409,
          "QUOTE_REQUIRED_BEFORE_PURCHASE",
          "A checkout intent is for an order or a quote: create a quote (POST"
              + " /agent/v1/quotes/preview) or an order first and send its quote_id or order_id.");
    }
    String id = Ids.newId("ci", 12);
    Instant expires = now.plus(tokenTtl);
    String token = tokens.issue(id, expires);
    CheckoutIntent intent =
        new CheckoutIntent(
            id,
            new CheckoutIntent.Binding(
                c.agentId(),
                c.buyerIssuer(),
                c.buyerSubject(),
                c.buyerRef(),
                merchantId,
                orderId,
                quoteId),
            c.lane(),
            CheckoutTokens.hash(token),
            c.returnUrl(),
            prefill(c.prefillEmail(), c.prefillAddress()),
            now,
            expires);
    intents.add(intent);
    String base = c.publicBase().toString().replaceAll("/$", "");
    // The token travels in the fragment: never sent to a server, never in a log or a Referer.
    return new Created(intent, token, base + "/checkout/" + id + "#token=" + token);
  }

  private static String prefill(String email, ShipTo address) {
    if (email == null && address == null) {
      return null;
    }
    JsonObjectBuilder b = Json.createObjectBuilder();
    if (email != null) {
      b.add("email", email);
    }
    if (address != null) {
      JsonObjectBuilder a = Json.createObjectBuilder();
      address.asMap().forEach(a::add);
      b.add("shipping_address", a);
    }
    return b.build().toString();
  }

  /** A prefill read: the intent and what it holds (null members: nothing to prefill). */
  public record Prefill(CheckoutIntent intent, JsonObject data, int readsLeft) {}

  /** What the hosted page sends with each call: its checkout token and UI credentials. */
  public record PageAuth(String token, String uiKey, String uiAuth, String callerAgentId) {

    @Override
    public String toString() {
      return "PageAuth[caller=" + callerAgentId + "]";
    }
  }

  /**
   * Reads the intent's prefill with its checkout token (see {@link #open}), 410 PREFILL_EXHAUSTED
   * after the allowed reads.
   */
  @Transactional(dontRollbackOn = ApiException.class)
  public Prefill prefill(PageAuth auth) {
    CheckoutIntent i = open(auth);
    if (!i.readPrefill(prefillMaxReads)) {
      throw gone(
          "PREFILL_EXHAUSTED",
          "The prefill of this checkout was read " + prefillMaxReads + " times already.",
          i);
    }
    JsonObject data =
        i.prefill() == null
            ? Json.createObjectBuilder().build()
            : Json.createReader(new StringReader(i.prefill())).readObject();
    return new Prefill(i, data, prefillMaxReads - i.prefillReads());
  }

  /**
   * The open intent a checkout token opens, its row locked until the caller's transaction ends: 401
   * CHECKOUT_TOKEN_INVALID (bad signature, unknown, or another agent's key sent with it), 401
   * CHECKOUT_UI_AUTH_REQUIRED (a UI key is configured and neither UI credential holds), 410
   * CHECKOUT_TOKEN_EXPIRED / CHECKOUT_TOKEN_USED (the latter naming the paid order).
   */
  public CheckoutIntent open(PageAuth auth) {
    Instant now = now();
    String token = auth.token();
    CheckoutTokens.Claims claims =
        tokens
            .verify(token)
            .orElseThrow(
                () ->
                    new ApiException(
                        401, "CHECKOUT_TOKEN_INVALID", "The checkout token is not valid."));
    String hash = CheckoutTokens.hash(token);
    CheckoutIntent i =
        intents
            .lockByTokenHash(hash)
            .filter(x -> x.id().equals(claims.intentId()))
            .filter(
                x ->
                    auth.callerAgentId() == null
                        || x.binding().agentId().equals(auth.callerAgentId()))
            .orElseThrow(
                () ->
                    new ApiException(
                        401, "CHECKOUT_TOKEN_INVALID", "The checkout token is not valid."));
    if (uiKey.filter(k -> !k.isBlank()).isPresent()) {
      String k = uiKey.get();
      boolean keyOk =
          auth.uiKey() != null
              && java.security.MessageDigest.isEqual(
                  k.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                  auth.uiKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      if (!keyOk && !CheckoutTokens.uiAuthValid(k, hash, auth.uiAuth(), now)) {
        throw new ApiException(
            401,
            "CHECKOUT_UI_AUTH_REQUIRED",
            "This deployment wants the hosted page's credential: X-Checkout-UI-Key or"
                + " X-Checkout-UI-Auth.");
      }
    }
    if (!CheckoutIntent.OPEN.equals(i.status())) {
      throw gone(
          "CHECKOUT_TOKEN_USED",
          CheckoutIntent.USED.equals(i.status())
              ? "This checkout is paid; the token opens nothing any more."
              : "This checkout was withdrawn; the token opens nothing.",
          i);
    }
    if (i.expired(now) || !now.isBefore(claims.expiresAt())) {
      throw gone(
          "CHECKOUT_TOKEN_EXPIRED", "This checkout token expired at " + i.expiresAt() + ".", i);
    }
    return i;
  }

  private static ApiException gone(String code, String message, CheckoutIntent i) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("intent_id", i.id());
    if (CheckoutIntent.USED.equals(i.status())) {
      // What the buyer's page shows after paying (its token is spent): the order, the way back.
      ctx.put("order_id", i.binding().orderId());
      if (i.returnUrl() != null) {
        ctx.put("return_url", i.returnUrl());
      }
    }
    return new ApiException(410, code, message, ctx, Map.of());
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
