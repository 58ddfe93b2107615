package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PlatformFiguresTest {

  @Test
  void labelsComeFromSmallFixedSets() {
    assertEquals("GET", PlatformFigures.method("GET"));
    assertEquals("other", PlatformFigures.method("BREW"));
    assertEquals("other", PlatformFigures.method(null));
    assertEquals("2xx", PlatformFigures.statusClass(204));
    assertEquals("4xx", PlatformFigures.statusClass(429));
    assertEquals("5xx", PlatformFigures.statusClass(503));
    assertEquals("other", PlatformFigures.statusClass(999));
    assertEquals("missing_key", PlatformFigures.reason("AUTHENTICATION_REQUIRED"));
    assertEquals("invalid_key", PlatformFigures.reason("INVALID_API_KEY"));
    assertEquals("buyer_token", PlatformFigures.reason("BUYER_TOKEN_EXPIRED"));
    assertEquals("merchant_scope", PlatformFigures.reason("MERCHANT_ACCESS_DENIED"));
    assertEquals("other", PlatformFigures.reason("SOMETHING_NEW"));
    assertEquals("other", PlatformFigures.reason(null));
  }
}
