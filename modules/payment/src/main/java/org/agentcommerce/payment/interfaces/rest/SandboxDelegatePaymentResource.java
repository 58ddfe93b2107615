package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agentcommerce.payment.application.VaultTokens;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.security.AcpProtocol;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox PSP's ACP delegate-payment endpoint (openapi.delegate_payment.yaml): the agent
 * platform hands over a card with an allowance and gets a vault token ({@code vt_…}, shown once)
 * that the ACP complete accepts within that allowance, once (docs/acp.md).
 */
@Path("/sandbox/psp/agentic_commerce/delegate_payment")
@RequestScoped
@Authenticated
@AcpProtocol
@Tag(name = "ACP")
public class SandboxDelegatePaymentResource {

  @Inject VaultTokens vault;
  @Inject Caller caller;

  @Schema(name = "AcpDelegatePaymentResponse")
  public record AcpDelegatePaymentResponse(
      @Schema(description = "vt_…: shown in this answer only") String id,
      Instant created,
      Map<String, String> metadata) {}

  @Schema(name = "AcpDelegateError")
  public record AcpDelegateError(String type, String code, String message, String param) {}

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "acpDelegatePayment",
      summary = "ACP: delegate a card to the sandbox vault with an allowance",
      description =
          "Test cards only (4242424242424242, 5555555555554444, 4000000000000002,"
              + " 4000000000009995). The same Idempotency-Key and body again is 409"
              + " duplicate_request (the token is not kept, so it cannot be shown twice); another"
              + " body is 422 idempotency_conflict.")
  @Parameters(
      @Parameter(
          name = "Idempotency-Key",
          in = ParameterIn.HEADER,
          required = true,
          schema = @Schema(type = SchemaType.STRING, maxLength = 255)))
  @APIResponse(
      responseCode = "201",
      description = "The vault token",
      content = @Content(schema = @Schema(implementation = AcpDelegatePaymentResponse.class)))
  @APIResponse(
      responseCode = "400",
      description = "invalid_request, invalid_card, missing_api_version, idempotency_key_required",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  @APIResponse(
      responseCode = "401",
      description = "INVALID_API_KEY, invalid_signature",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  @APIResponse(
      responseCode = "403",
      description = "MERCHANT_ACCESS_DENIED",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  @APIResponse(
      responseCode = "409",
      description = "duplicate_request",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  @APIResponse(
      responseCode = "422",
      description = "idempotency_conflict",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  @APIResponse(
      responseCode = "429",
      description = "RATE_LIMITED",
      content = @Content(schema = @Schema(implementation = AcpDelegateError.class)))
  public Response delegate(@HeaderParam("Idempotency-Key") String key, String body) {
    JsonObject in;
    try (var r = Jsonp.PROVIDER.createReader(new StringReader(body == null ? "" : body))) {
      in = r.readObject();
    } catch (RuntimeException e) {
      // JsonException, IllegalStateException, and the parser's plain RuntimeException for input
      // nested deeper than it allows: each a body we cannot read, never a server error.
      throw invalid(
          "invalid_request", "The body is not a JSON object (or is nested too deeply)", "$");
    }
    JsonObject card = object(in, "payment_method");
    JsonObject allowance = object(in, "allowance");
    if (!"card".equals(string(card, "type", "$.payment_method.type"))) {
      throw invalid("invalid_card", "payment_method.type must be card", "$.payment_method.type");
    }
    String number = string(card, "number", "$.payment_method.number");
    if (!"one_time".equals(string(allowance, "reason", "$.allowance.reason"))) {
      throw invalid("invalid_request", "allowance.reason must be one_time", "$.allowance.reason");
    }
    String currency = string(allowance, "currency", "$.allowance.currency");
    if (!currency.matches("[a-z]{3}")) {
      throw invalid(
          "invalid_request", "currency is ISO 4217 in lower case", "$.allowance.currency");
    }
    long maxAmount = maxAmount(allowance.get("max_amount"));
    Instant expires;
    try {
      expires =
          OffsetDateTime.parse(string(allowance, "expires_at", "$.allowance.expires_at"))
              .toInstant();
    } catch (DateTimeParseException e) {
      throw invalid("invalid_request", "expires_at is RFC 3339", "$.allowance.expires_at");
    }
    if (!expires.isAfter(Instant.now())) {
      throw invalid("invalid_request", "expires_at is in the past", "$.allowance.expires_at");
    }
    String merchantId = string(allowance, "merchant_id", "$.allowance.merchant_id");
    caller.requireMerchantAccess(merchantId);
    VaultTokens.Delegate delegate =
        new VaultTokens.Delegate(
            caller.agentId(),
            number,
            merchantId,
            string(allowance, "checkout_session_id", "$.allowance.checkout_session_id"),
            currency,
            maxAmount,
            expires,
            key,
            sha256(canonical(in, number)));
    VaultTokens.Minted minted;
    try {
      minted = vault.delegate(delegate);
    } catch (ApiException refused) {
      throw refused;
    } catch (RuntimeException lostRace) {
      // Two requests with one Idempotency-Key at once: the unique key (agent, key) let one insert
      // win. The loser answers as a sequential repeat would (409 duplicate_request, or 422
      // idempotency_conflict for another body); any other failure is rethrown.
      vault.refuseRepeat(delegate);
      throw lostRace;
    }
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("source", "agent_checkout");
    metadata.put("merchant_id", merchantId);
    metadata.put("idempotency_key", key);
    return Response.status(201)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new AcpDelegatePaymentResponse(minted.token(), minted.created(), metadata))
        .build();
  }

  /** The allowance's max_amount: a whole number of minor units that fits a long. */
  private static long maxAmount(JsonValue v) {
    if (v instanceof JsonNumber max && max.isIntegral()) {
      try {
        return max.bigDecimalValue().longValueExact();
      } catch (ArithmeticException tooLarge) {
        // falls through to the refusal
      }
    }
    throw invalid(
        "invalid_request",
        "max_amount is an integer of minor units (at most " + Long.MAX_VALUE + ")",
        "$.allowance.max_amount");
  }

  /** The card's secrets: never part of what is hashed and kept. */
  private static final java.util.Set<String> CARD_SECRETS =
      java.util.Set.of("number", "cvc", "cryptogram");

  /**
   * The request as its Idempotency-Key remembers it: the body without the card's number, CVC and
   * cryptogram (a SHA-256 over a PAN could be reversed by trying the few digits it hides), with the
   * number's last four digits instead; the rest (expiry, allowance, metadata, …) as sent.
   */
  private static String canonical(JsonObject in, String number) {
    var card = Jsonp.PROVIDER.createObjectBuilder();
    in.getJsonObject("payment_method")
        .forEach(
            (k, v) -> {
              if (!CARD_SECRETS.contains(k)) {
                card.add(k, v);
              }
            });
    card.add("number_last4", number.length() < 4 ? number : number.substring(number.length() - 4));
    return Jsonp.PROVIDER.createObjectBuilder(in).add("payment_method", card).build().toString();
  }

  private static JsonObject object(JsonObject o, String name) {
    if (o.get(name) instanceof JsonObject x) {
      return x;
    }
    throw invalid("invalid_request", name + " is required", "$." + name);
  }

  private static String string(JsonObject o, String name, String at) {
    JsonValue v = o.get(name);
    if (v instanceof JsonString s && !s.getString().isBlank() && s.getString().length() <= 256) {
      return s.getString();
    }
    throw invalid("invalid_request", name + " is required (a string)", at);
  }

  private static ApiException invalid(String code, String message, String param) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("param", param);
    return new ApiException(400, code, message, ctx, Map.of());
  }

  private static String sha256(String s) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
