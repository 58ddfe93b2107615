package org.agentcommerce.payment.application;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.platform.api.ApiException;
import org.junit.jupiter.api.Test;

/** The labels of the money figures come from small fixed sets. */
class PaymentFiguresTest {

  @Test
  void everyPspOutcomeHasOneOfFourLabels() {
    assertEquals("succeeded", PaymentFigures.outcome(PspOutcome.SUCCEEDED));
    assertEquals("failed", PaymentFigures.outcome(PspOutcome.DECLINED));
    assertEquals("failed", PaymentFigures.outcome(PspOutcome.NOT_FOUND));
    assertEquals("requires_action", PaymentFigures.outcome(PspOutcome.REQUIRES_ACTION));
    assertEquals("processing", PaymentFigures.outcome(PspOutcome.PROCESSING));
    assertEquals("processing", PaymentFigures.outcome(PspOutcome.UNKNOWN));
  }

  @Test
  void aGateRefusalIsLabelledByItsGateNeverByItsMerchant() {
    for (String reason :
        new String[] {
          "submit_payment_disabled",
          "merchant_not_allowlisted",
          "live_lane_disabled",
          "merchant_not_live_allowlisted"
        }) {
      ApiException refused =
          new ApiException(
              403,
              "TIER2_CHARGE_DISABLED",
              "refused",
              Map.of("reason", reason, "merchant_id", "merch_7c1e4a9d2b5f3e80"),
              Map.of());
      assertEquals(reason, PaymentGates.gate(refused));
    }
    assertEquals(
        "test_capture_cap",
        PaymentGates.gate(new ApiException(403, "TIER2_TEST_CAPTURE_OVER_CAP", "over")));
    assertEquals(
        "live_capture_cap",
        PaymentGates.gate(new ApiException(403, "TIER2_LIVE_CAPTURE_OVER_CAP", "over")));
  }
}
