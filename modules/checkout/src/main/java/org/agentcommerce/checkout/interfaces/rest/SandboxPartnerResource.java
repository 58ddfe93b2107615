package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.agentcommerce.checkout.infrastructure.partner.SandboxPartnerBooks;
import org.agentcommerce.checkout.infrastructure.partner.SandboxPartnerKey;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The built-in sandbox purchasing partner's HTTP API: what a remote partner would serve, served by
 * this server so that the partner adapter's network path is real in the embedded default and in
 * tests. It always authenticates its caller: with {@code ac.partner.sandbox.api-key} when that is
 * set, otherwise with a random per-process key that only this server's partner adapter sends
 * ({@link SandboxPartnerKey}); an anonymous caller is 401. It is 404 when {@code
 * ac.partner.sandbox.enabled} is off. docs/partner-purchases.md.
 *
 * <p>Every operation can answer 401 and 503 (an injected outage), declared once on the class; an
 * operation that says more about one declares it again. (Payara adds the class's responses to an
 * operation that declares none, or two or more, of its own.)
 */
@RequestScoped
@Path("/sandbox/partner/v1")
@SecurityRequirementsSet
@Tag(name = "Sandbox partner", description = "The built-in sandbox purchasing partner")
@Produces(MediaType.APPLICATION_JSON)
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "503", description = "partner_unavailable")
public class SandboxPartnerResource {

  @Inject SandboxPartnerBooks books;

  @Inject
  @ConfigProperty(name = "ac.partner.sandbox.enabled", defaultValue = "true")
  boolean enabled;

  @Inject SandboxPartnerKey key;

  @Schema(name = "SandboxPartnerQuoteRequest")
  public record SandboxPartnerQuoteRequest(
      @NotBlank @Size(max = 64) String merchantId,
      @NotBlank @Size(max = 100) String sku,
      @NotNull @Min(1) @Max(1000) Integer quantity,
      @NotNull @Pattern(regexp = "[A-Z]{3}") String currency) {}

  @Schema(name = "SandboxPartnerQuote")
  public record SandboxPartnerQuote(
      String quoteId, long unitPriceMinor, String currency, int quantity, Instant expiresAt) {}

  @Schema(name = "SandboxPartnerContact")
  public record SandboxPartnerContact(
      @NotBlank @Email @Size(max = 320) String email,
      @Size(max = 200) String name,
      @Size(max = 40) String phone) {}

  @Schema(name = "SandboxPartnerCheckoutRequest")
  public record SandboxPartnerCheckoutRequest(
      @NotBlank @Size(max = 40) String quoteId,
      @NotNull @Valid SandboxPartnerContact contact,
      @Valid WireItems.Address shippingAddress) {}

  @Schema(name = "SandboxPartnerCheckout")
  public record SandboxPartnerCheckout(String checkoutId) {}

  @Schema(name = "SandboxPartnerOrder")
  public record SandboxPartnerOrder(
      String orderId,
      @Schema(description = "placed, then completed") String status,
      long totalMinor,
      String currency) {}

  @Schema(name = "SandboxPartnerOrders")
  public record SandboxPartnerOrders(List<SandboxPartnerOrder> orders) {}

  @POST
  @Path("/quotes")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "sandboxPartnerQuote",
      summary = "Sandbox partner: quote a SKU",
      description = "Prices a SKU of a merchant for a quantity; the quote lives 15 minutes.")
  @Parameters(
      @Parameter(
          name = "Authorization",
          in = ParameterIn.HEADER,
          schema = @Schema(type = SchemaType.STRING, maxLength = 300)))
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = SandboxPartnerQuote.class)))
  @APIResponse(responseCode = "401", description = "UNAUTHORIZED (the sandbox's key not sent)")
  @APIResponse(responseCode = "404", description = "sku_not_found, NOT_FOUND (sandbox off)")
  @APIResponse(
      responseCode = "409",
      description = "not_available, currency_not_supported, out_of_stock")
  @APIResponse(
      responseCode = "503",
      description = "partner_unavailable (an injected outage or failure)")
  public SandboxPartnerQuote quote(
      @HeaderParam("Authorization") @Size(max = 300) String authorization,
      @NotNull @Valid SandboxPartnerQuoteRequest body) {
    return guarded(
        authorization,
        "quote",
        body.sku(),
        () -> {
          SandboxPartnerBooks.QuoteRow q =
              books.quote(body.merchantId(), body.sku(), body.quantity(), body.currency());
          return new SandboxPartnerQuote(
              q.quoteId(), q.unitPriceMinor(), q.currency(), q.quantity(), q.expiresAt());
        });
  }

  @POST
  @Path("/checkouts")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "sandboxPartnerCheckout",
      summary = "Sandbox partner: open a checkout for a quote",
      description = "Idempotent by Idempotency-Key: a repeat answers the same checkout.")
  @Parameter(
      name = "Authorization",
      in = ParameterIn.HEADER,
      schema = @Schema(type = SchemaType.STRING, maxLength = 300))
  @Parameter(
      name = "Idempotency-Key",
      in = ParameterIn.HEADER,
      required = true,
      schema = @Schema(type = SchemaType.STRING, maxLength = 100))
  @APIResponse(
      responseCode = "200",
      description = "The checkout",
      content = @Content(schema = @Schema(implementation = SandboxPartnerCheckout.class)))
  @APIResponse(responseCode = "404", description = "quote_not_found, NOT_FOUND (sandbox off)")
  @APIResponse(responseCode = "409", description = "quote_expired")
  public SandboxPartnerCheckout checkout(
      @HeaderParam("Authorization") @Size(max = 300) String authorization,
      @HeaderParam("Idempotency-Key") @NotBlank @Size(max = 100) String key,
      @NotNull @Valid SandboxPartnerCheckoutRequest body) {
    return guarded(
        authorization,
        "checkout",
        key,
        () ->
            new SandboxPartnerCheckout(
                books.checkout(body.quoteId(), body.contact().email(), key)));
  }

  @POST
  @Path("/checkouts/{checkout_id}/orders")
  @Operation(
      operationId = "sandboxPartnerPlace",
      summary = "Sandbox partner: place a checkout's order",
      description =
          "Places the order once per Idempotency-Key (the caller's attempt id): a repeat, or a"
              + " concurrent call with the same key, answers the same order.")
  @Parameter(
      name = "Authorization",
      in = ParameterIn.HEADER,
      schema = @Schema(type = SchemaType.STRING, maxLength = 300))
  @Parameter(
      name = "Idempotency-Key",
      in = ParameterIn.HEADER,
      required = true,
      schema = @Schema(type = SchemaType.STRING, maxLength = 100))
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content = @Content(schema = @Schema(implementation = SandboxPartnerOrder.class)))
  @APIResponse(responseCode = "404", description = "checkout_not_found, NOT_FOUND (sandbox off)")
  @APIResponse(
      responseCode = "502",
      description = "partner_answer_lost (an injected fault: the order was placed)")
  public SandboxPartnerOrder place(
      @HeaderParam("Authorization") @Size(max = 300) String authorization,
      @HeaderParam("Idempotency-Key") @NotBlank @Size(max = 100) String key,
      @PathParam("checkout_id") @Size(max = 40) String checkoutId) {
    return guarded(
        authorization,
        "place",
        key,
        () -> {
          try {
            return order(books.place(checkoutId, key, true));
          } catch (SandboxPartnerBooks.MalformedAnswer e) {
            return new SandboxPartnerOrder(null, "placed", 0, null); // no order id
          }
        });
  }

  @GET
  @Path("/orders")
  @Operation(
      operationId = "sandboxPartnerFindOrders",
      summary = "Sandbox partner: the order placed under an idempotency key",
      description = "An empty list when no order was placed under the key.")
  @Parameter(
      name = "Authorization",
      in = ParameterIn.HEADER,
      schema = @Schema(type = SchemaType.STRING, maxLength = 300))
  @Parameter(
      name = "idempotency_key",
      in = ParameterIn.QUERY,
      required = true,
      schema = @Schema(type = SchemaType.STRING, maxLength = 100))
  @APIResponse(
      responseCode = "200",
      description = "Zero or one order",
      content = @Content(schema = @Schema(implementation = SandboxPartnerOrders.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND (sandbox off)")
  public SandboxPartnerOrders find(
      @HeaderParam("Authorization") @Size(max = 300) String authorization,
      @QueryParam("idempotency_key") @NotBlank @Size(max = 100) String key) {
    return guarded(
        authorization,
        "lookup",
        key,
        () ->
            new SandboxPartnerOrders(
                books.orderByKey(key).map(SandboxPartnerResource::order).stream().toList()));
  }

  @GET
  @Path("/orders/{order_id}")
  @Operation(operationId = "sandboxPartnerOrder", summary = "Sandbox partner: an order")
  @Parameters(
      @Parameter(
          name = "Authorization",
          in = ParameterIn.HEADER,
          schema = @Schema(type = SchemaType.STRING, maxLength = 300)))
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content = @Content(schema = @Schema(implementation = SandboxPartnerOrder.class)))
  @APIResponse(responseCode = "404", description = "order_not_found, NOT_FOUND (sandbox off)")
  public SandboxPartnerOrder order(
      @HeaderParam("Authorization") @Size(max = 300) String authorization,
      @PathParam("order_id") @Size(max = 40) String orderId) {
    return guarded(
        authorization,
        "order",
        orderId,
        () ->
            books
                .order(orderId)
                .map(SandboxPartnerResource::order)
                .orElseThrow(
                    () ->
                        new SandboxPartnerBooks.Refusal(404, "order_not_found", "No such order")));
  }

  private static SandboxPartnerOrder order(SandboxPartnerBooks.OrderRow o) {
    return new SandboxPartnerOrder(o.orderId(), o.status(), o.totalMinor(), o.currency());
  }

  /** Sandbox switch, credential, request log and faults, then the call in the partner's terms. */
  private <T> T guarded(
      String authorization, String operation, String reference, Supplier<T> call) {
    if (!enabled) {
      throw ApiException.notFound("The sandbox partner");
    }
    if (!key.accepts(authorization)) {
      throw new ApiException(401, "UNAUTHORIZED", "The sandbox partner needs its API key.");
    }
    try {
      books.arrive(operation, reference);
      return call.get();
    } catch (SandboxPartnerBooks.Unavailable e) {
      throw new ApiException(
          503, "partner_unavailable", e.getMessage(), Map.of(), Map.of("Retry-After", "1"));
    } catch (SandboxPartnerBooks.Refusal e) {
      throw new ApiException(e.status(), e.code(), e.getMessage());
    } catch (SandboxPartnerBooks.LostAnswer e) {
      throw new ApiException(502, "partner_answer_lost", e.getMessage());
    }
  }
}
