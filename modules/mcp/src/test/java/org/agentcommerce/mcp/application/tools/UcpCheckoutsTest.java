package org.agentcommerce.mcp.application.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.junit.jupiter.api.Test;

/**
 * Every checkout object the UCP dialect answers validates against UCP 2026-04-08 {@code
 * schemas/shopping/checkout.json} (copied into the test resources; nothing is fetched).
 */
class UcpCheckoutsTest {

  private static final String LOCAL = "classpath:ucp-2026-04-08/";

  private static final JsonSchema CHECKOUT =
      JsonSchemaFactory.getInstance(
              SpecVersion.VersionFlag.V202012,
              builder ->
                  builder
                      .schemaMappers(
                          m -> m.mapPrefix("https://ucp.dev/schemas/", LOCAL + "schemas/"))
                      .schemaLoaders(
                          loaders ->
                              loaders.values(
                                  list ->
                                      list.add(
                                          0,
                                          new AllowSchemaLoader(
                                              iri -> iri.toString().startsWith("classpath:"))))))
          .getSchema(SchemaLocation.of("https://ucp.dev/schemas/shopping/checkout.json"));

  private static final CheckoutSessions.Address NY =
      new CheckoutSessions.Address("Ada", "1 Main St", null, "New York", "NY", "10001", "US", null);

  private static CheckoutSessions.Session session(
      String status, String currency, long discount, String email, CheckoutSessions.Address a) {
    long subtotal = "JPY".equals(currency) ? 3000 : 4200;
    long shipping = 500;
    long tax = "JPY".equals(currency) ? 0 : 372;
    return new CheckoutSessions.Session(
        "csn_abc123",
        status,
        "merch_1",
        "Lumen",
        currency,
        "JPY".equals(currency),
        new CheckoutSessions.Totals(
            subtotal, discount, shipping, tax, subtotal - discount + shipping + tax),
        List.of(
            new CheckoutSessions.Line(
                "prod_1",
                "4412",
                "SKU-1",
                "Serum",
                "15 ml",
                null,
                2,
                subtotal / 2,
                discount,
                subtotal - discount)),
        List.of(),
        email,
        "Ada",
        a,
        "quo_1",
        "completed".equals(status) ? "ord_1" : null,
        null,
        Instant.parse("2026-05-01T10:00:00Z"),
        Instant.parse("2026-05-01T09:00:00Z"));
  }

  private static void valid(JsonObject checkout) {
    Set<ValidationMessage> errors = CHECKOUT.validate(checkout.toString(), InputFormat.JSON);
    assertEquals(Set.of(), errors, checkout::toString);
  }

  @Test
  void everyStateOfASessionIsAValidUcpCheckoutInMinorUnits() {
    for (String status : List.of("ready_for_payment", "completing", "completed", "cancelled")) {
      for (String currency : List.of("USD", "JPY")) {
        JsonObject c =
            UcpCheckouts.checkout(
                session(status, currency, 0, "ada@example.com", NY), "http://127.0.0.1:8080");
        valid(c);
        assertEquals(currency, c.getString("currency"));
      }
    }
    JsonObject ready =
        UcpCheckouts.checkout(
            session("ready_for_payment", "USD", 0, "ada@example.com", NY), "http://h");
    assertEquals("ready_for_complete", ready.getString("status"));
    assertEquals(
        2100,
        ready
            .getJsonArray("line_items")
            .getJsonObject(0)
            .getJsonObject("item")
            .getJsonNumber("price")
            .longValueExact());
    assertEquals(
        "org.agentcommerce.psp_token",
        ready.getJsonObject("ucp").getJsonObject("payment_handlers").keySet().iterator().next());
    JsonObject done =
        UcpCheckouts.checkout(session("completed", "USD", 0, "a@b.c", NY), "http://h");
    assertEquals("completed", done.getString("status"));
    assertEquals(
        "http://h/agent/v2/orders/ord_1", done.getJsonObject("order").getString("permalink_url"));
  }

  @Test
  void aSessionWithoutEmailOrAddressIsIncompleteAndSaysWhy() {
    JsonObject c =
        UcpCheckouts.checkout(session("ready_for_payment", "USD", 0, null, null), "http://h");
    valid(c);
    assertEquals("incomplete", c.getString("status"));
    assertEquals(2, c.getJsonArray("messages").size());
  }

  @Test
  void aDiscountIsANegativeTotalLine() {
    JsonObject c =
        UcpCheckouts.checkout(
            session("ready_for_payment", "USD", 420, "ada@example.com", NY), "http://h");
    valid(c);
    assertTrue(
        c.getJsonArray("totals").stream()
            .anyMatch(
                t ->
                    "discount".equals(t.asJsonObject().getString("type"))
                        && t.asJsonObject().getJsonNumber("amount").longValueExact() == -420));
    assertFalse(c.toString().contains("\"amount\":4.2"));
  }
}
