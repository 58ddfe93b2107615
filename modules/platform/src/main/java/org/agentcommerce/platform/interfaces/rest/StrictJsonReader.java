package org.agentcommerce.platform.interfaces.rest;

import jakarta.annotation.Priority;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.CharacterCodingException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Utf8;

/**
 * Holds JSON request bodies bound to our DTOs to exactly one JSON value: trailing content after it
 * ({@code {"a":1} {"b":2}}) is a 422, and so is an array where an object is expected (a one-element
 * array would otherwise bind as its element), and a value nested deeper than {@value #MAX_DEPTH}
 * levels (the binders recurse per level: a deep enough body overflowed the stack, a 500). A body
 * read as a JSON-P array must be one (422 list_type otherwise) and well-formed (422 json_invalid);
 * a JSON-P body that is empty is a 422 missing, as a bound DTO's is (the runtime's JSON-P reader
 * answered it with a 500). Every such body must be UTF-8: invalid bytes are a 422, not silently
 * U+FFFD. Other bodies read as text or as streams (the tool doors' JSON-RPC, signed webhooks) are
 * left to their readers, which answer in their own protocol.
 */
@Provider
@Priority(Priorities.ENTITY_CODER)
public class StrictJsonReader implements ReaderInterceptor {

  /** Deepest nesting of arrays and objects a request body may have. */
  static final int MAX_DEPTH = 64;

  private static final jakarta.json.spi.JsonProvider JSON =
      org.agentcommerce.platform.api.Jsonp.PROVIDER;

  @Override
  public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
    Class<?> type = context.getType();
    boolean arrayOnly = type == jakarta.json.JsonArray.class;
    // JSON-P bodies (JsonValue, JsonObject, JsonArray) are parsed by the runtime's reader, which
    // answers malformed or deeply nested input with a 500: checked strictly here first.
    boolean jsonp = jakarta.json.JsonValue.class.isAssignableFrom(type);
    if (!isJson(context.getMediaType()) || (readsItsOwnJson(type) && !jsonp)) {
      return context.proceed();
    }
    byte[] body = context.getInputStream().readAllBytes();
    context.setInputStream(new ByteArrayInputStream(body));
    check(utf8(body), expectsArray(type), arrayOnly, jsonp);
    return context.proceed();
  }

  /** The body as text; 422 when it is not UTF-8 (RFC 8259: JSON on the wire is UTF-8). */
  private static String utf8(byte[] body) {
    try {
      return Utf8.strict(body);
    } catch (CharacterCodingException e) {
      throw invalid("The body is not valid UTF-8", "json_invalid");
    }
  }

  /**
   * Throws 422 unless {@code text} is one JSON value (or empty) of the expected kind: not an array
   * unless {@code arrayExpected}, and only an array when {@code arrayOnly}.
   */
  static void check(String text, boolean arrayExpected, boolean arrayOnly) {
    check(text, arrayExpected, arrayOnly, arrayOnly);
  }

  /**
   * As above; {@code strictSyntax}: malformed JSON and an empty body are refused here (422), not
   * left to a reader (the JSON-P body reader's parser fails on both with a 500).
   */
  static void check(String text, boolean arrayExpected, boolean arrayOnly, boolean strictSyntax) {
    if (text.isBlank()) {
      if (strictSyntax) {
        throw invalid("Field required: send a JSON body", "missing");
      }
      return; // the resource says that a body is required
    }
    try (JsonParser parser = JSON.createParser(new StringReader(text))) {
      JsonParser.Event first;
      try {
        first = parser.next();
        skipValue(parser, first);
      } catch (InvalidInputException tooDeep) {
        throw tooDeep;
      } catch (RuntimeException malformed) {
        if (strictSyntax) {
          throw invalid("JSON decode error", "json_invalid");
        }
        return; // the JSON-B reader reports malformed JSON with its position, as before
      }
      if (first == JsonParser.Event.START_ARRAY && !arrayExpected) {
        throw invalid("Input should be a JSON object, not an array", "model_type");
      }
      if (first != JsonParser.Event.START_ARRAY && arrayOnly) {
        throw invalid("Input should be a valid list", "list_type");
      }
      boolean more;
      try {
        more = parser.hasNext();
      } catch (RuntimeException trailing) {
        more = true; // the parser refuses what follows the value
      }
      if (more) {
        throw invalid("Extra data after the JSON value", "json_invalid");
      }
    }
  }

  /** Reads past the value that began with {@code first}, refusing one nested too deep. */
  private static void skipValue(JsonParser parser, JsonParser.Event first) {
    int depth = 0;
    JsonParser.Event event = first;
    while (true) {
      switch (event) {
        case START_ARRAY, START_OBJECT -> {
          if (++depth > MAX_DEPTH) {
            throw invalid("JSON is nested deeper than " + MAX_DEPTH + " levels", "json_invalid");
          }
        }
        case END_ARRAY, END_OBJECT -> depth--;
        default -> {}
      }
      if (depth == 0) {
        return;
      }
      event = parser.next();
    }
  }

  private static InvalidInputException invalid(String msg, String type) {
    return new InvalidInputException(
        new InvalidInputException.Violation(List.of("body"), msg, type));
  }

  private static boolean isJson(MediaType mediaType) {
    return mediaType != null
        && (mediaType.isCompatible(MediaType.APPLICATION_JSON_TYPE)
            || mediaType.getSubtype().endsWith("+json"));
  }

  private static boolean readsItsOwnJson(Class<?> type) {
    return type == String.class
        || type == byte[].class
        || InputStream.class.isAssignableFrom(type)
        || jakarta.json.JsonValue.class.isAssignableFrom(type)
        || type == Object.class;
  }

  private static boolean expectsArray(Class<?> type) {
    return type.isArray()
        || Collection.class.isAssignableFrom(type)
        || (!Map.class.isAssignableFrom(type) && type.isInterface());
  }
}
