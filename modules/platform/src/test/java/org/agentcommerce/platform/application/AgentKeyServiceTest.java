package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class AgentKeyServiceTest {

  @Test
  void rotationWithoutAListKeepsTheCurrentScope() {
    assertEquals(Set.of("m1"), AgentKeyService.rotatedScope(Set.of("m1"), null));
    assertEquals(Set.of(), AgentKeyService.rotatedScope(Set.of(), null));
  }

  @Test
  void rotationMayNarrowTheScope() {
    assertEquals(Set.of("m1"), AgentKeyService.rotatedScope(Set.of("m1", "m2"), Set.of("m1")));
    assertEquals(Set.of("m2"), AgentKeyService.rotatedScope(Set.of(), Set.of("m2")));
  }

  @Test
  void rotationNeverWidensTheScope() {
    ApiException e =
        assertThrows(
            ApiException.class,
            () -> AgentKeyService.rotatedScope(Set.of("m1"), Set.of("m1", "m2", "m3")));

    assertEquals(403, e.status());
    assertEquals("MERCHANT_ACCESS_DENIED", e.code());
    assertEquals(List.of("m2", "m3"), e.context().get("merchant_ids"));
  }

  @Test
  void anEmptyListIsRefusedRatherThanReadAsEveryMerchant() {
    InvalidInputException e =
        assertThrows(
            InvalidInputException.class,
            () -> AgentKeyService.rotatedScope(Set.of("m1"), Set.of()));

    assertEquals(List.of("body", "allowed_merchant_ids"), e.violations().get(0).loc());
    assertEquals("value_error.empty_scope", e.violations().get(0).type());
    assertThrows(InvalidInputException.class, () -> AgentKeyService.requireNonEmptyScope(Set.of()));
  }
}
