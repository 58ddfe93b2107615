package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.FakeTools.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class McpArgumentValidatorTest {

  private static final JsonObject QUOTE =
      json(
          """
          {"type":"object","additionalProperties":false,
           "required":["idempotency_key","quote"],
           "properties":{
             "idempotency_key":{"type":"string","minLength":8,"maxLength":64},
             "quote":{"type":"object","additionalProperties":false,"required":["merchant_id","items"],
               "properties":{
                 "merchant_id":{"type":"string"},
                 "items":{"type":"array","minItems":1,"maxItems":2,
                   "items":{"type":"object","required":["product_id","quantity"],
                     "properties":{"product_id":{"type":"string"},
                       "quantity":{"type":"integer","minimum":1,"maximum":10}}}},
                 "country":{"const":"US"}}}}}
          """);

  private static List<String> violations(JsonObject schema, String value) {
    JsonValue v = Json.createReader(new StringReader(value)).readValue();
    return ArgumentValidator.validate(schema, v).stream()
        .map(x -> x.path() + " " + x.message())
        .toList();
  }

  @Test
  void aConformingValueHasNoViolations() {
    assertEquals(
        List.of(),
        violations(
            QUOTE,
            """
            {"idempotency_key":"k-123456","quote":{"merchant_id":"m","country":"US",
             "items":[{"product_id":"p","quantity":2.0}]}}
            """));
  }

  @Test
  void nestedViolationsArePointedAt() {
    List<String> found =
        violations(
            QUOTE,
            """
            {"idempotency_key":"short","quote":{"country":"CA",
             "items":[{"product_id":1,"quantity":0},{"quantity":1.5},{}]}}
            """);

    assertEquals(
        List.of(
            "/idempotency_key must be at least 8 character(s) long",
            "/quote/merchant_id is required",
            "/quote/country must be \"US\"",
            "/quote/items must have at most 2 item(s)",
            "/quote/items/0/product_id must be a string, not a number",
            "/quote/items/0/quantity must be at least 1",
            "/quote/items/1/product_id is required",
            "/quote/items/1/quantity must be an integer, not a number",
            "/quote/items/2/product_id is required",
            "/quote/items/2/quantity is required"),
        found);
  }

  @Test
  void extraMembersAreNamedWithWhatIsAllowed() {
    List<String> found =
        violations(
            QUOTE,
            "{\"idempotency_key\":\"k-123456\",\"quote\":{\"merchant_id\":\"m\",\"items\":[{\"product_id\":\"p\",\"quantity\":1}]},\"a/b\":1}");

    assertEquals(List.of("/a~1b is not allowed; allowed: idempotency_key, quote"), found);
  }

  @Test
  void typeUnionsAndNullable() {
    JsonObject schema =
        json("{\"type\":[\"number\",\"null\"],\"exclusiveMinimum\":0,\"exclusiveMaximum\":10}");

    assertEquals(List.of(), violations(schema, "null"));
    assertEquals(List.of(), violations(schema, "9.99"));
    assertEquals(List.of(" must be greater than 0"), violations(schema, "0"));
    assertEquals(List.of(" must be less than 10"), violations(schema, "10"));
    assertEquals(List.of(" must be a number or null, not a string"), violations(schema, "\"5\""));
  }

  @Test
  void stringsCountCharactersNotUnits() {
    JsonObject schema = json("{\"type\":\"string\",\"maxLength\":2}");

    assertEquals(List.of(), violations(schema, "\"\uD83D\uDE00\uD83D\uDE00\""));
  }

  @Test
  void patternsSearchLikeJsonSchema() {
    JsonObject schema = json("{\"type\":\"string\",\"pattern\":\"[0-9]{3}\"}");

    assertEquals(List.of(), violations(schema, "\"ab123cd\""));
    assertEquals(List.of(" must match [0-9]{3}"), violations(schema, "\"ab12\""));
  }

  @Test
  void anEndAnchorDoesNotAcceptATrailingLineBreak() {
    JsonObject schema = json("{\"type\":\"string\",\"pattern\":\"^[0-9]{1,6}$\"}");

    assertEquals(List.of(), violations(schema, "\"12\""));
    assertEquals(List.of(" must match ^[0-9]{1,6}$"), violations(schema, "\"12\\n\""));
  }

  @Test
  void enumsCompareNumbersByValue() {
    JsonObject schema = json("{\"enum\":[1,\"two\",{\"a\":[true]}]}");

    assertEquals(List.of(), violations(schema, "1.0"));
    assertEquals(List.of(), violations(schema, "{\"a\":[true]}"));
    assertEquals(1, violations(schema, "2").size());
  }

  @Test
  void booleansAreNotIntegers() {
    assertEquals(
        List.of(" must be an integer, not a boolean"),
        violations(json("{\"type\":\"integer\"}"), "true"));
  }

  @Test
  void atMostTwentyViolationsAreReported() {
    JsonObject schema = json("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
    String fifty = "[" + "1,".repeat(49) + "1]";

    assertEquals(ArgumentValidator.MAX_VIOLATIONS, violations(schema, fifty).size());
  }

  @Test
  void theSupportedSubsetIsAccepted() {
    ArgumentValidator.checkSupported(QUOTE, "t");
    ArgumentValidator.checkSupported(
        json(
            """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "title":"t","description":"d","properties":{"a":{"type":"string","format":"email",
             "default":"x","examples":["y"],"pattern":"^a"}},"additionalProperties":{"type":"integer"}}
            """),
        "t");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"type\":\"object\",\"oneOf\":[]}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/x\"}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"date\"}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"pattern\":\"(\"}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\",\"items\":[{}]}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"maxLength\":-1}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":true}}",
        "{\"type\":\"object\",\"required\":[1]}",
        "{\"type\":\"object\",\"additionalProperties\":\"no\"}"
      })
  void anythingElseIsRefusedUpFront(String schema) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ArgumentValidator.checkSupported(json(schema), "t"));
    assertTrue(e.getMessage().contains("t"), e.getMessage());
  }
}
