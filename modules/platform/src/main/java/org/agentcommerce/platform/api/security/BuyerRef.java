package org.agentcommerce.platform.api.security;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * A buyer reference an agent uses for its own buyers: {@code guest:<uuid>} before login, {@code
 * user:<public_id>} after. Validated on the way in; stored as given (UUIDs lower-cased).
 */
public record BuyerRef(String kind, String id) {

  private static final Pattern PUBLIC_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** What a reference looks like, as the OpenAPI document states it. */
  public static final String WIRE_PATTERN =
      "^(guest:[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
          + "|user:[A-Za-z0-9][A-Za-z0-9._-]{0,63})$";

  public static final String GUEST = "guest";
  public static final String USER = "user";

  /** Parses a reference, or explains in one sentence why it is not one. */
  public static Optional<BuyerRef> parse(String value, List<Object> loc) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    int colon = value.indexOf(':');
    String kind = colon < 0 ? "" : value.substring(0, colon);
    String id = colon < 0 ? "" : value.substring(colon + 1);
    if (GUEST.equals(kind)) {
      try {
        UUID uuid = UUID.fromString(id);
        if (uuid.toString().equalsIgnoreCase(id)) {
          return Optional.of(new BuyerRef(GUEST, uuid.toString()));
        }
      } catch (IllegalArgumentException ignored) {
        // falls through to the error below
      }
      throw invalid(loc, "guest references are guest:<uuid>");
    }
    if (USER.equals(kind)) {
      if (PUBLIC_ID.matcher(id).matches()) {
        return Optional.of(new BuyerRef(USER, id));
      }
      throw invalid(
          loc, "user references are user:<public_id> with 1-64 letters, digits, '.', '_' or '-'");
    }
    throw invalid(loc, "a buyer reference is guest:<uuid> or user:<public_id>");
  }

  /** Parses a reference that must be present. */
  public static BuyerRef require(String value, List<Object> loc) {
    return parse(value, loc)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    new InvalidInputException.Violation(loc, "Field required", "missing")));
  }

  private static InvalidInputException invalid(List<Object> loc, String msg) {
    return new InvalidInputException(
        new InvalidInputException.Violation(
            loc, "Invalid buyer reference: " + msg, "value_error.buyer_ref"));
  }

  @Override
  public String toString() {
    return kind + ":" + id;
  }
}
