package org.agentcommerce.packs.interfaces.rest;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * The parts of a pack request that take two shapes: {@code geo} (a country code, or the origin
 * service's object {@code {country, postal_code?, city?, state?}}) and each evidence's {@code ref}
 * (a string, or an object naming the evidence). Checked here with the same 422 as a bound member.
 */
final class PackInput {

  /** The object geo's members and their longest values; country is required. */
  private static final Map<String, Integer> GEO =
      Map.of("country", 2, "postal_code", 20, "city", 100, "state", 100);

  /** Longest string ref, and longest object ref as JSON text. */
  static final int REF_TEXT = 64;

  static final int REF_OBJECT = 1000;

  /** A geo as sent: its country ({@code geo} of the content) and, for the object, the location. */
  record Geo(String country, PackContent.Location location) {}

  private PackInput() {}

  /** The geo a request sent, {@code US} when absent. */
  static Geo geo(JsonValue geo) {
    if (geo == null || geo.getValueType() == JsonValue.ValueType.NULL) {
      return new Geo("US", null);
    }
    if (geo instanceof JsonString s) {
      if (s.getString().length() > 8) {
        throw invalid(
            List.of("body", "geo"), "String should have at most 8 characters", "string_too_long");
      }
      return new Geo(s.getString(), null);
    }
    if (!(geo instanceof JsonObject o)) {
      throw invalid(
          List.of("body", "geo"),
          "Input should be a country code or an object {country, postal_code, city, state}",
          "model_type");
    }
    List<InvalidInputException.Violation> errors = new ArrayList<>();
    for (Map.Entry<String, JsonValue> m : o.entrySet()) {
      List<Object> loc = List.of("body", "geo", m.getKey());
      Integer longest = GEO.get(m.getKey());
      if (longest == null) {
        errors.add(
            new InvalidInputException.Violation(
                loc, "Extra inputs are not permitted", "extra_forbidden"));
      } else if (m.getValue().getValueType() == JsonValue.ValueType.NULL) {
        continue;
      } else if (!(m.getValue() instanceof JsonString s)) {
        errors.add(
            new InvalidInputException.Violation(
                loc, "Input should be a valid string", "string_type"));
      } else if (s.getString().length() > longest) {
        errors.add(
            new InvalidInputException.Violation(
                loc, "String should have at most " + longest + " characters", "string_too_long"));
      }
    }
    if (!(o.get("country") instanceof JsonString)) {
      errors.add(
          new InvalidInputException.Violation(
              List.of("body", "geo", "country"), "Field required", "missing"));
    }
    if (!errors.isEmpty()) {
      throw new InvalidInputException(errors);
    }
    return new Geo(
        o.getString("country"),
        new PackContent.Location(
            o.getString("country"), text(o, "postal_code"), text(o, "city"), text(o, "state")));
  }

  private static String text(JsonObject o, String name) {
    return o.get(name) instanceof JsonString s ? s.getString() : null;
  }

  /** 422 when an evidence ref is not a short string or a small object. */
  static void checkRefs(List<PackContent.Recommendation> recommendations) {
    if (recommendations == null) {
      return;
    }
    List<InvalidInputException.Violation> errors = new ArrayList<>();
    for (int i = 0; i < recommendations.size(); i++) {
      List<PackContent.Claim> claims = recommendations.get(i).claims();
      for (int j = 0; j < claims.size(); j++) {
        List<PackContent.Evidence> evidence = claims.get(j).evidence();
        for (int k = 0; k < evidence.size(); k++) {
          JsonValue ref = evidence.get(k).ref();
          List<Object> loc =
              List.of("body", "recommendations", i, "claims", j, "evidence", k, "ref");
          if (ref == null || ref.getValueType() == JsonValue.ValueType.NULL) {
            continue;
          }
          if (ref instanceof JsonString s) {
            if (s.getString().length() > REF_TEXT) {
              errors.add(
                  new InvalidInputException.Violation(
                      loc,
                      "String should have at most " + REF_TEXT + " characters",
                      "string_too_long"));
            }
          } else if (!(ref instanceof JsonObject)) {
            errors.add(
                new InvalidInputException.Violation(
                    loc, "Input should be a string or an object", "model_type"));
          } else if (ref.toString().length() > REF_OBJECT) {
            errors.add(
                new InvalidInputException.Violation(
                    loc,
                    "Object should be at most " + REF_OBJECT + " characters as JSON",
                    "too_long"));
          }
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new InvalidInputException(errors);
    }
  }

  private static InvalidInputException invalid(List<Object> loc, String msg, String type) {
    return new InvalidInputException(new InvalidInputException.Violation(loc, msg, type));
  }
}
