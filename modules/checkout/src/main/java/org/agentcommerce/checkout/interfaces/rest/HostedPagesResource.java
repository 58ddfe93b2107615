package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The buyer-facing pages: the hosted checkout ({@code /checkout/{intent_id}}), the payment approval
 * ({@code /checkout/approvals/{approval_id}}) and the mandate confirmation ({@code
 * /checkout/authorizations/{authorization_id}}). One static shell and its script and style, kept
 * under this module's {@code META-INF/resources/checkout}; the page's credential is in the
 * address's fragment, which never reaches the server. Served with a strict Content-Security-Policy
 * (own scripts and styles only, no framing, no referrer).
 *
 * <p>The three pages answer alike: their 200 is declared once on the class, and each page declares
 * only its 404. (Payara adds the class's one response to an operation that declares at most one of
 * its own; the assets declare their own 200 and a 404.)
 */
@ApplicationScoped
@Path("/checkout")
@SecurityRequirementsSet
@Tag(name = "Hosted pages", description = "The pages a buyer opens from the agent's chat")
@APIResponse(
    responseCode = "200",
    description = "The page",
    content =
        @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(implementation = String.class)))
public class HostedPagesResource {

  private static final String ROOT = "/META-INF/resources/checkout/";

  /** The page's own script and style; images from https (product pictures); no framing. */
  static final String CSP =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:;"
          + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

  private static final Map<String, String> ASSETS =
      Map.of(
          "checkout.js", "text/javascript; charset=utf-8",
          "checkout.css", "text/css; charset=utf-8");

  private final Map<String, byte[]> cache = new ConcurrentHashMap<>();

  @GET
  @Path("/{intent_id}")
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "hostedCheckoutPage",
      summary = "The hosted checkout page (the checkout_url of an intent)",
      description =
          "Opened by the buyer with the token in the fragment: checkout_url is"
              + " /checkout/{intent_id}#token=ct_…. The page calls /agent/v1/checkout/hosted with"
              + " it.")
  @APIResponse(responseCode = "404", description = "NOT_FOUND (not an intent id)")
  public Response checkout(@PathParam("intent_id") String intentId) {
    return shell("checkout", intentId, "ci_[A-Za-z0-9]{6,40}");
  }

  @GET
  @Path("/approvals/{approval_id}")
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "hostedApprovalPage",
      summary = "The buyer's page to approve or decline one payment (approve_url)")
  @APIResponse(responseCode = "404", description = "NOT_FOUND (not an approval id)")
  public Response approval(@PathParam("approval_id") String approvalId) {
    return shell("approval", approvalId, "hil_[A-Za-z0-9]{6,40}");
  }

  @GET
  @Path("/authorizations/{authorization_id}")
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "hostedAuthorizationPage",
      summary = "The buyer's page to confirm a mandate payment (confirm_url)")
  @APIResponse(responseCode = "404", description = "NOT_FOUND (not an authorization id)")
  public Response authorization(@PathParam("authorization_id") String authorizationId) {
    return shell("authorization", authorizationId, "[a-z]{2,5}_[A-Za-z0-9]{6,40}");
  }

  @GET
  @Path("/assets/{name}")
  @Produces({"text/javascript", "text/css"})
  @Operation(operationId = "hostedPageAsset", summary = "The pages' script and style")
  @APIResponse(
      responseCode = "200",
      description = "checkout.js or checkout.css",
      content = {
        @Content(mediaType = "text/javascript", schema = @Schema(implementation = String.class)),
        @Content(mediaType = "text/css", schema = @Schema(implementation = String.class))
      })
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  public Response asset(@PathParam("name") String name) {
    String type = ASSETS.get(name);
    if (type == null) {
      throw ApiException.notFound("Asset");
    }
    return secured(Response.ok(read(name), type))
        // Revalidated each time: a deploy changes the script under the same name.
        .header("Cache-Control", "no-cache")
        .build();
  }

  private Response shell(String page, String id, String pattern) {
    if (id == null || !id.matches(pattern)) {
      throw ApiException.notFound("Page");
    }
    // Both values are checked above: letters, digits, '_' only.
    String html =
        new String(read("checkout.html"), StandardCharsets.UTF_8)
            .replace("__PAGE__", page)
            .replace("__ID__", id);
    return secured(Response.ok(html, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")))
        .header("Cache-Control", "no-store")
        .build();
  }

  static Response.ResponseBuilder secured(Response.ResponseBuilder r) {
    return r.header("Content-Security-Policy", CSP)
        .header("X-Frame-Options", "DENY")
        .header("Referrer-Policy", "no-referrer")
        .header("X-Content-Type-Options", "nosniff")
        .header("Cross-Origin-Opener-Policy", "same-origin");
  }

  private byte[] read(String name) {
    return cache.computeIfAbsent(
        name,
        n -> {
          try (InputStream in = HostedPagesResource.class.getResourceAsStream(ROOT + n)) {
            if (in == null) {
              throw new IllegalStateException("Missing page resource " + n);
            }
            return in.readAllBytes();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
