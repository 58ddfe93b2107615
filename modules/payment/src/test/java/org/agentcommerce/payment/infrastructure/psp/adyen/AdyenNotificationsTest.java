package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.junit.jupiter.api.Test;

/** Adyen standard notifications: HMAC verification and what each event means to us. */
class AdyenNotificationsTest {

  static final String HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

  final AdyenPspAdapter adapter = new AdyenPspAdapter(Duration.ofSeconds(1));
  final PspCredentials credentials =
      new PspCredentials(
          URI.create("https://checkout-test.adyen.com/v71"),
          "api-key",
          "AgentCommerceECOM",
          HMAC_KEY,
          false);

  /** Signs like Adyen does, written out here independently of the code under test. */
  static String signature(String key, String... fields) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(HexFormat.of().parseHex(key), "HmacSHA256"));
    return Base64.getEncoder()
        .encodeToString(mac.doFinal(String.join(":", fields).getBytes(StandardCharsets.UTF_8)));
  }

  static String notification(
      String pspReference,
      String originalReference,
      String eventCode,
      String success,
      String reason,
      long value,
      String signature) {
    return """
        {"live":"false","notificationItems":[{"NotificationRequestItem":{
          "additionalData":{"hmacSignature":"%s","cardSummary":"1111","expiryDate":"03/2030"},
          "amount":{"currency":"EUR","value":%d},
          "eventCode":"%s","eventDate":"2026-11-24T10:00:05+01:00",
          "merchantAccountCode":"AgentCommerceECOM","merchantReference":"att_7Q2c9",
          %s"paymentMethod":"visa","pspReference":"%s",
          "reason":"%s","success":"%s"}}]}"""
        .formatted(
            signature,
            value,
            eventCode,
            originalReference.isEmpty()
                ? ""
                : "\"originalReference\":\"" + originalReference + "\",",
            pspReference,
            reason,
            success);
  }

  private PspWebhookEvent verify(String body) throws PspWebhookException {
    return adapter.verifyWebhook(
        new PspWebhookRequest(
            Map.of("content-type", List.of("application/json")),
            body.getBytes(StandardCharsets.UTF_8)),
        credentials);
  }

  @Test
  void signedAuthorisationSucceeds() throws Exception {
    String sig =
        signature(
            HMAC_KEY,
            "FJM8JLXTKLTXVP65",
            "",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "AUTHORISATION",
            "true");

    PspWebhookEvent e =
        verify(
            notification(
                "FJM8JLXTKLTXVP65", "", "AUTHORISATION", "true", "058615:1111:03/2030", 1290, sig));

    assertEquals("FJM8JLXTKLTXVP65:AUTHORISATION", e.eventId());
    assertEquals("AUTHORISATION", e.type());
    assertEquals("FJM8JLXTKLTXVP65", e.pspPaymentId());
    assertEquals("att_7Q2c9", e.reference());
    assertEquals(PspOutcome.SUCCEEDED, e.outcome());
    assertNull(e.declineCode());
    assertFalse(e.dispute());
  }

  @Test
  void signedFailedAuthorisationIsDeclined() throws Exception {
    String sig =
        signature(
            HMAC_KEY,
            "V4HZ4RBFJGXXGN82",
            "",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "AUTHORISATION",
            "false");

    PspWebhookEvent e =
        verify(
            notification(
                "V4HZ4RBFJGXXGN82", "", "AUTHORISATION", "false", "Not enough balance", 1290, sig));

    assertEquals(PspOutcome.DECLINED, e.outcome());
    assertEquals("insufficient_funds", e.declineCode());
  }

  @Test
  void chargebackIsADisputeOfTheOriginalPayment() throws Exception {
    String sig =
        signature(
            HMAC_KEY,
            "9915555555555555",
            "FJM8JLXTKLTXVP65",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "CHARGEBACK",
            "true");

    PspWebhookEvent e =
        verify(
            notification(
                "9915555555555555",
                "FJM8JLXTKLTXVP65",
                "CHARGEBACK",
                "true",
                "Other Fraud-Card Absent Environment",
                1290,
                sig));

    assertTrue(e.dispute());
    assertEquals("FJM8JLXTKLTXVP65", e.pspPaymentId());
    assertEquals("9915555555555555:CHARGEBACK", e.eventId());
    assertNull(e.outcome());
  }

  @Test
  void tamperedAmountIsRejected() throws Exception {
    String sig =
        signature(
            HMAC_KEY,
            "FJM8JLXTKLTXVP65",
            "",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "AUTHORISATION",
            "true");

    PspWebhookException e =
        assertThrows(
            PspWebhookException.class,
            () ->
                verify(
                    notification(
                        "FJM8JLXTKLTXVP65", "", "AUTHORISATION", "true", "", 129000, sig)));
    assertFalse(e.getMessage().contains(HMAC_KEY));
    assertFalse(e.getMessage().contains(sig));
  }

  @Test
  void signatureUnderAnotherKeyIsRejected() throws Exception {
    String other = "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF";
    String sig =
        signature(
            other,
            "FJM8JLXTKLTXVP65",
            "",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "AUTHORISATION",
            "true");

    assertThrows(
        PspWebhookException.class,
        () -> verify(notification("FJM8JLXTKLTXVP65", "", "AUTHORISATION", "true", "", 1290, sig)));
  }

  @Test
  void unsignedOrUnreadableNotificationsAreRejected() {
    assertThrows(
        PspWebhookException.class,
        () -> verify(notification("FJM8JLXTKLTXVP65", "", "AUTHORISATION", "true", "", 1290, "")));
    assertThrows(PspWebhookException.class, () -> verify("not json"));
    assertThrows(PspWebhookException.class, () -> verify("{\"live\":\"false\"}"));
  }

  @Test
  void liveNotificationOnATestAccountIsRejected() throws Exception {
    String sig =
        signature(
            HMAC_KEY,
            "FJM8JLXTKLTXVP65",
            "",
            "AgentCommerceECOM",
            "att_7Q2c9",
            "1290",
            "EUR",
            "AUTHORISATION",
            "true");
    String live =
        notification("FJM8JLXTKLTXVP65", "", "AUTHORISATION", "true", "", 1290, sig)
            .replace("\"live\":\"false\"", "\"live\":\"true\"");

    assertThrows(PspWebhookException.class, () -> verify(live));
  }

  /**
   * A known answer published with Adyen's own Java library (its HMAC validator test): this key and
   * item give this signature, so the signed string's layout is Adyen's, not only ours.
   */
  @Test
  void adyensPublishedSignatureVerifies() throws Exception {
    String body =
        """
        {"live":"false","notificationItems":[{"NotificationRequestItem":{
          "additionalData":{"hmacSignature":"NuEkADFmlCC6VgX+wcoPAegIWxVPNBPCuKlM4Hzo5qc="},
          "amount":{"currency":"EUR","value":"0"},"eventCode":"REPORT_AVAILABLE",
          "eventDate":"2019-11-20T14:35:36+01:00","merchantAccountCode":"Magento2Rik",
          "merchantReference":"testMerchantRef1","pspReference":"test_REPORT_AVAILABLE",
          "reason":"will contain the url to the report","success":"true"}}]}""";
    PspCredentials adyensKey =
        new PspCredentials(
            credentials.baseUrl(),
            "api-key",
            "Magento2Rik",
            "9064450A8892A093D9E97EFCC9639DE31B74F3A7803135555A3C96F5A57915D6",
            false);

    PspWebhookEvent e =
        adapter.verifyWebhook(
            new PspWebhookRequest(Map.of(), body.getBytes(StandardCharsets.UTF_8)), adyensKey);

    assertEquals("test_REPORT_AVAILABLE:REPORT_AVAILABLE", e.eventId());
    assertNull(e.outcome());
  }
}
