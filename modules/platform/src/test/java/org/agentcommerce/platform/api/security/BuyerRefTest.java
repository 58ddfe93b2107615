package org.agentcommerce.platform.api.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.agentcommerce.platform.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BuyerRefTest {

  private static final List<Object> LOC = List.of("body", "buyer_ref");
  private static final String UUID_TEXT = "3f2c9a1e-7b4d-4c55-9e0a-1b2c3d4e5f60";

  @Test
  void guestUuidIsAccepted() {
    BuyerRef ref = BuyerRef.require("guest:" + UUID_TEXT, LOC);

    assertEquals(BuyerRef.GUEST, ref.kind());
    assertEquals(UUID_TEXT, ref.id());
    assertEquals("guest:" + UUID_TEXT, ref.toString());
  }

  @Test
  void guestUuidIsLowerCased() {
    BuyerRef ref = BuyerRef.require("guest:" + UUID_TEXT.toUpperCase(), LOC);

    assertEquals(UUID_TEXT, ref.id());
  }

  @ParameterizedTest
  @ValueSource(strings = {"u", "buyer_42", "alice.smith", "A-1", "9"})
  void userPublicIdIsAccepted(String id) {
    BuyerRef ref = BuyerRef.require("user:" + id, LOC);

    assertEquals(BuyerRef.USER, ref.kind());
    assertEquals(id, ref.id());
    assertEquals("user:" + id, ref.toString());
  }

  @Test
  void userPublicIdOfSixtyFourCharactersIsAccepted() {
    String id = "a".repeat(64);

    assertEquals(id, BuyerRef.require("user:" + id, LOC).id());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "guest:not-a-uuid",
        "guest:",
        "guest:1-1-1-1-1", // UUID.fromString accepts it, but it is not canonical
        "guest:3f2c9a1e7b4d4c559e0a1b2c3d4e5f60",
        "user:",
        "user:.hidden",
        "user:_x",
        "user:has space",
        "user:a/b",
        "user:caf\u00e9",
        "admin:root",
        "Guest:3f2c9a1e-7b4d-4c55-9e0a-1b2c3d4e5f60",
        "3f2c9a1e-7b4d-4c55-9e0a-1b2c3d4e5f60",
        "user"
      })
  void invalidReferenceThrowsWithLocAndBuyerRefType(String value) {
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> BuyerRef.parse(value, LOC));

    assertEquals(1, e.violations().size());
    InvalidInputException.Violation violation = e.violations().get(0);
    assertEquals(LOC, violation.loc());
    assertEquals("value_error.buyer_ref", violation.type());
    assertTrue(violation.msg().startsWith("Invalid buyer reference"), violation.msg());
  }

  @Test
  void userPublicIdLongerThanSixtyFourCharactersIsRejected() {
    InvalidInputException e =
        assertThrows(
            InvalidInputException.class, () -> BuyerRef.parse("user:" + "a".repeat(65), LOC));

    assertEquals("value_error.buyer_ref", e.violations().get(0).type());
  }

  @Test
  void absentReferenceParsesToEmpty() {
    assertEquals(Optional.empty(), BuyerRef.parse(null, LOC));
    assertEquals(Optional.empty(), BuyerRef.parse("", LOC));
    assertEquals(Optional.empty(), BuyerRef.parse("   ", LOC));
  }

  @Test
  void requiredReferenceThatIsAbsentIsMissing() {
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> BuyerRef.require(null, LOC));

    InvalidInputException.Violation violation = e.violations().get(0);
    assertEquals("missing", violation.type());
    assertEquals(LOC, violation.loc());
    assertEquals("Field required", violation.msg());
  }

  /** The pattern the OpenAPI document states admits exactly what parse accepts. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "guest:3f2c9a1e-7b4d-4c55-9e0a-1b2c3d4e5f60",
        "guest:3F2C9A1E-7B4D-4C55-9E0A-1B2C3D4E5F60",
        "user:a",
        "user:Ab.c_d-9",
        "guest:not-a-uuid",
        "user:",
        "user:-a",
        "admin:x",
        "guest:3f2c9a1e7b4d4c559e0a1b2c3d4e5f60"
      })
  void theDocumentedPatternMatchesWhatParseAccepts(String value) {
    boolean accepted;
    try {
      accepted = BuyerRef.parse(value, LOC).isPresent();
    } catch (InvalidInputException refused) {
      accepted = false;
    }
    assertEquals(
        accepted,
        java.util.regex.Pattern.compile(BuyerRef.WIRE_PATTERN).matcher(value).find(),
        value);
  }
}
