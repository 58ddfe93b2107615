package org.agentcommerce.events.application;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A webhook attempt is labelled by its outcome and the class of the answer, never its URL. */
class EventFiguresTest {

  @Test
  void outcomesAndAnswerClasses() {
    assertEquals("delivered", EventFigures.outcome("succeeded"));
    assertEquals("retry", EventFigures.outcome("pending"));
    assertEquals("failed", EventFigures.outcome("failed"));
    assertEquals("2xx", EventFigures.answer(204));
    assertEquals("4xx", EventFigures.answer(410));
    assertEquals("5xx", EventFigures.answer(503));
    assertEquals("none", EventFigures.answer(null));
    assertEquals("none", EventFigures.answer(999));
  }
}
