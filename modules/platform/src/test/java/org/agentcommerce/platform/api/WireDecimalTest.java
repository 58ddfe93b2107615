package org.agentcommerce.platform.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireDecimalTest {

  private static final List<Object> LOC = List.of("body", "amount");

  private static BigDecimal amount(JsonValue v) {
    return WireDecimal.parse(v, LOC, 15, 6);
  }

  private static String refused(JsonValue v) {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> amount(v));
    assertEquals(LOC, e.violations().get(0).loc());
    return e.violations().get(0).type();
  }

  private static JsonValue text(String s) {
    return Jsonp.PROVIDER.createValue(s);
  }

  @Test
  void plainAsciiDecimalsAndJsonNumbersAreRead() {
    assertEquals(new BigDecimal("3"), amount(text("3")));
    assertEquals(new BigDecimal("12.50"), amount(text("12.50")));
    assertEquals(new BigDecimal("0.001"), amount(text("0.001")));
    assertEquals(
        new BigDecimal("2.2E+1"), amount(Jsonp.PROVIDER.createValue(new BigDecimal("2.2E+1"))));
    assertNull(amount(null));
    assertNull(amount(JsonValue.NULL));
  }

  @Test
  void digitsOfOtherScriptsAreRefused() {
    for (String s :
        List.of(
            "٣", // Arabic-Indic
            "۳", // Extended Arabic-Indic (Persian)
            "３", // fullwidth
            "३", // Devanagari
            "𝟑", // mathematical bold
            "1٫00", // Arabic decimal separator
            "١.٠٠")) {
      assertEquals("decimal_parsing", refused(text(s)), s);
    }
  }

  @Test
  void anythingButDigitsAndOnePointIsRefused() {
    for (String s :
        List.of(
            "", " 1", "1 ", "+1", "1e2", "1E+2", ".5", "5.", "1.2.3", "1,00", "0x10", "NaN",
            "1_000")) {
      assertEquals("decimal_parsing", refused(text(s)), s);
    }
    assertEquals("decimal_parsing", refused(text("1".repeat(65))));
    assertEquals("decimal_parsing", refused(JsonValue.TRUE));
  }

  @Test
  void aNegativeAmountIsRefusedWhereverItIsWritten() {
    assertEquals("greater_than_equal", refused(text("-1")));
    assertEquals("greater_than_equal", refused(Jsonp.PROVIDER.createValue(-1)));
    assertEquals(BigDecimal.ZERO, amount(text("0")));
    assertEquals(
        new BigDecimal("-1.5"), WireDecimal.parseSigned(text("-1.5"), LOC, 15, 6), "where legal");
    assertEquals(
        "decimal_parsing",
        assertThrows(
                InvalidInputException.class, () -> WireDecimal.parseSigned(text("--1"), LOC, 15, 6))
            .violations()
            .get(0)
            .type());
  }

  @Test
  void tooManyDigitsOrTooLargeAnExponentIsRefused() {
    assertEquals("decimal_parsing", refused(text("1234567890123456")));
    assertEquals("decimal_parsing", refused(text("1.1234567")));
    assertEquals(
        "decimal_parsing", refused(Jsonp.PROVIDER.createValue(new BigDecimal("1E+2000000000"))));
  }
}
