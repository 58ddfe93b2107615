package org.agentcommerce.platform.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class ServerTimingFilterTest {

  @Test
  void theHeaderIsMillisecondsWithTwoDecimalsRoundedAsFormatWouldRoundThem() {
    long[] samples = {0, 4_999, 5_000, 9_999, 10_000, 1_234_567, 99_995_000, 12_345_678_901L};
    for (long nanos : samples) {
      assertEquals(
          String.format(Locale.ROOT, "app;dur=%.2f", nanos / 1_000_000.0),
          ServerTimingFilter.header(nanos),
          nanos + " ns");
    }
    assertEquals("app;dur=1.05", ServerTimingFilter.header(1_050_000));
  }
}
