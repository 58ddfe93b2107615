package org.agentcommerce.platform.interfaces.rest.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class OpenApi31ConverterTest {

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text.replace('\'', '"')))) {
      return reader.readObject();
    }
  }

  /** Converts a document holding one schema {@code S} and returns the converted {@code S}. */
  private static JsonObject convertSchema(String schema) {
    JsonObject document = json("{'openapi':'3.0.3','components':{'schemas':{'S':" + schema + "}}}");
    return OpenApi31Converter.convert(document, "1")
        .getJsonObject("components")
        .getJsonObject("schemas")
        .getJsonObject("S");
  }

  @Test
  void aResponseIsWrittenInOneOrderWhateverOrderTheRuntimeWroteItIn() {
    String headers = "'headers':{'Retry-After':{'schema':{'type':'integer'}}}";
    String content = "'content':{'application/json':{'schema':{'type':'object'}}}";
    String one = "{" + headers + "," + content + ",'description':'Accepted'}";
    String other = "{'description':'Accepted'," + content + "," + headers + "}";
    String first =
        OpenApi31Converter.convert(
                json(
                    "{'openapi':'3.0.3','paths':{'/a':{'post':{'responses':{'202':"
                        + one
                        + "}}}}}"),
                "1")
            .toString();
    String second =
        OpenApi31Converter.convert(
                json(
                    "{'openapi':'3.0.3','paths':{'/a':{'post':{'responses':{'202':"
                        + other
                        + "}}}}}"),
                "1")
            .toString();

    assertEquals(first, second, "the same bytes");
    JsonObject answer =
        json(first)
            .getJsonObject("paths")
            .getJsonObject("/a")
            .getJsonObject("post")
            .getJsonObject("responses")
            .getJsonObject("202");
    assertEquals(
        java.util.List.of("content", "headers", "description"),
        java.util.List.copyOf(answer.keySet()));
  }

  @Test
  void aPathsOperationsAreWrittenInOneOrderWhateverOrderTheRuntimeWroteThemIn() {
    String get = "'get':{'operationId':'read','responses':{'200':{'description':'ok'}}}";
    String put = "'put':{'operationId':'write','responses':{'200':{'description':'ok'}}}";
    String params = "'parameters':[{'name':'id','in':'path','required':true}]";
    String one = "{'openapi':'3.0.3','paths':{'/a':{" + put + "," + params + "," + get + "}}}";
    String other = "{'openapi':'3.0.3','paths':{'/a':{" + get + "," + put + "," + params + "}}}";
    String first = OpenApi31Converter.convert(json(one), "1").toString();
    String second = OpenApi31Converter.convert(json(other), "1").toString();

    assertEquals(first, second, "the same bytes");
    assertEquals(
        java.util.List.of("parameters", "get", "put"),
        java.util.List.copyOf(json(first).getJsonObject("paths").getJsonObject("/a").keySet()));
  }

  @Test
  void nullableStringBecomesTypeArrayWithNull() {
    JsonObject schema = convertSchema("{'type':'string','nullable':true,'maxLength':5}");

    assertEquals(json("{'t':['string','null']}").get("t"), schema.get("type"));
    assertFalse(schema.containsKey("nullable"));
    assertEquals(5, schema.getInt("maxLength"));
  }

  @Test
  void aPropertyNamedNullableIsKeptAsAProperty() {
    JsonObject schema =
        convertSchema(
            "{'type':'object','properties':{'nullable':{'type':'boolean'},'name':{'type':'string'}}}");

    assertEquals(
        json("{'nullable':{'type':'boolean'},'name':{'type':'string'}}"),
        schema.getJsonObject("properties"));
  }

  @Test
  void nullableEnumAlsoAllowsNullAmongItsValues() {
    JsonObject schema = convertSchema("{'type':'string','enum':['a','b'],'nullable':true}");

    assertEquals("[\"a\",\"b\",null]", schema.getJsonArray("enum").toString());
  }

  @Test
  void nullableFalseIsDroppedAndTypeStaysSingle() {
    JsonObject schema = convertSchema("{'type':'integer','nullable':false}");

    assertEquals(json("{'type':'integer'}"), schema);
  }

  @Test
  void nullableTypeArrayGainsNullExactlyOnce() {
    assertEquals(
        json("{'t':['integer','null']}").get("t"),
        convertSchema("{'type':['integer'],'nullable':true}").get("type"));
    assertEquals(
        json("{'t':['string','null']}").get("t"),
        convertSchema("{'type':['string','null'],'nullable':true}").get("type"));
  }

  @Test
  void nullableRefBecomesAnyOfWithNull() {
    JsonObject schema = convertSchema("{'$ref':'#/components/schemas/Money','nullable':true}");

    assertEquals(json("{'anyOf':[{'$ref':'#/components/schemas/Money'},{'type':'null'}]}"), schema);
  }

  @Test
  void nullablePropertyDeepInsideTheDocumentIsConverted() {
    JsonObject document =
        json(
            "{'paths':{'/orders':{'get':{'parameters':[{'name':'cursor','in':'query',"
                + "'schema':{'type':'string','nullable':true}}]}}}}");

    JsonObject parameterSchema =
        OpenApi31Converter.convert(document, "1")
            .getJsonObject("paths")
            .getJsonObject("/orders")
            .getJsonObject("get")
            .getJsonArray("parameters")
            .getJsonObject(0)
            .getJsonObject("schema");

    assertEquals(json("{'type':['string','null']}"), parameterSchema);
  }

  @Test
  void booleanExclusiveMinimumBecomesNumericExclusiveMinimum() {
    JsonObject schema = convertSchema("{'type':'number','minimum':0,'exclusiveMinimum':true}");

    assertEquals(json("{'type':'number','exclusiveMinimum':0}"), schema);
  }

  @Test
  void booleanExclusiveMaximumBecomesNumericExclusiveMaximum() {
    JsonObject schema =
        convertSchema("{'type':'integer','maximum':100,'exclusiveMaximum':true,'minimum':1}");

    assertEquals(json("{'type':'integer','exclusiveMaximum':100,'minimum':1}"), schema);
  }

  @Test
  void falseExclusiveBoundsLeaveInclusiveBounds() {
    JsonObject schema =
        convertSchema(
            "{'type':'number','minimum':1,'exclusiveMinimum':false,"
                + "'maximum':9,'exclusiveMaximum':false}");

    assertEquals(json("{'type':'number','minimum':1,'maximum':9}"), schema);
  }

  @Test
  void numericExclusiveBoundsAreAlreadyValidAndKept() {
    JsonObject schema = convertSchema("{'type':'number','exclusiveMinimum':5}");

    assertEquals(json("{'type':'number','exclusiveMinimum':5}"), schema);
  }

  @Test
  void stringDefaultOnIntegerSchemaBecomesNumber() {
    JsonObject schema = convertSchema("{'type':'integer','default':'50'}");

    JsonNumber value = assertInstanceOf(JsonNumber.class, schema.get("default"));
    assertEquals(50, value.intValueExact());
  }

  @Test
  void stringDefaultOnNumberSchemaKeepsItsDecimals() {
    JsonObject schema = convertSchema("{'type':'number','default':'0.25'}");

    JsonNumber value = assertInstanceOf(JsonNumber.class, schema.get("default"));
    assertEquals(new BigDecimal("0.25"), value.bigDecimalValue());
  }

  @Test
  void nullableIntegerWithStringDefaultGetsBothConversions() {
    JsonObject schema = convertSchema("{'type':'integer','default':'20','nullable':true}");

    assertEquals(json("{'t':['integer','null']}").get("t"), schema.get("type"));
    assertInstanceOf(JsonNumber.class, schema.get("default"));
  }

  @Test
  void stringDefaultOnStringSchemaStaysString() {
    JsonObject schema = convertSchema("{'type':'string','default':'50'}");

    assertEquals("50", schema.getString("default"));
  }

  @Test
  void nonNumericStringDefaultOnIntegerSchemaIsLeftAlone() {
    JsonObject schema = convertSchema("{'type':'integer','default':'many'}");

    assertEquals("many", schema.getString("default"));
  }

  @Test
  void nonStandardRootFieldsAreDroppedAndExtensionsKept() {
    JsonObject document =
        json(
            "{'openapi':'3.0.3','info':{'title':'T','version':'0'},'endpoints':{'/a':['GET']},"
                + "'paths':{},'x-logo':{'url':'l.png'},'servers':[{'url':'/'}],'tags':[]}");

    JsonObject converted = OpenApi31Converter.convert(document, "1");

    assertFalse(converted.containsKey("endpoints"));
    assertEquals(json("{'url':'l.png'}"), converted.getJsonObject("x-logo"));
    assertTrue(converted.containsKey("paths"));
    assertTrue(converted.containsKey("servers"));
    assertTrue(converted.containsKey("tags"));
  }

  @Test
  void openapiVersionIsSetTo310() {
    JsonObject converted = OpenApi31Converter.convert(json("{'openapi':'3.0.3'}"), "2.4.0");

    assertEquals("3.1.0", converted.getString("openapi"));
    assertEquals(OpenApi31Converter.OPENAPI_VERSION, converted.getString("openapi"));
  }

  @Test
  void infoVersionIsReplacedAndOtherInfoFieldsKept() {
    JsonObject document =
        json("{'openapi':'3.0.3','info':{'title':'Agent Commerce','version':'1.0'}}");

    JsonObject info = OpenApi31Converter.convert(document, "2.4.0").getJsonObject("info");

    assertEquals("2.4.0", info.getString("version"));
    assertEquals("Agent Commerce", info.getString("title"));
  }

  @Test
  void missingInfoIsCreatedWithTheVersion() {
    JsonObject converted = OpenApi31Converter.convert(json("{'paths':{}}"), "7");

    assertEquals(json("{'version':'7'}"), converted.getJsonObject("info"));
  }

  @Test
  void scalarsAndArraysPassThroughUnchanged() {
    JsonObject schema =
        convertSchema(
            "{'type':'string','enum':['a','b'],'description':'d','example':'a',"
                + "'readOnly':true,'required':['x']}");

    assertEquals(
        json(
            "{'type':'string','enum':['a','b'],'description':'d','example':'a',"
                + "'readOnly':true,'required':['x']}"),
        schema);
    assertInstanceOf(JsonString.class, schema.getJsonArray("enum").get(0));
    assertEquals(JsonValue.TRUE, schema.get("readOnly"));
  }

  @Test
  void scalarComponentIsInlinedAndAnInlineCopyOfAComponentBecomesAReference() {
    JsonObject document =
        json(
            "{'openapi':'3.0.3','paths':{'/a':{'get':{'responses':{'200':{'content':{"
                + "'application/json':{'schema':{'type':'object','properties':{"
                + "'at':{'$ref':'#/components/schemas/Instant'},"
                + "'ids':{'type':'array','items':{'type':'string'}}}}}}}}}}},"
                + "'components':{'schemas':{"
                + "'Instant':{'type':'string','format':'date-time'},"
                + "'A':{'type':'object','properties':{"
                + "'at':{'$ref':'#/components/schemas/Instant','nullable':true},"
                + "'ids':{'type':'array','items':{'type':'array'}}}},"
                + "'Unused':{'type':'object','properties':{'x':{'type':'string'}}}}}}");

    JsonObject converted = OpenApi31Converter.convert(document, "1");

    JsonObject schemas = converted.getJsonObject("components").getJsonObject("schemas");
    assertEquals(java.util.Set.of("A"), schemas.keySet());
    assertEquals(
        json("{'type':['string','null'],'format':'date-time'}"),
        schemas.getJsonObject("A").getJsonObject("properties").getJsonObject("at"));
    assertEquals(
        json("{'type':'string'}"),
        schemas
            .getJsonObject("A")
            .getJsonObject("properties")
            .getJsonObject("ids")
            .getJsonObject("items"));
    assertEquals(
        "#/components/schemas/A",
        converted
            .getValue("/paths/~1a/get/responses/200/content/application~1json/schema/$ref")
            .toString()
            .replace("\"", ""));
  }

  /**
   * A component that admits any JSON value (JsonValue mapped to a description only) is written
   * where it is used, with the use's own description, and a nullable use is not wrapped in anyOf
   * (generated clients read it as any; a reference to it did not compile in typescript-fetch).
   */
  @Test
  void anUntypedComponentIsInlinedAsAnyValueWithTheUsesDescription() {
    JsonObject document =
        json(
            "{'openapi':'3.0.3','paths':{'/a':{'post':{'requestBody':{'content':{"
                + "'application/json':{'schema':{'$ref':'#/components/schemas/B'}}}},"
                + "'responses':{'200':{'description':'ok'}}}}},"
                + "'components':{'schemas':{"
                + "'JsonValue':{'description':'any'},"
                + "'B':{'type':'object','properties':{"
                + "'ref':{'$ref':'#/components/schemas/JsonValue','description':'an id or an"
                + " object','nullable':true},"
                + "'geo':{'description':'a country or an object','nullable':true}}}}}}");

    JsonObject converted = OpenApi31Converter.convert(document, "1");

    JsonObject schemas = converted.getJsonObject("components").getJsonObject("schemas");
    assertEquals(java.util.Set.of("B"), schemas.keySet());
    JsonObject properties = schemas.getJsonObject("B").getJsonObject("properties");
    assertEquals(json("{'description':'an id or an object'}"), properties.getJsonObject("ref"));
    assertEquals(json("{'description':'a country or an object'}"), properties.getJsonObject("geo"));
  }
}
