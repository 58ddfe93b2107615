package org.agentcommerce.checkout.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import jakarta.ws.rs.core.Response;
import org.agentcommerce.checkout.application.partner.PurchaseView;
import org.junit.jupiter.api.Test;

class PartnerPurchaseResourceTest {

  private static final PurchaseView VIEW =
      new PurchaseView(
          "pp_1",
          "resolving",
          2,
          "m_1",
          "p_1",
          null,
          "SKU",
          1,
          100,
          100,
          "USD",
          "none",
          null,
          null,
          null,
          null,
          null,
          "pp_1",
          "resolving",
          null,
          "p_1",
          "SKU",
          new PurchaseView.Totals("USD", 100, null, null, null, null, null, null),
          "not_dispatched",
          false,
          null);

  @Test
  void theAcceptedAnswerCarriesThePurchaseAndItsHeader() {
    Response renewed = PartnerPurchaseResource.accepted(VIEW, "Contact-Renewed", "false");
    assertEquals(202, renewed.getStatus());
    assertSame(VIEW, renewed.getEntity());
    assertEquals("false", renewed.getHeaderString("Contact-Renewed"));
  }

  @Test
  void theOriginPathAnswersTheOriginsReasonCodes() {
    assertEquals("purchase_not_found", OriginPurchasePath.originCode("PURCHASE_NOT_FOUND", null));
    assertEquals("agent_user_required", OriginPurchasePath.originCode("USER_AUTH_REQUIRED", null));
    assertEquals(
        "row_variant_ambiguous",
        OriginPurchasePath.originCode("SELECTION_REFUSED", "ambiguous_sku"));
    assertEquals(
        "row_not_found", OriginPurchasePath.originCode("SELECTION_REFUSED", "unknown_sku"));
    assertEquals("price_changed", OriginPurchasePath.originCode("price_changed", null));
    assertEquals("out_of_stock", OriginPurchasePath.originCode("OUT_OF_STOCK", null));
  }

  @Test
  void aNullValueSendsNoHeader() {
    Response opened = PartnerPurchaseResource.accepted(VIEW, "Idempotent-Replayed", null);
    assertEquals(202, opened.getStatus());
    assertSame(VIEW, opened.getEntity());
    assertNull(opened.getHeaderString("Idempotent-Replayed"));
    assertEquals(0, opened.getHeaders().size(), () -> opened.getHeaders().toString());
  }
}
