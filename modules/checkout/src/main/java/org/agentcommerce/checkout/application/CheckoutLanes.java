package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementStore;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;

/**
 * Which lane a checkout takes, and the redirect to a merchant's own checkout.
 *
 * <p>The lane decision ({@link #decide}) is this one table, read top to bottom; the first row that
 * matches decides (docs/checkout.md):
 *
 * <pre>
 * | merchant has a PSP | submission flag | merchant allowlisted | gates pass the total | lane
 * | no                 | -               | -                    | -                    | redirect_floor (merchant_not_acp_capable)
 * | yes                | off             | -                    | -                    | redirect_floor (payment_submission_disabled)
 * | yes                | on              | no                   | -                    | redirect_floor (merchant_not_allowlisted)
 * | yes                | on              | yes                  | over HIL threshold   | redirect_floor (hil_approval_required)
 * | yes                | on              | yes                  | no (cap, live lane)  | redirect_floor (gate code, e.g. tier2_test_capture_over_cap)
 * | yes                | on              | yes                  | yes                  | acp_in_chat
 * </pre>
 */
@ApplicationScoped
public class CheckoutLanes {

  public static final String IN_CHAT = "acp_in_chat";
  public static final String REDIRECT_FLOOR = "redirect_floor";

  @Inject Instance<CheckoutCharges> charges;
  @Inject PlacementStore placements;

  /** The lane and, for the floor, why. */
  public record Decision(String lane, String reason, CheckoutCharges.ChargeSettings settings) {

    public boolean inChat() {
      return IN_CHAT.equals(lane);
    }
  }

  /** The decision table above, for a priced basket of {@code total}. Writes nothing. */
  public Decision decide(String merchantId, Money total) {
    if (!charges.isResolvable()) {
      return new Decision(REDIRECT_FLOOR, "merchant_not_acp_capable", null);
    }
    CheckoutCharges.ChargeSettings s = charges.get().settings(merchantId);
    if (!s.pspConfigured()) {
      return new Decision(REDIRECT_FLOOR, "merchant_not_acp_capable", s);
    }
    if (!s.submitEnabled()) {
      return new Decision(REDIRECT_FLOOR, "payment_submission_disabled", s);
    }
    if (!s.merchantAllowlisted()) {
      return new Decision(REDIRECT_FLOOR, "merchant_not_allowlisted", s);
    }
    if (charges.get().humanApprovalRequired(total)) {
      return new Decision(REDIRECT_FLOOR, "hil_approval_required", s);
    }
    try {
      charges.get().checkGates(merchantId, total, "acp");
    } catch (ApiException closed) {
      Object reason = closed.context().get("reason");
      return new Decision(
          REDIRECT_FLOOR,
          reason != null ? reason.toString() : closed.code().toLowerCase(java.util.Locale.ROOT),
          s);
    }
    return new Decision(IN_CHAT, null, s);
  }

  /** A line of a redirect: the platform's variant id and the quantity. */
  public record RedirectLine(String variantId, int quantity) {}

  /** Where the buyer finishes on the merchant's own checkout. */
  public record Redirect(String platform, String checkoutUrl) {}

  /**
   * The merchant's own checkout for these lines: a Shopify shop's cart permalink ({@code
   * https://{shop}/cart/{variant}:{qty},…}), the sandbox storefront's checkout page for a merchant
   * on the sandbox platform ({@code publicBase}: our own address). Other platforms: 409
   * EXTERNAL_CHECKOUT_UNSUPPORTED.
   */
  public Redirect redirect(Seller seller, List<RedirectLine> lines, URI publicBase) {
    PlacementRequest.Channel channel = placements.channel(seller.merchantId());
    StringBuilder cart = new StringBuilder();
    for (RedirectLine l : lines) {
      cart.append(cart.length() == 0 ? "" : ",")
          .append(URLEncoder.encode(l.variantId(), StandardCharsets.UTF_8))
          .append(':')
          .append(l.quantity());
    }
    switch (channel.connector()) {
      case "shopify" -> {
        String base = channel.baseUrl() != null ? channel.baseUrl() : seller.storeUrl();
        return new Redirect("shopify", trimSlash(base) + "/cart/" + cart);
      }
      case "sandbox" -> {
        return new Redirect(
            "sandbox",
            trimSlash(publicBase.toString())
                + "/sandbox/storefront/"
                + seller.merchantId()
                + "/cart/"
                + cart);
      }
      default -> {
        Map<String, Object> ctx = new LinkedHashMap<>();
        ctx.put("merchant_id", seller.merchantId());
        ctx.put("platform", channel.connector());
        ctx.put("supported", List.of("shopify", "sandbox"));
        throw new ApiException(
            409,
            "EXTERNAL_CHECKOUT_UNSUPPORTED",
            "Merchant "
                + seller.merchantId()
                + " takes orders on "
                + channel.connector()
                + ", which has no checkout link we can build; use an in-chat or hosted checkout.",
            ctx,
            Map.of());
      }
    }
  }

  /** What an agent must tell the buyer about a redirect: the merchant's checkout decides. */
  public static List<String> redirectWarnings() {
    List<String> w = new ArrayList<>();
    w.add("Price, tax and shipping shown here are estimates: the merchant's checkout is final.");
    w.add("Payment is taken by the merchant's checkout, not by this service.");
    w.add("Stock is confirmed only when the buyer completes the merchant's checkout.");
    return w;
  }

  private static String trimSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }
}
