package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Gates;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Agentic Commerce Protocol API (docs/acp.md) in the real WAR: every request and answer is
 * validated against the standard's JSON Schema bundle (acp-2026-04-17); a mismatch fails.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AcpProtocolIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD, one variant
  static final String SCHEMAS = "classpath:acp-2026-04-17/json-schema/";

  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

  @BeforeEach
  void agent() throws Exception {
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
    gates(true, 1_000_000L);
  }

  @AfterEach
  void closeGates() throws Exception {
    gates(false, 500L);
  }

  private void gates(boolean submit, long testCap) throws Exception {
    Gates.set(base, submit, testCap);
  }

  // ------------------------------------------------------------ schema validation

  private static void valid(String file, String def, String json) {
    Set<ValidationMessage> errors =
        FACTORY
            .getSchema(SchemaLocation.of(SCHEMAS + file + "#/$defs/" + def))
            .validate(json, InputFormat.JSON);
    assertEquals(Set.of(), errors, () -> def + ": " + json);
  }

  private static final String CHECKOUT = "schema.agentic_checkout.json";
  private static final String DELEGATE = "schema.delegate_payment.json";

  /** Sends a protocol request (validated as {@code requestDef}) and validates the answer. */
  private Http.Answer call(
      String method, String path, String requestDef, String body, String key, String... extra) {
    if (requestDef != null) {
      valid(path.contains("delegate_payment") ? DELEGATE : CHECKOUT, requestDef, body);
    }
    List<String> h =
        new ArrayList<>(
            List.of(
                "Authorization",
                "Bearer " + key,
                "API-Version",
                "2026-04-17",
                "Request-Id",
                "req_" + UUID.randomUUID()));
    h.addAll(List.of(extra));
    Http.Answer a = http.send(method, path, body, h.toArray(String[]::new));
    String file = path.contains("delegate_payment") ? DELEGATE : CHECKOUT;
    if (a.status() >= 400) {
      valid(file, "Error", a.body());
    }
    return a;
  }

  private JsonObject session(Http.Answer a, int status, String def) {
    assertEquals(status, a.status(), a::toString);
    valid(CHECKOUT, def, a.body());
    return a.json();
  }

  private static JsonObject error(Http.Answer a, int status, String code) {
    assertEquals(status, a.status(), a::toString);
    assertEquals(code, a.json().getString("code"), a::toString);
    return a.json();
  }

  private static String sessions() {
    return "/acp/" + LUMEN + "/checkout_sessions";
  }

  private static String createBody() {
    return "{\"line_items\":[{\"id\":\""
        + SINGLE
        + "\"}],\"currency\":\"usd\",\"capabilities\":{}}";
  }

  private static final String ADDRESS_UPDATE =
      "{\"buyer\":{\"first_name\":\"Ada\",\"last_name\":\"Lovelace\",\"email\":\"ada@example.com\"},"
          + "\"fulfillment_details\":{\"name\":\"Ada Lovelace\",\"address\":{\"name\":\"Ada"
          + " Lovelace\",\"line_one\":\"1 Main St\",\"city\":\"New York\",\"state\":\"NY\","
          + "\"country\":\"US\",\"postal_code\":\"10001\"}},"
          + "\"selected_fulfillment_options\":[{\"type\":\"shipping\",\"option_id\":"
          + "\"standard_shipping\",\"item_ids\":[\"li_1\"]}]}";

  /** A create of the one-item basket under a fresh Idempotency-Key, with {@code extra} headers. */
  private Http.Answer create(String key, String... extra) {
    List<String> h = new ArrayList<>(List.of("Idempotency-Key", UUID.randomUUID().toString()));
    h.addAll(List.of(extra));
    return call(
        "POST",
        sessions(),
        "CheckoutSessionCreateRequest",
        createBody(),
        key,
        h.toArray(String[]::new));
  }

  private String readySession(String key) {
    JsonObject created = session(create(key), 201, "CheckoutSession");
    assertEquals("not_ready_for_payment", created.getString("status"), created::toString);
    String id = created.getString("id");
    JsonObject updated =
        session(
            call(
                "POST",
                sessions() + "/" + id,
                "CheckoutSessionUpdateRequest",
                ADDRESS_UPDATE,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString()),
            200,
            "CheckoutSession");
    assertEquals("ready_for_payment", updated.getString("status"), updated::toString);
    return id;
  }

  private String delegate(String key, String sessionId, long max, String currency, String expires) {
    String body = delegateBody(sessionId, String.valueOf(max), currency, expires);
    Http.Answer a =
        call(
            "POST",
            "/sandbox/psp/agentic_commerce/delegate_payment",
            "DelegatePaymentRequest",
            body,
            key,
            "Idempotency-Key",
            UUID.randomUUID().toString());
    assertEquals(201, a.status(), a::toString);
    valid(DELEGATE, "DelegatePaymentResponse", a.body());
    String token = a.json().getString("id");
    assertTrue(token.startsWith("vt_"), a::toString);
    return token;
  }

  private static String delegateBody(
      String sessionId, String max, String currency, String expires) {
    return "{\"payment_method\":{\"type\":\"card\",\"card_number_type\":\"fpan\",\"number\":"
        + "\"4242424242424242\",\"exp_month\":\"11\",\"exp_year\":\"2030\",\"display_card_funding_type\":"
        + "\"credit\",\"metadata\":{}},\"allowance\":{\"reason\":\"one_time\",\"max_amount\":"
        + max
        + ",\"currency\":\""
        + currency
        + "\",\"checkout_session_id\":\""
        + sessionId
        + "\",\"merchant_id\":\""
        + LUMEN
        + "\",\"expires_at\":\""
        + expires
        + "\"},\"risk_signals\":[],\"metadata\":{}}";
  }

  private static String completeBody(String token) {
    return "{\"buyer\":{\"email\":\"ada@example.com\"},\"payment_data\":{\"handler_id\":\"sandbox_vault\","
        + "\"instrument\":{\"type\":\"card\",\"credential\":{\"type\":\"vault_token\",\"token\":\""
        + token
        + "\"}}}}";
  }

  private Http.Answer complete(String key, String sessionId, String token, String idem) {
    return call(
        "POST",
        sessions() + "/" + sessionId + "/complete",
        "CheckoutSessionCompleteRequest",
        completeBody(token),
        key,
        "Idempotency-Key",
        idem);
  }

  private static String inAnHour() {
    return Instant.now().plusSeconds(3600).toString();
  }

  private static String sha256(String s) throws Exception {
    return java.util.HexFormat.of()
        .formatHex(
            java.security.MessageDigest.getInstance("SHA-256")
                .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  // ------------------------------------------------------------ tests

  @Test
  void aFullPurchaseWithADelegatedTokenChargesOnceAndReplays() throws Exception {
    String key = agent.apiKey();
    String id = readySession(key);
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    String idem = UUID.randomUUID().toString();
    Http.Answer done = complete(key, id, token, idem);
    JsonObject s = session(done, 200, "CheckoutSessionWithOrder");
    assertEquals("completed", s.getString("status"));
    String orderId = s.getJsonObject("order").getString("id");
    assertEquals(id, s.getJsonObject("order").getString("checkout_session_id"));
    assertEquals(idem, done.header("Idempotency-Key").orElseThrow());
    assertTrue(done.header("Request-Id").isPresent(), done::toString);
    Object paid = Agents.query("SELECT status FROM orders WHERE id = ?", orderId);
    assertEquals("paid", String.valueOf(paid));
    // The token is kept as its hash only.
    assertEquals(
        0L,
        ((Number) Agents.query("SELECT COUNT(*) FROM acp_vault_tokens WHERE token_hash = ?", token))
            .longValue());
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM acp_vault_tokens WHERE token_hash = ? AND redeemed_by_payment IS NOT NULL",
                    sha256(token)))
            .longValue());
    // Replay: the same answer, no second charge.
    Http.Answer again = complete(key, id, token, idem);
    session(again, 200, "CheckoutSessionWithOrder");
    assertEquals("true", again.header("Idempotent-Replayed").orElse(null), again::toString);
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'succeeded'",
                    orderId))
            .longValue());
    // Same key, another body: the protocol's conflict.
    error(complete(key, id, "vt_other", idem), 422, "idempotency_conflict");
    // The token cannot pay again, even another session.
    String other = readySession(key);
    error(complete(key, other, token, UUID.randomUUID().toString()), 403, "vault_token_used");
  }

  @Test
  void eachAllowanceViolationIsRefusedWithItsOwnCode() throws Exception {
    String key = agent.apiKey();
    String id = readySession(key);
    String small = delegate(key, id, 100, "usd", inAnHour());
    error(
        complete(key, id, small, UUID.randomUUID().toString()), 403, "vault_token_amount_exceeded");
    String eur = delegate(key, id, 100_000, "eur", inAnHour());
    error(
        complete(key, id, eur, UUID.randomUUID().toString()), 403, "vault_token_currency_mismatch");
    String otherSession = delegate(key, "csn_someoneelse", 100_000, "usd", inAnHour());
    error(
        complete(key, id, otherSession, UUID.randomUUID().toString()),
        403,
        "vault_token_session_mismatch");
    String soon = delegate(key, id, 100_000, "usd", Instant.now().plusSeconds(2).toString());
    Thread.sleep(2500);
    error(complete(key, id, soon, UUID.randomUUID().toString()), 403, "vault_token_expired");
    error(
        complete(key, id, "vt_neverminted", UUID.randomUUID().toString()),
        403,
        "vault_token_unknown");
    // Another agent's token is unknown to this one.
    Agents.Registered b = Agents.register(http);
    String theirs = delegate(b.apiKey(), id, 100_000, "usd", inAnHour());
    error(complete(key, id, theirs, UUID.randomUUID().toString()), 403, "vault_token_unknown");
    // After all those refusals the session is still ready and completes with a good token.
    String good = delegate(key, id, 100_000, "usd", inAnHour());
    assertEquals(
        "completed",
        session(
                complete(key, id, good, UUID.randomUUID().toString()),
                200,
                "CheckoutSessionWithOrder")
            .getString("status"));
  }

  @Test
  void darkGatesRefuseIn403ProtocolShapeAndChargeNothing() throws Exception {
    String key = agent.apiKey();
    String id = readySession(key);
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    gates(false, 1_000_000L);
    error(complete(key, id, token, UUID.randomUUID().toString()), 403, "TIER2_CHARGE_DISABLED");
    gates(true, 1_000_000L);
    assertEquals(
        "completed",
        session(
                complete(key, id, token, UUID.randomUUID().toString()),
                200,
                "CheckoutSessionWithOrder")
            .getString("status"));
  }

  @Test
  void anotherAgentNeverSeesTheSession() {
    String id = readySession(agent.apiKey());
    String b = Agents.register(http).apiKey();
    error(call("GET", sessions() + "/" + id, null, null, b), 404, "acp_session_not_found");
    error(
        call(
            "POST",
            sessions() + "/" + id,
            "CheckoutSessionUpdateRequest",
            ADDRESS_UPDATE,
            b,
            "Idempotency-Key",
            UUID.randomUUID().toString()),
        404,
        "acp_session_not_found");
    error(complete(b, id, "vt_x", UUID.randomUUID().toString()), 404, "acp_session_not_found");
    error(
        call(
            "POST",
            sessions() + "/" + id + "/cancel",
            null,
            "{}",
            b,
            "Idempotency-Key",
            UUID.randomUUID().toString()),
        404,
        "acp_session_not_found");
    // Under another merchant's base the session is not found either.
    error(
        call("GET", "/acp/merch_other/checkout_sessions/" + id, null, null, agent.apiKey()),
        404,
        "acp_session_not_found");
  }

  @Test
  void cancelThenNothingElse() {
    String key = agent.apiKey();
    String id = readySession(key);
    JsonObject c =
        session(
            call(
                "POST",
                sessions() + "/" + id + "/cancel",
                "CancelSessionRequest",
                "{}",
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString()),
            200,
            "CheckoutSession");
    assertEquals("canceled", c.getString("status"));
    error(
        call(
            "POST",
            sessions() + "/" + id + "/cancel",
            "CancelSessionRequest",
            "{}",
            key,
            "Idempotency-Key",
            UUID.randomUUID().toString()),
        405,
        "not_cancelable");
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    error(
        complete(key, id, token, UUID.randomUUID().toString()), 409, "checkout_session_cancelled");
  }

  @Test
  void protocolHeadersAreRequiredAndBadSignaturesRefused() {
    String key = agent.apiKey();
    Http.Answer noVersion =
        http.post(
            sessions(), createBody(), "Authorization", "Bearer " + key, "Idempotency-Key", "k1");
    valid(CHECKOUT, "Error", noVersion.body());
    error(noVersion, 400, "missing_api_version");
    error(
        call("POST", sessions(), "CheckoutSessionCreateRequest", createBody(), key),
        400,
        "idempotency_key_required");
    error(
        call(
            "POST",
            sessions(),
            "CheckoutSessionCreateRequest",
            createBody(),
            key,
            "Idempotency-Key",
            "k2",
            "Signature",
            "AAAA",
            "Timestamp",
            Instant.now().toString()),
        401,
        "invalid_signature");
    error(call("GET", sessions() + "/csn_x", null, null, "ak_wrong"), 401, "INVALID_API_KEY");
    // The same key with another body on create: 422.
    String idem = UUID.randomUUID().toString();
    session(
        call(
            "POST",
            sessions(),
            "CheckoutSessionCreateRequest",
            createBody(),
            key,
            "Idempotency-Key",
            idem),
        201,
        "CheckoutSession");
    error(
        call(
            "POST",
            sessions(),
            "CheckoutSessionCreateRequest",
            createBody().replace("\"capabilities\":{}", "\"capabilities\":{},\"locale\":\"en-US\""),
            key,
            "Idempotency-Key",
            idem),
        422,
        "idempotency_conflict");
  }

  private static final String WEBHOOK_EVENT =
      "classpath:acp-2026-04-17/openapi/openapi.agentic_checkout_webhook.yaml"
          + "#/components/schemas/WebhookEvent";

  /** Validates an order webhook's body against the protocol's webhook document. */
  private static void validWebhook(String json) {
    Set<ValidationMessage> errors =
        FACTORY.getSchema(SchemaLocation.of(WEBHOOK_EVENT)).validate(json, InputFormat.JSON);
    assertEquals(Set.of(), errors, () -> "WebhookEvent: " + json);
  }

  /**
   * Verifies {@code Merchant-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>} as
   * the agent platform would: format, a timestamp within 300 s, the HMAC. Throws when it does not
   * verify.
   */
  private static void verifyMerchantSignature(WebhookReceiver.Received r, String secret)
      throws Exception {
    String header = r.header("Merchant-Signature");
    assertTrue(header != null, () -> "no Merchant-Signature: " + r.headers());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^t=(\\d+),v1=([a-fA-F0-9]{64})$").matcher(header);
    assertTrue(m.matches(), header);
    long t = Long.parseLong(m.group(1));
    assertTrue(Math.abs(Instant.now().getEpochSecond() - t) <= 300, header);
    assertTrue(
        java.security.MessageDigest.isEqual(
            hmacHex(secret, t + "." + r.body()).getBytes(java.nio.charset.StandardCharsets.UTF_8),
            m.group(2)
                .toLowerCase(java.util.Locale.ROOT)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        "Merchant-Signature does not verify");
    // A body changed in transit would not verify.
    assertFalse(hmacHex(secret, t + "." + r.body() + " ").equalsIgnoreCase(m.group(2)));
  }

  private static String hmacHex(String secret, String data) throws Exception {
    return java.util.HexFormat.of().formatHex(hmac(secret, data));
  }

  private static JsonObject parse(String json) {
    try (var r = jakarta.json.Json.createReader(new java.io.StringReader(json))) {
      return r.readObject();
    }
  }

  @Test
  void theOrderWebhooksReachTheAgentPlatformSignedWithTheFullOrder() throws Exception {
    String key = agent.apiKey();
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      Http.Answer configured =
          http.send(
              "PUT",
              "/agents/" + agent.agentId() + "/webhooks/config",
              "{\"enabled\":true,\"destination_url\":\""
                  + receiver.url()
                  + "\",\"format\":\"acp\"}",
              "X-API-Key",
              key);
      assertEquals(200, configured.status(), configured::toString);
      assertEquals("acp", configured.json().getJsonObject("config").getString("format"));
      String secret = configured.json().getString("signing_secret");
      // A full purchase.
      String id = readySession(key);
      String token = delegate(key, id, 100_000, "usd", inAnHour());
      JsonObject done =
          session(
              complete(key, id, token, UUID.randomUUID().toString()),
              200,
              "CheckoutSessionWithOrder");
      JsonObject order = done.getJsonObject("order");
      String orderId = order.getString("id");
      // order_create: the full Order, signed.
      // The validator is not vacuous: an Order without its permalink and status fails.
      assertFalse(
          FACTORY
              .getSchema(SchemaLocation.of(WEBHOOK_EVENT))
              .validate(
                  "{\"type\":\"order_create\",\"data\":{\"type\":\"order\",\"id\":\"o\","
                      + "\"checkout_session_id\":\"c\"}}",
                  InputFormat.JSON)
              .isEmpty());
      WebhookReceiver.Received created = receiver.await(1, 15_000).get(0);
      validWebhook(created.body());
      verifyMerchantSignature(created, secret);
      JsonObject event = parse(created.body());
      assertEquals("order_create", event.getString("type"), created::body);
      JsonObject data = event.getJsonObject("data");
      assertEquals("order", data.getString("type"));
      assertEquals(orderId, data.getString("id"));
      assertEquals(id, data.getString("checkout_session_id"));
      assertEquals(order.getString("permalink_url"), data.getString("permalink_url"));
      assertEquals("confirmed", data.getString("status"));
      assertEquals(1, data.getJsonArray("line_items").size(), created::body);
      long total =
          done.getJsonArray("totals").getValuesAs(JsonObject.class).stream()
              .filter(x -> x.getString("type").equals("total"))
              .findFirst()
              .orElseThrow()
              .getJsonNumber("amount")
              .longValue();
      assertEquals(
          total,
          data.getJsonArray("totals").getValuesAs(JsonObject.class).stream()
              .filter(x -> x.getString("type").equals("total"))
              .findFirst()
              .orElseThrow()
              .getJsonNumber("amount")
              .longValue());
      // A full refund: order_update with the order as it now is.
      String paymentId =
          String.valueOf(
              Agents.query(
                  "SELECT id FROM payments WHERE order_id = ? AND status = 'succeeded'", orderId));
      Http.Answer refunded =
          http.post(
              "/agent/v1/payments/" + paymentId + "/refunds",
              "{}",
              "X-API-Key",
              key,
              "Idempotency-Key",
              "rf-" + paymentId);
      assertEquals(200, refunded.status(), refunded::toString);
      WebhookReceiver.Received updated = null;
      long deadline = System.currentTimeMillis() + 15_000;
      while (updated == null && System.currentTimeMillis() < deadline) {
        for (WebhookReceiver.Received r : receiver.received()) {
          JsonObject e = parse(r.body());
          if (e.getString("type").equals("order_update")
              && e.getJsonObject("data").getString("status").equals("canceled")) {
            updated = r;
          }
        }
        Thread.sleep(100);
      }
      assertTrue(updated != null, () -> "no order_update: " + receiver.received());
      for (WebhookReceiver.Received r : receiver.received()) {
        validWebhook(r.body());
        verifyMerchantSignature(r, secret);
        assertEquals(orderId, parse(r.body()).getJsonObject("data").getString("id"));
      }
      JsonObject line =
          parse(updated.body()).getJsonObject("data").getJsonArray("line_items").getJsonObject(0);
      assertEquals(0, line.getJsonObject("quantity").getInt("current"));
      // Only the protocol's deliveries went there: no order.* event of ours.
      assertTrue(
          receiver.received().stream()
              .allMatch(r -> parse(r.body()).getString("type").startsWith("order_")),
          () -> receiver.received().toString());
    }
  }

  /** A registered agent whose key now belongs to the agent id the servers hold a signing key of. */
  private String signedAgentKey() {
    Agents.Registered r = Agents.register(http);
    String signed = TestDatabase.ACP_SIGNED_AGENT;
    if (((Number) Agents.query("SELECT COUNT(*) FROM agents WHERE id = ?", signed)).longValue()
        == 0) {
      Agents.sql(
          "INSERT INTO agents (id, name, email, company, description, status, tier, created_at,"
              + " updated_at) SELECT ?, name, CONCAT('signed-', email), company, description,"
              + " status, tier, created_at, updated_at FROM agents WHERE id = ?",
          signed,
          r.agentId());
    }
    Agents.sql("UPDATE api_keys SET agent_id = ? WHERE agent_id = ?", signed, r.agentId());
    return r.apiKey();
  }

  /** The protocol's request signature: base64 HMAC-SHA256 of {@code timestamp + "." + body}. */
  private static String sign(String key, String timestamp, String body) throws Exception {
    return java.util.Base64.getEncoder()
        .encodeToString(hmac(key, timestamp + "." + (body == null ? "" : body)));
  }

  private static byte[] hmac(String secret, String data) throws Exception {
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(
        new javax.crypto.spec.SecretKeySpec(
            secret.getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256"));
    return mac.doFinal(data.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** A create signed with {@code secret} at {@code timestamp} over {@code signedBody}. */
  private Http.Answer signedCreate(String key, String secret, String timestamp, String signedBody)
      throws Exception {
    return create(key, "Signature", sign(secret, timestamp, signedBody), "Timestamp", timestamp);
  }

  @Test
  void aValidSignatureIsAcceptedAndAStaleOrForeignOneRefused() throws Exception {
    String key = signedAgentKey();
    String secret = TestDatabase.ACP_SIGNING_KEY;
    String body = createBody();
    JsonObject created =
        session(signedCreate(key, secret, Instant.now().toString(), body), 201, "CheckoutSession");
    String id = created.getString("id");
    // A signed read (no body: the timestamp and the dot are signed).
    String later = Instant.now().toString();
    assertEquals(
        id,
        session(
                call(
                    "GET",
                    sessions() + "/" + id,
                    null,
                    null,
                    key,
                    "Signature",
                    sign(secret, later, null),
                    "Timestamp",
                    later),
                200,
                "CheckoutSession")
            .getString("id"));
    // Correctly signed, but ten minutes old: refused.
    error(
        signedCreate(key, secret, Instant.now().minusSeconds(600).toString(), body),
        401,
        "invalid_signature");
    // A fresh signature of another body: refused.
    error(
        signedCreate(key, secret, Instant.now().toString(), body.replace("usd", "eur")),
        401,
        "invalid_signature");
    // The key is this platform's only: another agent signing with it is refused.
    error(
        signedCreate(agent.apiKey(), secret, Instant.now().toString(), body),
        401,
        "invalid_signature");
  }

  @Test
  void aPlatformWithASigningKeyMustSignEveryRequest() throws Exception {
    String key = signedAgentKey();
    // Unsigned: refused, on a write and on a read, and nothing is created.
    long before =
        count(
            "SELECT COUNT(*) FROM acp_sessions WHERE agent_id = ?", TestDatabase.ACP_SIGNED_AGENT);
    JsonObject e = error(create(key), 401, "invalid_signature");
    assertTrue(e.getString("message").contains("Signature"), e::toString);
    error(call("GET", sessions() + "/csn_x", null, null, key), 401, "invalid_signature");
    // A Timestamp alone is no signature either.
    error(create(key, "Timestamp", Instant.now().toString()), 401, "invalid_signature");
    assertEquals(
        before,
        count(
            "SELECT COUNT(*) FROM acp_sessions WHERE agent_id = ?", TestDatabase.ACP_SIGNED_AGENT));
    // Signed: accepted.
    session(
        signedCreate(key, TestDatabase.ACP_SIGNING_KEY, Instant.now().toString(), createBody()),
        201,
        "CheckoutSession");
    // A platform without a key may still send unsigned requests.
    session(create(agent.apiKey()), 201, "CheckoutSession");
  }

  @Test
  void aQuantityOutsideOneToTheLimitIsRefusedNeverWrapped() {
    String key = agent.apiKey();
    for (String q : List.of("4294967297", "-4294967295", "1001", "0", "2.5", "1e400", "\"2\"")) {
      String body = createBody().replace("\"}],", "\",\"quantity\":" + q + "}],");
      JsonObject e =
          error(
              call(
                  "POST",
                  sessions(),
                  null,
                  body,
                  key,
                  "Idempotency-Key",
                  UUID.randomUUID().toString()),
              400,
              "invalid_request");
      assertEquals("$.line_items[0].quantity", e.getString("param"), q);
    }
    // A quantity in range is taken as sent.
    String body = createBody().replace("\"}],", "\",\"quantity\":7}],");
    JsonObject s =
        session(
            call(
                "POST",
                sessions(),
                null,
                body,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString()),
            201,
            "CheckoutSession");
    assertEquals(7, s.getJsonArray("line_items").getJsonObject(0).getInt("quantity"), s::toString);
  }

  @Test
  void buyerAndAddressFieldsAreCappedAtWhatTheOrderKeepsOnEveryCall() {
    String key = agent.apiKey();
    String longName = "N".repeat(201);
    // create
    String create =
        createBody()
            .replace(
                "\"capabilities\"",
                "\"buyer\":{\"full_name\":\"" + longName + "\"},\"capabilities\"");
    assertEquals(
        "$.buyer.full_name",
        error(
                call(
                    "POST",
                    sessions(),
                    null,
                    create,
                    key,
                    "Idempotency-Key",
                    UUID.randomUUID().toString()),
                400,
                "invalid_request")
            .getString("param"));
    // update: a name, an address line, a country that the order could not keep
    String id = session(create(key), 201, "CheckoutSession").getString("id");
    for (String[] bad :
        new String[][] {
          {"\"first_name\":\"Ada\"", "\"first_name\":\"" + longName + "\"", "$.buyer.first_name"},
          {"1 Main St", "M".repeat(301), "$.fulfillment_details.address.line_one"},
          {"\"country\":\"US\"", "\"country\":\"USA\"", "$.fulfillment_details.address.country"},
          {"10001", "1".repeat(21), "$.fulfillment_details.address.postal_code"}
        }) {
      String update = ADDRESS_UPDATE.replace(bad[0], bad[1]);
      assertEquals(
          bad[2],
          error(
                  call(
                      "POST",
                      sessions() + "/" + id,
                      null,
                      update,
                      key,
                      "Idempotency-Key",
                      UUID.randomUUID().toString()),
                  400,
                  "invalid_request")
              .getString("param"));
    }
    // complete: a session with an address but no e-mail yet
    String noEmail =
        "{" + ADDRESS_UPDATE.substring(ADDRESS_UPDATE.indexOf("\"fulfillment_details\""));
    session(
        call(
            "POST",
            sessions() + "/" + id,
            "CheckoutSessionUpdateRequest",
            noEmail,
            key,
            "Idempotency-Key",
            UUID.randomUUID().toString()),
        200,
        "CheckoutSession");
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    String good = completeBody(token);
    for (String[] bad :
        new String[][] {
          {
            "{\"email\":\"ada@example.com\"}",
            "{\"email\":\"ada@example.com\",\"full_name\":\"" + longName + "\"}",
            "$.buyer.full_name"
          },
          {"ada@example.com", "not-an-address", "$.buyer.email"},
          {"ada@example.com", "a@" + "b".repeat(330) + ".com", "$.buyer.email"}
        }) {
      assertEquals(
          bad[2],
          error(
                  call(
                      "POST",
                      sessions() + "/" + id + "/complete",
                      null,
                      good.replace(bad[0], bad[1]),
                      key,
                      "Idempotency-Key",
                      UUID.randomUUID().toString()),
                  400,
                  "invalid_request")
              .getString("param"));
    }
    // Nothing of those was saved on the session.
    assertEquals(
        "null",
        String.valueOf(Agents.query("SELECT customer_email FROM acp_sessions WHERE id = ?", id)));
    // A valid complete still completes, with its buyer.
    assertEquals(
        "completed",
        session(
                complete(key, id, token, UUID.randomUUID().toString()),
                200,
                "CheckoutSessionWithOrder")
            .getString("status"));
  }

  private static String nested(int depth) {
    return "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
  }

  /**
   * A delegate without schema checks: the standard's delegate Error enumerates six codes only, and
   * a malformed body's invalid_request (ours, as on the checkout operations) is not among them.
   */
  private Http.Answer delegateRaw(String key, String body, String idem) {
    return http.send(
        "POST",
        "/sandbox/psp/agentic_commerce/delegate_payment",
        body,
        "Authorization",
        "Bearer " + key,
        "API-Version",
        "2026-04-17",
        "Idempotency-Key",
        idem);
  }

  @Test
  void hostileInputIsA400NeverAServerError() throws Exception {
    String key = agent.apiKey();
    // Discount codes that are not strings.
    String codes =
        createBody()
            .replace(
                "\"capabilities\":{}",
                "\"capabilities\":{},\"discounts\":{\"codes\":[1,{\"a\":1}]}");
    assertEquals(
        "$.discounts.codes[0]",
        error(
                call(
                    "POST",
                    sessions(),
                    null,
                    codes,
                    key,
                    "Idempotency-Key",
                    UUID.randomUUID().toString()),
                400,
                "invalid_request")
            .getString("param"));
    // JSON nested deeper than the parser takes: in capabilities (create), in metadata (delegate).
    String deep = createBody().replace("\"capabilities\":{}", "\"capabilities\":" + nested(5000));
    error(
        call("POST", sessions(), null, deep, key, "Idempotency-Key", UUID.randomUUID().toString()),
        400,
        "invalid_request");
    String id = readySession(key);
    String good = delegateBody(id, "100000", "usd", inAnHour());
    error(
        delegateRaw(
            key,
            good.replace("\"metadata\":{}}", "\"metadata\":" + nested(5000) + "}"),
            UUID.randomUUID().toString()),
        400,
        "invalid_request");
    // A max_amount beyond a long.
    for (String max : List.of("1e30", "1000000000000000000000000000000")) {
      JsonObject e =
          error(
              delegateRaw(
                  key, delegateBody(id, max, "usd", inAnHour()), UUID.randomUUID().toString()),
              400,
              "invalid_request");
      assertEquals("$.allowance.max_amount", e.getString("param"), max);
    }
    // Eight delegates at once with one Idempotency-Key and body: one token, the others the
    // sequential repeat's 409 duplicate_request.
    String idem = UUID.randomUUID().toString();
    List<java.util.concurrent.Callable<Http.Answer>> same = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      same.add(() -> delegateRaw(key, good, idem));
    }
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(8);
    List<Http.Answer> answers = new ArrayList<>();
    try {
      for (java.util.concurrent.Future<Http.Answer> f : pool.invokeAll(same)) {
        answers.add(f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, answers.stream().filter(a -> a.status() == 201).count(), answers::toString);
    for (Http.Answer a : answers) {
      if (a.status() != 201) {
        error(a, 409, "duplicate_request");
      }
    }
    assertEquals(1, count("SELECT COUNT(*) FROM acp_vault_tokens WHERE idempotency_key = ?", idem));
  }

  @Test
  void theDelegateRequestIsRememberedWithoutTheCardNumber() throws Exception {
    String key = agent.apiKey();
    String id = readySession(key);
    String body =
        delegateBody(id, "100000", "usd", inAnHour())
            .replace("\"exp_month\"", "\"cvc\":\"123\",\"exp_month\"");
    String idem = UUID.randomUUID().toString();
    Http.Answer minted = delegateRaw(key, body, idem);
    assertEquals(201, minted.status(), minted::toString);
    String stored =
        String.valueOf(
            Agents.query(
                "SELECT request_hash FROM acp_vault_tokens WHERE idempotency_key = ?", idem));
    // Not a hash of the body: that would give the card number away to a search of its digits.
    assertFalse(stored.equalsIgnoreCase(sha256(body)), stored);
    assertEquals(64, stored.length());
    // No column holds the number or the CVC.
    Object hits =
        Agents.query(
            "SELECT COUNT(*) FROM acp_vault_tokens WHERE idempotency_key = ? AND CONCAT_WS('|', id,"
                + " agent_id, token_hash, merchant_id, checkout_session_id, currency, method_ref,"
                + " COALESCE(card_last4, ''), idempotency_key, request_hash) LIKE ?",
            idem,
            "%424242424242%");
    assertEquals(0L, ((Number) hits).longValue());
    // The same request again is still recognised; another card under the key is a conflict.
    error(delegateRaw(key, body, idem), 409, "duplicate_request");
    error(
        delegateRaw(key, body.replace("4242424242424242", "5555555555554444"), idem),
        422,
        "idempotency_conflict");
  }

  @Test
  void onlyADelegatedCredentialPaysAndTheCompletedSessionShowsItsOrder() {
    String key = agent.apiKey();
    String id = readySession(key);
    // A raw PSP token, and a Stripe shared payment token where Stripe does not take the payments.
    for (String raw : List.of("tok_visa", "pm_card_visa", "spt_1PgafyB7WZ01zgkW")) {
      JsonObject e =
          error(complete(key, id, raw, UUID.randomUUID().toString()), 400, "invalid_payment_data");
      assertEquals("$.payment_data.instrument.credential.token", e.getString("param"), raw);
    }
    // Nothing was written: no order, the session still ready.
    assertEquals(
        "null", String.valueOf(Agents.query("SELECT order_id FROM acp_sessions WHERE id = ?", id)));
    assertEquals(
        "ready_for_payment",
        session(call("GET", sessions() + "/" + id, null, null, key), 200, "CheckoutSession")
            .getString("status"));
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    JsonObject done =
        session(
            complete(key, id, token, UUID.randomUUID().toString()),
            200,
            "CheckoutSessionWithOrder");
    JsonObject order = done.getJsonObject("order");
    // A later read of the completed session shows the same order.
    JsonObject read =
        session(
            call("GET", sessions() + "/" + id, null, null, key), 200, "CheckoutSessionWithOrder");
    assertEquals("completed", read.getString("status"));
    assertEquals(
        order.getString("id"), read.getJsonObject("order").getString("id"), read::toString);
    assertEquals(id, read.getJsonObject("order").getString("checkout_session_id"));
    assertEquals(
        order.getString("permalink_url"), read.getJsonObject("order").getString("permalink_url"));
  }

  @Test
  void aVaultTokenNeverReachesAPspThroughThePaymentsApi() {
    Http.Answer a =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\"ord_none\",\"payment_method\":{\"type\":\"card\",\"token\":\"vt_0123456789abcdef\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            TestIssuer.token("acp-vt-" + System.nanoTime()),
            "Idempotency-Key",
            UUID.randomUUID().toString());
    assertEquals(422, a.status(), a::toString);
    JsonObject v = a.json().getJsonArray("detail").getJsonObject(0);
    assertEquals("token", v.getJsonArray("loc").getString(2), a::toString);
    assertTrue(v.getString("msg").contains("vt_"), a::toString);
  }

  @Test
  void aSessionStartedOnTheRestLaneCompletesOverTheProtocol() {
    String buyer = TestIssuer.token("acp-proto-" + System.nanoTime());
    Http.Answer started =
        http.post(
            "/agent/v1/checkout/acp",
            "{\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"merchant_id\":\""
                + LUMEN
                + "\",\"quantity\":1}],\"shipping_address\":{\"name\":\"Ada\",\"address_line1\":\"1 Main St\","
                + "\"city\":\"New York\",\"state\":\"NY\",\"postal_code\":\"10001\",\"country\":\"US\"},"
                + "\"customer_email\":\"ada@example.com\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer);
    assertEquals(200, started.status(), started::toString);
    String id = started.json().getString("acp_session_id");
    // Without the session's buyer token it is not found; with it, it completes.
    error(
        call("GET", sessions() + "/" + id, null, null, agent.apiKey()),
        404,
        "acp_session_not_found");
    JsonObject s =
        session(
            call(
                "GET",
                sessions() + "/" + id,
                null,
                null,
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer),
            200,
            "CheckoutSession");
    assertEquals("ready_for_payment", s.getString("status"));
    String token = delegate(agent.apiKey(), id, 100_000, "usd", inAnHour());
    Http.Answer done =
        call(
            "POST",
            sessions() + "/" + id + "/complete",
            "CheckoutSessionCompleteRequest",
            completeBody(token),
            agent.apiKey(),
            "Idempotency-Key",
            UUID.randomUUID().toString(),
            "X-Agent-User-JWT",
            buyer);
    assertEquals("completed", session(done, 200, "CheckoutSessionWithOrder").getString("status"));
    assertFalse(done.body().contains(token), "the token is never echoed");
  }

  /** A ready session of {@code quantity} of the one-item product for the buyer token. */
  private String readySessionFor(String key, String buyer, int quantity) {
    // quantity is our extension of the standard's Item (which has none): no request schema.
    String body = createBody().replace("\"}],", "\",\"quantity\":" + quantity + "}],");
    JsonObject created =
        session(
            call(
                "POST",
                sessions(),
                null,
                body,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString(),
                "X-Agent-User-JWT",
                buyer),
            201,
            "CheckoutSession");
    String id = created.getString("id");
    JsonObject updated =
        session(
            call(
                "POST",
                sessions() + "/" + id,
                "CheckoutSessionUpdateRequest",
                ADDRESS_UPDATE,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString(),
                "X-Agent-User-JWT",
                buyer),
            200,
            "CheckoutSession");
    assertEquals("ready_for_payment", updated.getString("status"), updated::toString);
    return id;
  }

  private void approve(String key, String buyer, String approvalId) {
    Http.Answer a =
        http.post(
            "/agent/v1/payments/approvals/" + approvalId + "/approve",
            "",
            "X-API-Key",
            key,
            "X-Agent-User-JWT",
            buyer);
    assertEquals(200, a.status(), a::toString);
    assertEquals("approved", a.json().getString("status"));
  }

  private static long count(String sql, Object... args) {
    return ((Number) Agents.query(sql, args)).longValue();
  }

  @Test
  void aCompleteAboveTheApprovalThresholdSucceedsOnceTheBuyerApproved() {
    String key = agent.apiKey();
    String buyer = TestIssuer.token("acp-hil-" + System.nanoTime());
    String id = readySessionFor(key, buyer, 13); // 273.00 USD of goods: over USD 250
    String token = delegate(key, id, 100_000, "usd", inAnHour());
    String body = completeBody(token);
    String path = sessions() + "/" + id + "/complete";
    JsonObject refused =
        error(
            call(
                "POST",
                path,
                "CheckoutSessionCompleteRequest",
                body,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString(),
                "X-Agent-User-JWT",
                buyer),
            409,
            "HIL_REQUIRED");
    String message = refused.getString("message");
    java.util.regex.Matcher url =
        java.util.regex.Pattern.compile(
                "approve_url: (https?://\\S+/checkout/approvals/(hil_\\w+)#token=\\S+)")
            .matcher(message);
    assertTrue(url.find(), message);
    String approvalId = url.group(2);
    assertTrue(message.contains("X-HIL-Approval: " + approvalId), message);
    String orderId =
        String.valueOf(Agents.query("SELECT order_id FROM acp_sessions WHERE id = ?", id));
    assertEquals(0, count("SELECT COUNT(*) FROM payments WHERE order_id = ?", orderId));
    // Not approved yet: the header alone is refused, nothing charged.
    error(
        call(
            "POST",
            path,
            "CheckoutSessionCompleteRequest",
            body,
            key,
            "Idempotency-Key",
            UUID.randomUUID().toString(),
            "X-Agent-User-JWT",
            buyer,
            "X-HIL-Approval",
            approvalId),
        403,
        "HIL_APPROVAL_INVALID");
    approve(key, buyer, approvalId);
    JsonObject done =
        session(
            call(
                "POST",
                path,
                "CheckoutSessionCompleteRequest",
                body,
                key,
                "Idempotency-Key",
                UUID.randomUUID().toString(),
                "X-Agent-User-JWT",
                buyer,
                "X-HIL-Approval",
                approvalId),
            200,
            "CheckoutSessionWithOrder");
    assertEquals("completed", done.getString("status"));
    // The order the approval was asked for is the one charged; one order, one payment.
    assertEquals(orderId, done.getJsonObject("order").getString("id"));
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_session_id = ?", id));
    assertEquals(1, count("SELECT COUNT(*) FROM payments WHERE order_id = ?", orderId));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'succeeded'", orderId));
    assertEquals(
        "paid", String.valueOf(Agents.query("SELECT status FROM orders WHERE id = ?", orderId)));
  }

  @Test
  void theLanesCompleteTakesTheApprovalToo() {
    String key = agent.apiKey();
    String buyer = TestIssuer.token("acp-hil-lane-" + System.nanoTime());
    String id = readySessionFor(key, buyer, 13);
    String path = "/agent/v1/checkout/acp/" + id + "/complete";
    String body = "{\"payment_data\":{\"token\":\"tok_visa\",\"provider\":\"stripe\"}}";
    Http.Answer refused =
        http.post(
            path,
            body,
            "X-API-Key",
            key,
            "X-Agent-User-JWT",
            buyer,
            "Idempotency-Key",
            UUID.randomUUID().toString());
    assertEquals(409, refused.status(), refused::toString);
    JsonObject approval = refused.json().getJsonObject("detail").getJsonObject("approval");
    String orderId = approval.getString("order_id");
    approve(key, buyer, approval.getString("approval_id"));
    Http.Answer done =
        http.post(
            path,
            body,
            "X-API-Key",
            key,
            "X-Agent-User-JWT",
            buyer,
            "Idempotency-Key",
            UUID.randomUUID().toString(),
            "X-HIL-Approval",
            approval.getString("approval_id"));
    assertEquals(200, done.status(), done::toString);
    assertEquals("completed", done.json().getString("status"));
    assertEquals(orderId, done.json().getString("order_id"));
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_session_id = ?", id));
    assertEquals(1, count("SELECT COUNT(*) FROM payments WHERE order_id = ?", orderId));
  }
}
