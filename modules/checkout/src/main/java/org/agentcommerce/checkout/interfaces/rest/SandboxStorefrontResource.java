package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.application.Amounts;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox merchant platform's storefront checkout: where the external-platform lane sends a
 * buyer of a merchant on the sandbox platform, with the cart in the path the way a Shopify cart
 * permalink carries it ({@code {variant}:{qty},…}). It shows the cart at the current prices; the
 * sandbox storefront takes no payment.
 */
@RequestScoped
@Path("/sandbox/storefront")
@SecurityRequirementsSet
@Tag(name = "Sandbox merchant platform", description = "The built-in test merchant platform")
public class SandboxStorefrontResource {

  private static final int MAX_LINES = 50;

  @Inject SellableCatalog catalog;

  @GET
  @Path("/{merchant_id}/cart/{cart}")
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "sandboxStorefrontCart",
      summary = "The sandbox storefront's checkout page for a cart permalink")
  @APIResponse(
      responseCode = "200",
      description = "An HTML page with the cart at the current prices",
      content =
          @Content(
              mediaType = MediaType.TEXT_HTML,
              schema = @Schema(implementation = String.class)))
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND, NOT_FOUND (a variant the merchant does not sell)",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response cart(
      @PathParam("merchant_id") @Size(max = 64) String merchantId,
      @PathParam("cart") @Size(max = 4000) String cart) {
    SellableCatalog.Seller seller =
        catalog
            .seller(merchantId)
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "MERCHANT_NOT_FOUND",
                        "Merchant " + merchantId + " was not found.",
                        Map.of("merchant_id", merchantId),
                        Map.of()));
    StringBuilder rows = new StringBuilder();
    String[] lines = cart.split(",", MAX_LINES + 1);
    if (lines.length > MAX_LINES) {
      throw new ApiException(404, "NOT_FOUND", "A cart link holds at most 50 lines.");
    }
    String currency = null;
    long total = 0;
    for (String line : lines) {
      int colon = line.lastIndexOf(':');
      // The path parameter arrives decoded already: decoding again would turn '+' into a space
      // and fail on a literal '%'.
      String variantId = colon < 0 ? line : line.substring(0, colon);
      int qty = 1;
      try {
        qty = colon < 0 ? 1 : Integer.parseInt(line.substring(colon + 1));
      } catch (NumberFormatException e) {
        qty = 0;
      }
      if (qty < 1 || qty > 1000) {
        throw new ApiException(404, "NOT_FOUND", "Cart line '" + line + "' is not a cart line.");
      }
      SellableCatalog.Sellable p =
          catalog
              .sellable(merchantId, variantId)
              .orElseThrow(
                  () ->
                      new ApiException(
                          404, "NOT_FOUND", "Merchant " + merchantId + " sells no " + variantId));
      SellableCatalog.Variant v =
          p.variants().stream()
              .filter(x -> x.variantId().equals(variantId))
              .findFirst()
              .orElse(p.variants().isEmpty() ? null : p.variants().get(0));
      SellableCatalog.Offer offer =
          v == null
              ? null
              : v.offerIn(p.homeMarket()).orElse(v.offers().isEmpty() ? null : v.offers().get(0));
      String price = "-";
      if (offer != null && (currency == null || currency.equals(offer.currency()))) {
        currency = offer.currency();
        total += offer.priceMinor() * qty;
        price = Amounts.major(offer.priceMinor(), offer.currency()) + " " + offer.currency();
      }
      rows.append("<tr><td>")
          .append(html(p.title()))
          .append(v == null || v.title() == null ? "" : " — " + html(v.title()))
          .append("</td><td>")
          .append(qty)
          .append("</td><td>")
          .append(html(price))
          .append("</td></tr>");
    }
    String body =
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>Checkout — "
            + html(seller.name())
            + "</title></head><body><main>"
            + "<h1>"
            + html(seller.name())
            + " — checkout</h1>"
            + "<p>Sandbox storefront: this is the merchant's own checkout on the test platform. It"
            + " takes no payment.</p>"
            + "<table><thead><tr><th>Item</th><th>Quantity</th><th>Unit price</th></tr></thead>"
            + "<tbody id=\"cart\">"
            + rows
            + "</tbody></table><p>Subtotal: <strong id=\"subtotal\">"
            + (currency == null ? "-" : html(Amounts.major(total, currency) + " " + currency))
            + "</strong> (shipping and tax are added at checkout)</p></main></body></html>";
    return Response.ok(body, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
        .header("Cache-Control", "no-store")
        .header("Content-Security-Policy", "default-src 'none'")
        .build();
  }

  private static String html(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
