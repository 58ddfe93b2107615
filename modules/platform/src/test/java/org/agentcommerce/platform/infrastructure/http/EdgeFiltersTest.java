package org.agentcommerce.platform.infrastructure.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agentcommerce.platform.infrastructure.http.EdgeFilters.FirstLine;
import org.agentcommerce.platform.infrastructure.http.EdgeFilters.FirstLine.Verdict;
import org.agentcommerce.platform.interfaces.rest.RequestFramingFilter;
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

  @Test
  void aFirstLineNeedsASpaceBeforeItsEnd() {
    assertEquals(Verdict.PASSED, new FirstLine().read("GET / HTTP/1.1\r\nHost: a\r\n\r\n"));
    assertEquals(Verdict.PASSED, new FirstLine().read("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
    assertEquals(Verdict.PASSED, new FirstLine().read("GET /\r\n\r\n"));
    assertEquals(Verdict.PASSED, new FirstLine().read("GET\t/ HTTP/1.1\n"));
    assertEquals(Verdict.REFUSED, new FirstLine().read("garbage\r\n\r\n"));
    assertEquals(Verdict.REFUSED, new FirstLine().read("\r\nGET / HTTP/1.1\r\n"));
    assertEquals(Verdict.REFUSED, new FirstLine().read("GET\n"));
    // In pieces, as a slow client sends it.
    FirstLine slow = new FirstLine();
    assertEquals(Verdict.MORE, slow.read("GE"));
    assertEquals(Verdict.MORE, slow.read("T /agent"));
    assertEquals(Verdict.PASSED, slow.read(" HTTP/1.1\r\n"));
    FirstLine garbage = new FirstLine();
    assertEquals(Verdict.MORE, garbage.read("garb"));
    assertEquals(Verdict.REFUSED, garbage.read("age\r\n"));
    // Too long without a line end, with or without a space.
    FirstLine longLine = new FirstLine();
    assertEquals(
        Verdict.MORE, longLine.read("GET /" + "a".repeat(EdgeFilters.FIRST_LINE_LIMIT - 5)));
    assertEquals(Verdict.REFUSED, longLine.read("a"));
    assertEquals(
        Verdict.REFUSED, new FirstLine().read("x".repeat(EdgeFilters.FIRST_LINE_LIMIT + 1)));
  }

  @Test
  void anEncodedSeparatorIsFoundInAnyCase() {
    for (String bad :
        new String[] {
          "/x/..%2Fhealth", "/x/..%2fhealth", "/agent/v1/%2e%2e/health", "/a%2E", "/a%5c", "/a%5Cb"
        }) {
      assertTrue(RequestFramingFilter.hasEncodedSeparator(bad), bad);
    }
    for (String ok : new String[] {"/agent/v1/health", "/a%20b", "/a%2", "/a%", "/a%25", "/a%2G"}) {
      assertFalse(RequestFramingFilter.hasEncodedSeparator(ok), ok);
    }
  }
}
