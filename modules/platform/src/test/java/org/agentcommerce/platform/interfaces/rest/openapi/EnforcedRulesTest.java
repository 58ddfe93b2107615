package org.agentcommerce.platform.interfaces.rest.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EnforcedRulesTest {

  @Test
  void pathsAreMatchedAsTheDocumentWritesThem() {
    assertEquals("/agent/v1/cart/validate", EnforcedRules.normalize("/agent/v1/cart//validate/"));
    assertEquals(
        "/agent/v1/orders/{order_id}/events/{kind}",
        EnforcedRules.normalize("agent/v1/orders/{order_id : ord_[a-z0-9]+}/events/{kind}"));
    assertEquals("/", EnforcedRules.normalize("/"));
  }

  @Test
  void aBeanValidationPatternMatchesTheWholeValue() {
    assertEquals("^(?:[A-Z]{3})$", ConstraintSchemas.anchored("[A-Z]{3}"));
    assertEquals("^(?:a|b)$", ConstraintSchemas.anchored("a|b"));
    assertEquals("^x$", ConstraintSchemas.anchored("^x$"));
  }
}
