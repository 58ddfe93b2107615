package org.agentcommerce.platform.infrastructure.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EdgeFiltersTest {

  @Test
  void aHostPortIsReadAsTheContainerReadsIt() {
    for (String ok :
        new String[] {
          "example.com", "127.0.0.1:8080", "[::1]", "[::1]:8080", "127.0.0.1:", "h:123456789"
        }) {
      assertTrue(EdgeFilters.portIsNumeric(ok), ok);
    }
    for (String bad :
        new String[] {"127.0.0.1:evil", "a:b:80", "[::1]:x", "h:80 ", "h:-1", "h:８０"}) {
      assertFalse(EdgeFilters.portIsNumeric(bad), bad);
    }
  }
}
