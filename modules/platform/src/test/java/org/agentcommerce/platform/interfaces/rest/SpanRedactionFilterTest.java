package org.agentcommerce.platform.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SpanRedactionFilterTest {

  @Test
  void secretLookingParametersLoseTheirValuesOthersKeepThem() {
    assertEquals(
        "limit=5&api_key=REDACTED&merchant_id=m1&token=REDACTED&X-Agent-User-JWT=REDACTED",
        SpanRedactionFilter.redact(
            "limit=5&api_key=ak_live_123&merchant_id=m1&token=tok_visa&X-Agent-User-JWT=eyJ.a.b"));
    assertEquals(
        "client_secret=REDACTED", SpanRedactionFilter.redact("client_secret=pi_1_secret_2"));
    assertEquals("q=shoes&offset=10", SpanRedactionFilter.redact("q=shoes&offset=10"));
    // The gaps an adversary review found: other separators, encoded names, bare values.
    assertEquals("a=1;api_key=REDACTED", SpanRedactionFilter.redact("a=1;api_key=sk_live_x"));
    assertEquals("k%65y=REDACTED", SpanRedactionFilter.redact("k%65y=sk_live_abcdef"));
    assertEquals("REDACTED", SpanRedactionFilter.redact("eyJhbGciOi.eyJzdWIi.sig"));
    assertEquals("q=REDACTED", SpanRedactionFilter.redact("q=sk_live_abcdef123"));
    assertEquals("pwd=REDACTED&pass=REDACTED", SpanRedactionFilter.redact("pwd=x&pass=y"));
    assertEquals("q=skin+care", SpanRedactionFilter.redact("q=skin+care"));
  }
}
