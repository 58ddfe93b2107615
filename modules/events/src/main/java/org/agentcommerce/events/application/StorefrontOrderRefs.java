package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.agentcommerce.events.infrastructure.OutboxSequencer;
import org.agentcommerce.platform.api.Jsonp;

/**
 * Learns which of our orders a platform order is from {@code order.confirmed} events (the merchant
 * order id placement recorded), in the sequencing transaction, so that a storefront webhook about
 * the platform's order finds ours.
 */
@ApplicationScoped
public class StorefrontOrderRefs implements EventPump.TimelineFanOut {

  @Override
  public void accept(Connection tx, OutboxSequencer.Sequenced event) throws SQLException {
    if (!"order.confirmed".equals(event.type())
        || event.orderId() == null
        || event.merchantId() == null) {
      return;
    }
    JsonObject data;
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(event.data()))) {
      data = reader.readObject();
    }
    if (!(data.get("merchant_order_id") instanceof JsonString platformId)) {
      return;
    }
    try (PreparedStatement ps =
        tx.prepareStatement(
            "SELECT order_id FROM storefront_order_refs WHERE merchant_id = ? AND"
                + " platform_order_id = ?")) {
      ps.setString(1, event.merchantId());
      ps.setString(2, platformId.getString());
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
    }
    try (PreparedStatement ps =
        tx.prepareStatement(
            "INSERT INTO storefront_order_refs (merchant_id, platform_order_id, order_id,"
                + " agent_id) VALUES (?, ?, ?, ?)")) {
      ps.setString(1, event.merchantId());
      ps.setString(2, platformId.getString());
      ps.setString(3, event.orderId());
      ps.setString(4, event.agentId());
      ps.executeUpdate();
    }
  }
}
