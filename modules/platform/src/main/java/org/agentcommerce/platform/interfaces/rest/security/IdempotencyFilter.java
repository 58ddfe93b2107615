package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeMap;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.agentcommerce.platform.application.ApiKeys;
import org.agentcommerce.platform.application.idempotency.IdempotencyService;
import org.agentcommerce.platform.interfaces.rest.JsonbProvider;

/**
 * Idempotency for {@link Idempotent} operations: the key comes from the {@code Idempotency-Key}
 * header or the body's {@code idempotency_key}; the request is identified by its method, path,
 * query and canonical JSON body (keys sorted), so formatting differences are the same request.
 */
@Provider
@Idempotent
@Priority(Priorities.AUTHORIZATION + 100)
public class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

  private static final jakarta.json.spi.JsonProvider JSON =
      org.agentcommerce.platform.api.Jsonp.PROVIDER;

  public static final String HEADER = "Idempotency-Key";
  public static final String REPLAYED_HEADER = "Idempotent-Replayed";
  private static final String RECORD = "org.agentcommerce.idempotency-record";
  private static final int MAX_KEY_LENGTH = 255;

  @Inject IdempotencyService idempotency;
  @Inject Caller caller;

  @Override
  public void filter(ContainerRequestContext request) {
    byte[] body = readBody(request);
    JsonValue json = parse(body);
    String key = request.getHeaderString(HEADER);
    List<Object> loc = List.of("header", HEADER);
    if ((key == null || key.isEmpty())
        && json instanceof JsonObject object
        && object.get("idempotency_key") instanceof JsonString bodyKey) {
      key = bodyKey.getString();
      loc = List.of("body", "idempotency_key");
    }
    if (key == null || key.isEmpty()) {
      return;
    }
    if (key.length() > MAX_KEY_LENGTH || key.isBlank()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "An idempotency key has 1 to 255 visible characters", "string_too_long"));
    }
    String fingerprint =
        request.getMethod()
            + " "
            + request.getUriInfo().getRequestUri().getRawPath()
            + "?"
            + canonicalQuery(request)
            + "\n"
            + (json == null
                ? new String(body, StandardCharsets.UTF_8)
                : canonical(json).toString());
    String operation = request.getMethod() + " " + request.getUriInfo().getPath();
    IdempotencyService.Decision decision =
        idempotency.begin(caller.agentId(), operation, key, ApiKeys.hash(fingerprint));
    if (decision instanceof IdempotencyService.Replay replay) {
      request.abortWith(
          Response.status(replay.status())
              .type(MediaType.APPLICATION_JSON_TYPE)
              .entity(replay.body())
              .header(REPLAYED_HEADER, "true")
              .build());
    } else if (decision instanceof IdempotencyService.Proceed proceed) {
      request.setProperty(RECORD, proceed.recordId());
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(RECORD) instanceof String recordId)) {
      return;
    }
    request.removeProperty(RECORD);
    Object entity = response.getEntity();
    String body =
        entity == null
            ? null
            : entity instanceof String s ? s : JsonbProvider.jsonb().toJson(entity);
    idempotency.finish(recordId, response.getStatus(), body);
  }

  private static byte[] readBody(ContainerRequestContext request) {
    if (!request.hasEntity()) {
      return new byte[0];
    }
    try {
      byte[] body = request.getEntityStream().readAllBytes();
      request.setEntityStream(new ByteArrayInputStream(body));
      return body;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The body as JSON, or null when it is empty or not JSON (the resource will say why). */
  private static JsonValue parse(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try (var reader =
        JSON.createReader(new StringReader(new String(body, StandardCharsets.UTF_8)))) {
      JsonStructure structure = reader.read();
      return structure;
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  private static String canonicalQuery(ContainerRequestContext request) {
    return new TreeMap<>(request.getUriInfo().getQueryParameters()).toString();
  }

  /** The same JSON with object members sorted by name, at every depth. */
  static JsonValue canonical(JsonValue value) {
    if (value instanceof JsonObject object) {
      JsonObjectBuilder out = Json.createObjectBuilder();
      new TreeMap<>(object).forEach((k, v) -> out.add(k, canonical(v)));
      return out.build();
    }
    if (value instanceof JsonArray array) {
      JsonArrayBuilder out = Json.createArrayBuilder();
      array.forEach(v -> out.add(canonical(v)));
      return out.build();
    }
    return value;
  }
}
