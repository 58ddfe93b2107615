package org.agentcommerce.checkout.application;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
  void otherNumbersAreNot() {
    assertFalse(EvidenceService.looksLikeCard("4242"));
    assertFalse(EvidenceService.looksLikeCard("4111111111111112")); // fails Luhn
    assertFalse(EvidenceService.looksLikeCard("pi_3NcXYZ2eZvKYlo2C1"));
    assertFalse(EvidenceService.looksLikeCard("order 2026-11-24"));
  }
}
