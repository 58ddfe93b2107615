package org.agentcommerce.platform.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.agentcommerce.platform.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class StrictJsonReaderTest {

  private static String type(String body, boolean arrayExpected, boolean arrayOnly) {
    return assertThrows(
            InvalidInputException.class,
            () -> StrictJsonReader.check(body, arrayExpected, arrayOnly))
        .violations()
        .get(0)
        .type();
  }

  @Test
  void nestingDeeperThanTheLimitIsRefusedBeforeAnyBinderRecurses() {
    int limit = StrictJsonReader.MAX_DEPTH;
    String deepest = "{\"a\":" + "[".repeat(limit - 1) + "]".repeat(limit - 1) + "}";
    assertDoesNotThrow(() -> StrictJsonReader.check(deepest, false, false));
    String tooDeep = "{\"a\":" + "[".repeat(limit) + "]".repeat(limit) + "}";
    assertEquals("json_invalid", type(tooDeep, false, false));
    assertEquals("json_invalid", type("[".repeat(100_000), true, true));
  }

  @Test
  void aJsonPArrayMustBeWellFormed() {
    assertEquals("json_invalid", type("[", true, true));
    assertEquals("list_type", type("{}", true, true));
  }

  @Test
  void anEmptyJsonPBodyIsMissingNotLeftToTheReader() {
    assertEquals("missing", type("", true, true));
    assertEquals(
        "missing",
        assertThrows(
                InvalidInputException.class,
                () -> StrictJsonReader.check(" \n", false, false, true))
            .violations()
            .get(0)
            .type());
    // A DTO's empty body is left to its binder, which answers 422 missing itself.
    assertDoesNotThrow(() -> StrictJsonReader.check("", false, false, false));
  }

  @Test
  void trailingDataAndArraysForObjectsAreRefused() {
    assertEquals("json_invalid", type("{\"a\":1} {\"b\":2}", false, false));
    assertEquals("model_type", type("[{\"a\":1}]", false, false));
  }
}
