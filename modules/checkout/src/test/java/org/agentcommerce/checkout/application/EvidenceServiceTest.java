package org.agentcommerce.checkout.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import org.agentcommerce.platform.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class EvidenceServiceTest {

  @Test
  void cardNumbersAreRecognisedWithSpacesOrDashes() {
    assertTrue(EvidenceService.looksLikeCard("4111111111111111"));
    assertTrue(EvidenceService.looksLikeCard("paid with 4242 4242 4242 4242 yesterday"));
    assertTrue(EvidenceService.looksLikeCard("5555-5555-5555-4444"));
    assertTrue(EvidenceService.looksLikeCard("378282246310005")); // amex, 15 digits
  }

  @Test
  void aCardNumberFollowedOrPrecededByMoreDigitsIsStillOne() {
    assertTrue(EvidenceService.looksLikeCard("card 4111 1111 1111 1111 09 28"));
    assertTrue(EvidenceService.looksLikeCard("4242-4242-4242-4242-0000"));
    assertTrue(EvidenceService.looksLikeCard("ref 7 4111111111111111"));
    assertTrue(EvidenceService.looksLikeCard("4111111111111111091234"));
  }

  @Test
  void otherNumbersAreNot() {
    assertFalse(EvidenceService.looksLikeCard("4242"));
    assertFalse(EvidenceService.looksLikeCard("4111111111111112")); // fails Luhn
    assertFalse(EvidenceService.looksLikeCard("pi_3NcXYZ2eZvKYlo2C1"));
    assertFalse(EvidenceService.looksLikeCard("order 2026-11-24"));
  }

  @Test
  void identifiersWhoseDigitsPassTheLuhnCheckAreNotCards() {
    // 4111111111111111 passes Luhn; inside an id of ours or a UUID it is chance, not a card
    assertFalse(EvidenceService.looksLikeCard("ord_4111111111111111ab"));
    assertFalse(
        EvidenceService.looksLikeCard("see evd_c4111111111111111 and ord_4111111111111111ab"));
    assertFalse(EvidenceService.looksLikeCard("4111111a-1111-1111-1111-111111111111"));
    // but a prefix before digits alone, or a card beside an id, still is
    assertTrue(EvidenceService.looksLikeCard("card_4111111111111111"));
    assertTrue(EvidenceService.looksLikeCard("ord_4111111111111111ab 4111111111111111"));
    assertTrue(EvidenceService.looksLikeCard("x4111111111111111"));
  }

  @Test
  void theOrderIdAndIdempotencyKeyAreNotRecordedSoNotRefused() {
    EvidenceService.refuseSecrets(
        json(
            "{\"order_id\":\"ord_4111111111111111\",\"idempotency_key\":"
                + "\"4111-1111-1111-1111\",\"card_brand\":\"visa\"}"));
    assertRefusedAt("{\"order_id\":\"ord_1\",\"note\":\"4111-1111-1111-1111\"}", "note");
  }

  @Test
  void theAdversarysBodiesAreRefusedWhereTheyHoldTheSecret() {
    assertRefusedAt("{\"note\":\"card 4111 1111 1111 1111 09 28\"}", "note");
    assertRefusedAt("{\"card_cvc\":\"123\"}", "card_cvc");
    assertRefusedAt("{\"cardNumber\":\"4242-4242-4242-4242-0000\"}", "cardNumber");
    assertRefusedAt("{\"access_token\":\"at_live_abc\"}", "access_token");
    assertRefusedAt("{\"api_key\":\"sk_live_abc\"}", "api_key");
    assertRefusedAt("{\"details\":{\"Card-CVV\":\"123\"}}", "details", "Card-CVV");
    assertRefusedAt("{\"details\":[{\"PAN\":\"x\"}]}", "details", 0, "PAN");
    assertRefusedAt("{\"card_pan\":\"x\"}", "card_pan");
    assertRefusedAt("{\"clientSecret\":\"pi_1_secret_2\"}", "clientSecret");
    assertRefusedAt("{\"raw\":4111111111111111}", "raw");
    assertRefusedAt("{\"raw\":4.111111111111111E+15}", "raw");
  }

  @Test
  void whatAnAgentMayRecordPasses() {
    EvidenceService.refuseSecrets(
        json(
            "{\"card_brand\":\"visa\",\"card_last4\":\"1111\",\"wallet\":\"apple_pay\","
                + "\"psp_reference\":\"pi_3NcXYZ2eZvKYlo2C1\",\"offer_id\":\"off_1\","
                + "\"company\":\"Acme\",\"expansion\":\"none\",\"note\":\"paid 2026-11-24\"}"));
  }

  private static void assertRefusedAt(String body, Object... loc) {
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> EvidenceService.refuseSecrets(json(body)));
    InvalidInputException.Violation v = e.violations().get(0);
    List<Object> expected = new java.util.ArrayList<>(List.of("body"));
    expected.addAll(List.of(loc));
    assertEquals(expected, v.loc(), body);
    assertEquals("value_error.sensitive", v.type(), body);
  }

  private static JsonObject json(String text) {
    try (var r = Json.createReader(new StringReader(text))) {
      return r.readObject();
    }
  }
}
