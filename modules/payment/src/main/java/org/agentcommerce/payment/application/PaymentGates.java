package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;

/**
 * The one gate every agent-submitted charge passes before anything is written or sent (this
 * endpoint, ACP complete, the tool door's complete). It applies to every charge of a protocol-tier
 * order — one made through an ACP, UCP or tool-door checkout session, as recorded on the order when
 * it was made — whatever lane pays it, to every charge through a protocol lane, and to every
 * off-session or delegated payment method; a REST payment of an order made through the orders API
 * with a method the buyer produced on-session is not gated here (it still needs the buyer token and
 * the HIL rule), nor is a payment the buyer makes on the hosted checkout page (protocol hosted).
 * Refusals are 403 in the gate's own shape: {@code TIER2_CHARGE_DISABLED} (with the reason and the
 * flags that decided), {@code TIER2_TEST_CAPTURE_OVER_CAP} / {@code TIER2_LIVE_CAPTURE_OVER_CAP}
 * ({@code amount_cents}, {@code max_cents}: minor units).
 */
@ApplicationScoped
public class PaymentGates {

  @Inject GateSettings settings;
  @Inject PaymentFigures figures;

  /**
   * A charge about to be made: the lane that pays ({@code protocol}: rest, hosted, acp, ucp, mcp…)
   * and whether the order it pays is protocol-tier (made through a checkout session, recorded when
   * the order was made), so that no lane can pay around the gate.
   */
  public record Charge(
      String protocol,
      boolean offSession,
      String merchantId,
      long amountMinor,
      boolean live,
      boolean protocolTierOrder) {

    /** A charge of a lane or method that is gated by itself, whatever order it pays. */
    public Charge(
        String protocol, boolean offSession, String merchantId, long amountMinor, boolean live) {
      this(protocol, offSession, merchantId, amountMinor, live, false);
    }

    /**
     * Gated: off-session and delegated methods; every lane but the buyer's own on-session REST and
     * hosted-page payments; and every agent-submitted charge of a protocol-tier order (only the
     * buyer's own press on the hosted page pays one ungated).
     */
    public boolean gated() {
      boolean buyerOnPage = "hosted".equals(protocol);
      return offSession
          || !("rest".equals(protocol) || buyerOnPage)
          || (protocolTierOrder && !buyerOnPage);
    }
  }

  /** Whether the charge may go ahead (the check without its refusal). */
  public boolean allows(Charge charge) {
    try {
      verify(charge);
      return true;
    } catch (ApiException refused) {
      return false;
    }
  }

  /**
   * Throws the gate's 403 unless the charge may go ahead; a refusal is counted by gate ({@code
   * payments_gate_refusals}).
   */
  public void check(Charge charge) {
    try {
      verify(charge);
    } catch (ApiException refused) {
      figures.gateRefused(gate(refused));
      throw refused;
    }
  }

  /** The gate that refused: the kill-switch or allowlist reason, or the capture cap. */
  static String gate(ApiException refused) {
    return switch (refused.code()) {
      case "TIER2_LIVE_CAPTURE_OVER_CAP" -> "live_capture_cap";
      case "TIER2_TEST_CAPTURE_OVER_CAP" -> "test_capture_cap";
      default -> String.valueOf(refused.context().get("reason"));
    };
  }

  private void verify(Charge charge) {
    if (!charge.gated()) {
      return;
    }
    GateSettings.Snapshot s = settings.snapshot();
    boolean allowlistActive = !s.merchantAllowlist().isEmpty();
    if (!s.submitEnabled()) {
      throw disabled(
          charge,
          s,
          "submit_payment_disabled",
          "Agent-submitted charges are switched off on this deployment (kill-switch).");
    }
    if (allowlistActive && !s.merchantAllowlist().contains(charge.merchantId())) {
      throw disabled(
          charge,
          s,
          "merchant_not_allowlisted",
          "Merchant " + charge.merchantId() + " is not on the charge allowlist.");
    }
    if (charge.live()) {
      if (!s.liveEnabled()) {
        throw disabled(charge, s, "live_lane_disabled", "Live-mode charges are switched off.");
      }
      if (!s.liveMerchantAllowlist().contains(charge.merchantId())) {
        throw disabled(
            charge,
            s,
            "merchant_not_live_allowlisted",
            "Merchant " + charge.merchantId() + " is not on the live-mode allowlist.");
      }
      if (charge.amountMinor() > s.liveCapMinor()) {
        throw overCap("TIER2_LIVE_CAPTURE_OVER_CAP", charge, s.liveCapMinor());
      }
    } else if (charge.amountMinor() > s.testCapMinor()) {
      throw overCap("TIER2_TEST_CAPTURE_OVER_CAP", charge, s.testCapMinor());
    }
  }

  private static ApiException disabled(
      Charge charge, GateSettings.Snapshot s, String reason, String message) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("reason", reason);
    ctx.put("protocol", charge.protocol());
    ctx.put("submit_payment_enabled", s.submitEnabled());
    ctx.put("merchant_id", charge.merchantId());
    ctx.put("merchant_allowlist_active", !s.merchantAllowlist().isEmpty());
    ctx.put("live_mode", charge.live());
    ctx.put("live_enabled", s.liveEnabled());
    return new ApiException(403, "TIER2_CHARGE_DISABLED", message, ctx, Map.of());
  }

  private static ApiException overCap(String code, Charge charge, long cap) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("amount_cents", charge.amountMinor());
    ctx.put("max_cents", cap);
    ctx.put("merchant_id", charge.merchantId());
    ctx.put("live_mode", charge.live());
    return new ApiException(
        403,
        code,
        "The charge of "
            + charge.amountMinor()
            + " minor units is over the "
            + (charge.live() ? "live" : "test")
            + "-mode capture cap of "
            + cap
            + ".",
        ctx,
        Map.of());
  }
}
