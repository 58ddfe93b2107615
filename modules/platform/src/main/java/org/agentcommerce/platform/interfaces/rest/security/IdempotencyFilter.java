package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.agentcommerce.platform.application.ApiKeys;
import org.agentcommerce.platform.application.idempotency.IdempotencyClaim;
import org.agentcommerce.platform.application.idempotency.IdempotencyService;
import org.agentcommerce.platform.application.idempotency.IdempotentExecution;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Idempotency for {@link Idempotent} operations, after authentication and the buyer gate. The key
 * comes from the {@code Idempotency-Key} header or the body's {@code idempotency_key}. It is scoped
 * to the agent and the operation (HTTP method and matched resource template, however the path is
 * spelled). The request's fingerprint is the operation, its path parameters, its query (every name
 * with all its values, in order), the key's merchant scope, the verified buyer and {@code
 * X-Buyer-Ref}, and the canonical JSON body (members sorted), so formatting differences are the
 * same request and anything that changes who acts or on what is another.
 *
 * <p>The claim is completed with the operation's work by {@code IdempotencyInterceptor}; this
 * filter settles what the operation did not complete: it stores client errors, releases the key
 * after authorization refusals and server errors, and for operations with outside effects leaves a
 * server error's key for reconciliation.
 */
@Provider
@Idempotent
@Priority(Priorities.AUTHORIZATION + 100)
public class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

  private static final jakarta.json.spi.JsonProvider JSON =
      org.agentcommerce.platform.api.Jsonp.PROVIDER;

  public static final String HEADER = "Idempotency-Key";
  public static final String REPLAYED_HEADER = "Idempotent-Replayed";
  private static final int MAX_KEY_LENGTH = 255;

  @Inject IdempotencyService idempotency;
  @Inject IdempotencyClaim claim;
  @Inject Tracing tracing;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Context ResourceInfo resource;

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
    String operation = request.getMethod() + " " + template();
    String fingerprint = fingerprint(request, operation, json, body);
    boolean outsideEffects = annotation().outsideEffects();
    IdempotencyService.Decision decision;
    try (TraceSpan span = tracing.start("idempotency.claim").attribute("ac.operation", operation)) {
      decision =
          idempotency.begin(
              caller.agentId(), operation, key, ApiKeys.hash(fingerprint), outsideEffects);
      span.attribute(
          "ac.idempotency.decision",
          decision instanceof IdempotencyService.Replay ? "replay" : "proceed");
    }
    if (decision instanceof IdempotencyService.Replay replay) {
      request.abortWith(replay(replay));
    } else if (decision instanceof IdempotencyService.Proceed proceed) {
      claim.hold(proceed, outsideEffects);
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    IdempotencyService.Proceed held = claim.held();
    if (held == null) {
      return;
    }
    try {
      if (claim.settled()) {
        return;
      }
      int status = response.getStatus();
      if (status >= 500) {
        if (claim.outsideEffects()) {
          idempotency.markOutcomeUnknown(held);
        } else {
          idempotency.release(held);
        }
      } else if (status == 401 || status == 403) {
        idempotency.release(held); // authorization refusals are never replayed
      } else {
        // A refusal (4xx) thrown by the operation: its transaction rolled back, nothing changed.
        idempotency.completeAlone(
            held,
            status,
            IdempotentExecution.storedBody(response.getEntity()),
            IdempotentExecution.storedHeaders(response.getMediaType(), response::getHeaderString));
      }
    } finally {
      idempotency.letGo(held);
      claim.hold(null, false);
    }
  }

  private static Response replay(IdempotencyService.Replay replay) {
    Response.ResponseBuilder answer =
        Response.status(replay.status())
            .type(MediaType.APPLICATION_JSON_TYPE)
            .entity(replay.body())
            .header(REPLAYED_HEADER, "true");
    if (replay.headers() != null) {
      try (var reader = JSON.createReader(new StringReader(replay.headers()))) {
        reader
            .readObject()
            .forEach(
                (name, value) -> {
                  String v = ((JsonString) value).getString();
                  if ("Content-Type".equalsIgnoreCase(name)) {
                    answer.type(v); // one Content-Type: the stored one replaces the default
                  } else {
                    answer.header(name, v);
                  }
                });
      }
    }
    return answer.build();
  }

  private Idempotent annotation() {
    Method method = resource.getResourceMethod();
    Idempotent onMethod = method == null ? null : method.getAnnotation(Idempotent.class);
    return onMethod != null
        ? onMethod
        : resource.getResourceClass().getAnnotation(Idempotent.class);
  }

  /** The matched resource template, e.g. {@code /agent/v1/briefs/build}. */
  private String template() {
    Path onClass = resource.getResourceClass().getAnnotation(Path.class);
    Method method = resource.getResourceMethod();
    Path onMethod = method == null ? null : method.getAnnotation(Path.class);
    String joined =
        "/"
            + (onClass == null ? "" : onClass.value())
            + "/"
            + (onMethod == null ? "" : onMethod.value());
    String normalized = joined.replaceAll("/+", "/");
    return normalized.length() > 1 && normalized.endsWith("/")
        ? normalized.substring(0, normalized.length() - 1)
        : normalized;
  }

  /** An unambiguous JSON rendering of everything that makes this request this request. */
  private String fingerprint(
      ContainerRequestContext request, String operation, JsonValue json, byte[] body) {
    JsonObjectBuilder who = JSON.createObjectBuilder();
    JsonArrayBuilder scope = JSON.createArrayBuilder();
    new TreeSet<>(caller.merchantScope()).forEach(scope::add);
    who.add("merchant_scope", scope);
    JsonWebToken token = buyer.token().orElse(null);
    if (token != null) {
      who.add("buyer_iss", String.valueOf(token.getIssuer()));
      who.add("buyer_sub", String.valueOf(token.getSubject()));
    }
    String buyerRef = request.getHeaderString(AuthenticationFilter.BUYER_REF_HEADER);
    if (buyerRef != null) {
      who.add("buyer_ref", buyerRef.trim());
    }
    JsonObjectBuilder fingerprint = JSON.createObjectBuilder();
    fingerprint.add("operation", operation);
    fingerprint.add("path", parameters(request.getUriInfo().getPathParameters(true)));
    fingerprint.add("query", parameters(request.getUriInfo().getQueryParameters(true)));
    fingerprint.add("who", who);
    if (json != null) {
      fingerprint.add("body", canonical(json));
    } else if (body.length > 0) {
      fingerprint.add("raw_body", Base64.getEncoder().encodeToString(body));
    }
    return fingerprint.build().toString();
  }

  /** Names sorted; each name's values in the order sent, as a list. */
  private static JsonObject parameters(MultivaluedMap<String, String> parameters) {
    JsonObjectBuilder out = JSON.createObjectBuilder();
    for (Map.Entry<String, List<String>> e : new TreeMap<>(parameters).entrySet()) {
      JsonArrayBuilder values = JSON.createArrayBuilder();
      e.getValue().forEach(values::add);
      out.add(e.getKey(), values);
    }
    return out.build();
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

  /**
   * The body as one JSON value, or null when it is empty, not JSON or followed by more content (the
   * resource will say why; the fingerprint then uses the bytes).
   */
  private static JsonValue parse(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try (JsonParser parser =
        JSON.createParser(new StringReader(new String(body, StandardCharsets.UTF_8)))) {
      if (!parser.hasNext()) {
        return null;
      }
      parser.next();
      JsonValue value = parser.getValue();
      return parser.hasNext() ? null : value;
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  /** The same JSON with object members sorted by name, at every depth. */
  static JsonValue canonical(JsonValue value) {
    if (value instanceof JsonObject object) {
      JsonObjectBuilder out = JSON.createObjectBuilder();
      new TreeMap<>(object).forEach((k, v) -> out.add(k, canonical(v)));
      return out.build();
    }
    if (value instanceof JsonArray array) {
      JsonArrayBuilder out = JSON.createArrayBuilder();
      array.forEach(v -> out.add(canonical(v)));
      return out.build();
    }
    return value;
  }
}
