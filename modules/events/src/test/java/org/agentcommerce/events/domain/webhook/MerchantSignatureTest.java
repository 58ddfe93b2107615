package org.agentcommerce.events.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The ACP Merchant-Signature, against a value computed independently (Python's hmac). */
class MerchantSignatureTest {

  private static final String BODY = "{\"type\":\"order_create\"}";

  @Test
  void matchesAnIndependentHmacInTheProtocolsFormat() {
    String header = MerchantSignature.header("whsec_dGVzdA==", 1709123456L, BODY);
    assertEquals(
        "t=1709123456,v1=2e97529edc5ea41dffec3e04e83e5d232a37d7d63ce4deee78585573170dd0a8", header);
    assertTrue(header.matches("^t=\\d+,v1=[a-fA-F0-9]{64}$"));
  }

  @Test
  void anotherSecretTimeOrBodySignsDifferently() {
    String header = MerchantSignature.header("whsec_dGVzdA==", 1709123456L, BODY);
    assertNotEquals(header, MerchantSignature.header("whsec_b3RoZXI=", 1709123456L, BODY));
    assertNotEquals(header, MerchantSignature.header("whsec_dGVzdA==", 1709123457L, BODY));
    assertNotEquals(header, MerchantSignature.header("whsec_dGVzdA==", 1709123456L, BODY + " "));
  }
}
