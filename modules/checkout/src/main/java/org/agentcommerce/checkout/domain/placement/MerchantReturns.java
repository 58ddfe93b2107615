package org.agentcommerce.checkout.domain.placement;

import java.time.Instant;
import java.util.List;

/**
 * Reads the returns a merchant's platform holds for an order we placed there (the SPI beside {@link
 * MerchantOrderConnector}; a platform without one answers {@code pending_external_platform}).
 */
public interface MerchantReturns {

  /** The connector's name in {@code merchant_order_channels.connector}. */
  String kind();

  /** A return as the platform reports it. */
  record PlatformReturn(String returnId, String status, List<Line> lines, Instant requestedAt) {

    public record Line(String variantId, int quantity, String reason) {

      /** Lines as stored: {@code [{variant_id?, quantity, reason?}]}. */
      public static String toJson(List<Line> lines) {
        jakarta.json.JsonArrayBuilder a = jakarta.json.Json.createArrayBuilder();
        for (Line l : lines) {
          jakarta.json.JsonObjectBuilder o =
              jakarta.json.Json.createObjectBuilder().add("quantity", l.quantity());
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
        List<Line> out = new java.util.ArrayList<>();
        try (jakarta.json.JsonReader r =
            jakarta.json.Json.createReader(new java.io.StringReader(json))) {
          for (jakarta.json.JsonValue v : r.readArray()) {
            jakarta.json.JsonObject o = v.asJsonObject();
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
  }

  /**
   * The returns of the platform's order {@code merchantOrderId}.
   *
   * @throws PlacementException when the platform refused or could not be reached
   */
  List<PlatformReturn> returns(
      PlacementRequest.Channel channel, String merchantId, String merchantOrderId)
      throws PlacementException;
}
