package org.agentcommerce.checkout.infrastructure.placement;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn.Line;
import org.agentcommerce.platform.api.Jsonp;

/** A return's lines as the tables store them: {@code [{variant_id?, quantity, reason?}]}. */
public final class ReturnLines {

  private ReturnLines() {}

  public static String toJson(List<Line> lines) {
    JsonArrayBuilder a = Jsonp.PROVIDER.createArrayBuilder();
    for (Line l : lines) {
      JsonObjectBuilder o = Jsonp.PROVIDER.createObjectBuilder().add("quantity", l.quantity());
      if (l.variantId() != null) {
        o.add("variant_id", l.variantId());
      }
      if (l.reason() != null) {
        o.add("reason", l.reason());
      }
      a.add(o);
    }
    return a.build().toString();
  }

  /** Lines read back from {@link #toJson}. */
  public static List<Line> fromJson(String json) {
    List<Line> out = new ArrayList<>();
    try (JsonReader r = Jsonp.PROVIDER.createReader(new StringReader(json))) {
      for (JsonValue v : r.readArray()) {
        JsonObject o = v.asJsonObject();
        out.add(
            new Line(
                o.getString("variant_id", null),
                o.getInt("quantity"),
                o.getString("reason", null)));
      }
    }
    return out;
  }
}
