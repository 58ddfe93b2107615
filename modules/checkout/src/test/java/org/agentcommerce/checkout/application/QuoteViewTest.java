package org.agentcommerce.checkout.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.agentcommerce.platform.api.WireJson;
import org.junit.jupiter.api.Test;

class QuoteViewTest {

  /** A quote stored before issue 38 closed: promotion lines with our four members only. */
  static final String STORED =
      """
      {"quote_id":"quo_1","status":"active","merchant_id":"merch_1","currency":"USD",
       "promotion_lines":[
        {"code":"WELCOME10","kind":"percentage","description":"10% off","amount":"2.10"},
        {"code":"FREESHIP","kind":"free_shipping","description":null,"amount":"0.00"}]}
      """;

  @Test
  void linesStoredBeforeTheOriginsMembersReadBackWithThem() {
    QuoteView stored = WireJson.jsonb().fromJson(STORED, QuoteView.class);
    assertNull(stored.promotionLines().get(0).id());
    List<QuoteView.PromotionLine> lines = stored.withOriginPromotionMembers().promotionLines();
    QuoteView.PromotionLine first = lines.get(0);
    assertEquals("pl_0", first.id());
    assertEquals("merchant", first.source());
    assertEquals("order", first.discountClass());
    assertEquals("code", first.method());
    assertEquals("10% off", first.label());
    assertEquals("2.10", first.amount());
    assertNull(first.allocations(), "the split over the lines was not stored");
    QuoteView.PromotionLine second = lines.get(1);
    assertEquals("pl_1", second.id());
    assertEquals("shipping", second.discountClass());
    assertEquals("FREESHIP", second.label());
  }

  @Test
  void linesWithTheOriginsMembersAreLeftAlone() {
    QuoteView stored = WireJson.jsonb().fromJson(STORED, QuoteView.class);
    QuoteView completed = stored.withOriginPromotionMembers();
    assertSame(completed, completed.withOriginPromotionMembers());
    String written = WireJson.jsonb().toJson(completed);
    assertEquals(
        completed.promotionLines(),
        WireJson.jsonb().fromJson(written, QuoteView.class).promotionLines());
  }
}
