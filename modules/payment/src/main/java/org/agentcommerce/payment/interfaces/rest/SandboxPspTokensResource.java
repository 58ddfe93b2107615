package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import org.agentcommerce.payment.infrastructure.psp.sandbox.SandboxPsp;
import org.agentcommerce.platform.api.InvalidInputException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox PSP's card form endpoint: what a PSP's tokenization API is to its card form. The
 * hosted page sends the card here (never to the checkout API) and gets a single-use test token; the
 * card number is neither stored nor logged. Only the sandbox's test cards are cards here.
 */
@ApplicationScoped
@SecurityRequirementsSet
@Path("/sandbox/psp/tokens")
@Tag(name = "Sandbox PSP", description = "The built-in test PSP's buyer-facing pages")
public class SandboxPspTokensResource {

  /** A card as the form collects it. */
  public record SandboxCardRequest(
      @NotNull
          @Pattern(regexp = "[0-9]{12,19}")
          @Schema(
              description = "Digits only; one of the sandbox's test cards",
              example = "4242424242424242")
          String number,
      @NotNull @Min(1) @Max(12) Integer expMonth,
      @NotNull
          @Min(2000)
          @Max(2100)
          @Schema(example = "2030", description = "Four digits; the card must not have expired")
          Integer expYear,
      @NotNull @Pattern(regexp = "[0-9]{3,4}") String cvc) {

    @Override
    public String toString() {
      return "SandboxCardRequest[card]";
    }
  }

  /** The single-use token standing for the card, and what the page may show of it. */
  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "SandboxCardToken")
  public record SandboxCardToken(String token, String brand, String last4) {}

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "sandboxCardToken",
      summary = "Turn a sandbox test card into a single-use token",
      description =
          "4242424242424242 pays (tok_visa), 5555555555554444 (tok_mastercard),"
              + " 4000000000000002 is declined, 4000000000009995 is declined for insufficient"
              + " funds, 4000002760003184 asks for 3-D Secure. Any future expiry, any CVC. 422"
              + " for a number that fails the Luhn check, an expired card or a card that is not a"
              + " sandbox test card.")
  @APIResponse(
      responseCode = "200",
      description = "The token",
      content = @Content(schema = @Schema(implementation = SandboxCardToken.class)))
  public Response token(@NotNull @Valid SandboxCardRequest card) {
    String number = card.number();
    if (!luhn(number)) {
      throw invalid("number", "Your card number is not valid.");
    }
    YearMonth expiry = YearMonth.of(card.expYear(), card.expMonth());
    if (expiry.isBefore(YearMonth.now(ZoneOffset.UTC))) {
      throw invalid("exp_month", "Your card has expired.");
    }
    String token = SandboxPsp.TEST_CARDS.get(number);
    if (token == null) {
      throw invalid(
          "number",
          "The sandbox payment provider takes its test cards only (e.g. 4242 4242 4242 4242).");
    }
    String brand = number.startsWith("4") ? "visa" : "mastercard";
    return Response.ok(new SandboxCardToken(token, brand, number.substring(number.length() - 4)))
        .header("Cache-Control", "no-store")
        .build();
  }

  static boolean luhn(String digits) {
    int sum = 0;
    boolean twice = false;
    for (int i = digits.length() - 1; i >= 0; i--) {
      int d = digits.charAt(i) - '0';
      if (twice) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      twice = !twice;
    }
    return sum % 10 == 0;
  }

  private static InvalidInputException invalid(String field, String message) {
    return new InvalidInputException(
        new InvalidInputException.Violation(List.of("body", field), message, "value_error"));
  }
}
