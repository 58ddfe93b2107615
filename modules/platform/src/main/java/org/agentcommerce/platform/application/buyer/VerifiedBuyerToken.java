package org.agentcommerce.platform.application.buyer;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;

/** A buyer token whose signature, issuer, audience and validity window were verified. */
public final class VerifiedBuyerToken implements JsonWebToken {

  private final String raw;
  private final JwtClaims claims;

  public VerifiedBuyerToken(String raw, JwtClaims claims) {
    this.raw = raw;
    this.claims = claims;
  }

  @Override
  public String getName() {
    for (String name : List.of("upn", "preferred_username", "sub")) {
      Object value = claims.getClaimValue(name);
      if (value instanceof String s && !s.isBlank()) {
        return s;
      }
    }
    return null;
  }

  @Override
  public Set<String> getClaimNames() {
    Set<String> names = new LinkedHashSet<>(claims.getClaimNames());
    names.add(Claims.raw_token.name());
    return names;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T getClaim(String name) {
    if (Claims.raw_token.name().equals(name)) {
      return (T) raw;
    }
    Object value = claims.getClaimValue(name);
    if (value == null) {
      return null;
    }
    try {
      if (name.equals("aud") || name.equals("groups")) {
        return (T)
            (value instanceof String single
                ? Set.of(single)
                : Set.copyOf(claims.getStringListClaimValue(name)));
      }
      if (name.equals("exp")
          || name.equals("iat")
          || name.equals("nbf")
          || name.equals("auth_time")) {
        return (T) Long.valueOf(((Number) value).longValue());
      }
    } catch (MalformedClaimException e) {
      return null;
    }
    if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
      return (T) toJson(value);
    }
    return (T) value;
  }

  private static JsonValue toJson(Object value) {
    if (value instanceof Map<?, ?> map) {
      var builder = Json.createObjectBuilder();
      map.forEach((k, v) -> builder.add(String.valueOf(k), toJson(v)));
      return builder.build();
    }
    if (value instanceof Collection<?> list) {
      var builder = Json.createArrayBuilder();
      list.forEach(v -> builder.add(toJson(v)));
      return builder.build();
    }
    if (value == null) {
      return JsonValue.NULL;
    }
    if (value instanceof Boolean b) {
      return b ? JsonValue.TRUE : JsonValue.FALSE;
    }
    if (value instanceof Number n) {
      return Json.createValue(new java.math.BigDecimal(n.toString()));
    }
    return Json.createValue(String.valueOf(value));
  }
}
