package org.agentcommerce.platform.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WireNamesTest {

  @Test
  void camelCaseBecomesSnakeCase() {
    assertEquals("agent_email", WireNames.toWire("agentEmail"));
    assertEquals("idempotency_key_ttl", WireNames.toWire("idempotencyKeyTtl"));
  }

  @Test
  void digitsStayAttachedToThePrecedingWord() {
    assertEquals("address_line1", WireNames.toWire("addressLine1"));
    assertEquals("address_line2_extra", WireNames.toWire("addressLine2Extra"));
  }

  @Test
  void lowercaseNamesAreUnchanged() {
    assertEquals("name", WireNames.toWire("name"));
    assertEquals("already_snake", WireNames.toWire("already_snake"));
    assertEquals("", WireNames.toWire(""));
  }

  @Test
  void leadingCapitalGetsNoLeadingUnderscore() {
    assertEquals("name", WireNames.toWire("Name"));
    assertEquals("total_amount", WireNames.toWire("TotalAmount"));
  }
}
