package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.security.AcpProtocol;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The Agentic Commerce Protocol's request rules and error shape for {@link AcpProtocol} operations,
 * after authentication (the agent platform's key) and before idempotency:
 *
 * <ul>
 *   <li>{@code API-Version} required and one of {@code ac.acp.api-versions} (400 {@code
 *       missing_api_version} / {@code unsupported_api_version});
 *   <li>{@code Idempotency-Key} required on POST, 1–255 characters (400 {@code
 *       idempotency_key_required});
 *   <li>{@code Signature} (base64 HMAC-SHA256 of {@code Timestamp + "." + raw body} with the agent
 *       platform's key {@code ac.acp.signing-key.<agent_id>}) verified when sent, and required on
 *       every request of a platform that has a key, with {@code Timestamp} (RFC 3339) within {@code
 *       ac.acp.signature-tolerance}: 401 {@code invalid_signature} otherwise;
 *   <li>every error body of ours ({@code {"detail": …}}) rewritten to {@code {type, code, message,
 *       param?}} (a validation 422 becomes 400 {@code invalid_request} with the JSONPath of the
 *       first field; {@code idempotency_conflict} is 422 as the protocol says; an approval's {@code
 *       approve_url} (HIL_REQUIRED) is appended to the message).
 * </ul>
 */
@Provider
@AcpProtocol
@Priority(Priorities.AUTHENTICATION + 500)
public class AcpProtocolFilter implements ContainerRequestFilter, ContainerResponseFilter {

  public static final String API_VERSION = "API-Version";
  public static final String REQUEST_ID = "Request-Id";
  public static final String SIGNATURE = "Signature";
  public static final String TIMESTAMP = "Timestamp";

  @Inject Caller caller;

  @Override
  public void filter(ContainerRequestContext request) {
    String version = request.getHeaderString(API_VERSION);
    if (version == null || version.isBlank()) {
      throw error(400, "missing_api_version", "The API-Version header is required.", null);
    }
    List<String> supported =
        List.of(config("ac.acp.api-versions").orElse("2026-04-17").split("\\s*,\\s*"));
    if (!supported.contains(version.trim())) {
      throw error(
          400,
          "unsupported_api_version",
          "API-Version " + version.trim() + " is not supported; supported: " + supported + ".",
          null);
    }
    if ("POST".equals(request.getMethod())) {
      String key = request.getHeaderString(IdempotencyFilter.HEADER);
      if (key == null || key.isEmpty() || key.length() > 255) {
        throw error(
            400,
            "idempotency_key_required",
            "Idempotency-Key header is required (1 to 255 characters).",
            null);
      }
    }
    String signature = request.getHeaderString(SIGNATURE);
    Optional<String> key =
        config("ac.acp.signing-key." + caller.agentId()).filter(k -> !k.isBlank());
    if (signature != null) {
      verify(request, signature.trim(), key);
    } else if (key.isPresent()) {
      // A platform with a signing key signs every request: an unsigned one is not from it.
      throw invalidSignature(
          "This agent platform signs its requests: Signature and Timestamp are required.");
    }
  }

  private void verify(ContainerRequestContext request, String signature, Optional<String> key) {
    String timestamp = request.getHeaderString(TIMESTAMP);
    if (timestamp == null || timestamp.isBlank()) {
      throw invalidSignature("A signed request needs its Timestamp header.");
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(timestamp.trim()).toInstant();
    } catch (DateTimeParseException e) {
      throw invalidSignature("Timestamp must be an RFC 3339 date-time.");
    }
    Duration tolerance =
        config("ac.acp.signature-tolerance").map(Duration::parse).orElse(Duration.ofMinutes(5));
    if (Duration.between(at, Instant.now()).abs().compareTo(tolerance) > 0) {
      throw invalidSignature("Timestamp outside the allowed window.");
    }
    if (key.isEmpty()) {
      throw invalidSignature("No signing key is configured for this agent platform.");
    }
    byte[] body = readBody(request);
    byte[] expected;
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.get().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp.trim() + ".").getBytes(StandardCharsets.UTF_8));
      expected = mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
    byte[] given;
    try {
      given =
          signature.contains("-") || signature.contains("_")
              ? Base64.getUrlDecoder().decode(signature)
              : Base64.getDecoder().decode(signature);
    } catch (IllegalArgumentException e) {
      throw invalidSignature("Signature must be base64.");
    }
    if (!MessageDigest.isEqual(expected, given)) {
      throw invalidSignature("Signature verification failed.");
    }
  }

  private static byte[] readBody(ContainerRequestContext request) {
    try (InputStream in = request.getEntityStream()) {
      byte[] body = in == null ? new byte[0] : in.readAllBytes();
      request.setEntityStream(new ByteArrayInputStream(body));
      return body;
    } catch (IOException e) {
      throw error(400, "invalid_request", "The request body could not be read.", null);
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String requestId = request.getHeaderString(REQUEST_ID);
    if (requestId != null && !requestId.isBlank() && requestId.length() <= 255) {
      response.getHeaders().putSingle(REQUEST_ID, requestId);
    }
    String key = request.getHeaderString(IdempotencyFilter.HEADER);
    if (key != null && !key.isEmpty() && key.length() <= 255) {
      response.getHeaders().putSingle(IdempotencyFilter.HEADER, key);
    }
    if (response.getStatus() < 400) {
      return;
    }
    JsonValue body = json(response.getEntity());
    if (!(body instanceof JsonObject o) || !o.containsKey("detail")) {
      return; // already in the protocol's shape (or no body)
    }
    int status = response.getStatus();
    Map<String, Object> error = new LinkedHashMap<>();
    String code;
    String message;
    String param = null;
    if (o.get("detail") instanceof JsonArray violations) {
      status = 400;
      code = "invalid_request";
      JsonObject first = violations.isEmpty() ? null : violations.getJsonObject(0);
      message = first == null ? "The request is invalid." : first.getString("msg", "invalid");
      param = first == null ? null : jsonPath(first.getJsonArray("loc"));
    } else {
      JsonObject detail = o.getJsonObject("detail");
      code = detail.getString("error", "error");
      message = detail.getString("message", code);
      if (detail.get("param") instanceof jakarta.json.JsonString p) {
        param = p.getString();
      }
      if (detail.get("approval") instanceof JsonObject approval
          && approval.get("approve_url") instanceof jakarta.json.JsonString url) {
        // The protocol's error has no field for it: the buyer's approval page goes in the message.
        message = message + " approve_url: " + url.getString();
      }
    }
    if ("idempotency_conflict".equals(code)) {
      status = 422;
    }
    error.put(
        "type",
        status == 503
            ? "service_unavailable"
            : status >= 500 ? "processing_error" : "invalid_request");
    error.put("code", code);
    error.put("message", message);
    if (param != null) {
      error.put("param", param);
    }
    response.setStatus(status);
    response.setEntity(error, response.getEntityAnnotations(), MediaType.APPLICATION_JSON_TYPE);
  }

  /** {@code ["body","buyer","email"]} → {@code $.buyer.email}; headers and paths → null. */
  private static String jsonPath(JsonArray loc) {
    if (loc == null || loc.isEmpty() || !"body".equals(loc.getString(0, ""))) {
      return null;
    }
    StringBuilder path = new StringBuilder("$");
    for (int i = 1; i < loc.size(); i++) {
      JsonValue v = loc.get(i);
      if (v.getValueType() == JsonValue.ValueType.NUMBER) {
        path.append('[').append(v).append(']');
      } else if (v instanceof jakarta.json.JsonString s) {
        path.append('.').append(s.getString());
      }
    }
    return path.toString();
  }

  private static JsonValue json(Object entity) {
    try {
      String text;
      if (entity instanceof String s) {
        text = s;
      } else if (entity instanceof Map<?, ?> m) {
        text = org.agentcommerce.platform.api.WireJson.jsonb().toJson(m);
      } else {
        return null;
      }
      try (var reader = Jsonp.PROVIDER.createReader(new StringReader(text))) {
        return reader.readValue();
      }
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static Optional<String> config(String name) {
    return ConfigProvider.getConfig().getOptionalValue(name, String.class);
  }

  private static ApiException invalidSignature(String message) {
    return error(401, "invalid_signature", message, null);
  }

  private static ApiException error(int status, String code, String message, String param) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    if (param != null) {
      ctx.put("param", param);
    }
    return new ApiException(status, code, message, ctx, Map.of());
  }
}
