package org.agentcommerce.checkout.interfaces.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The origin service's path of the partner purchases, {@value #ORIGIN}, served by the same six
 * operations as {@value #OURS} (issue 38, docs/compatibility.md). There, an error's {@code
 * detail.error} is the origin's lower-case reason code (ours stays beside it as {@code
 * detail.our_error}); on our path nothing changes.
 */
@Provider
@PreMatching
public class OriginPurchasePath implements ContainerRequestFilter, ContainerResponseFilter {

  static final String ORIGIN = "/agent/v2/commerce/reap/purchases";
  static final String OURS = "/agent/v2/commerce/partner/purchases";
  private static final String MARK = OriginPurchasePath.class.getName();

  @Override
  public void filter(ContainerRequestContext request) {
    String raw = request.getUriInfo().getRequestUri().getRawPath();
    String base = request.getUriInfo().getBaseUri().getRawPath();
    if (raw == null || base == null || !raw.startsWith(base)) {
      return;
    }
    String path = "/" + raw.substring(base.length()).replaceFirst("^/+", "");
    if (!path.equals(ORIGIN) && !path.startsWith(ORIGIN + "/")) {
      return;
    }
    URI uri = request.getUriInfo().getRequestUri();
    String query = uri.getRawQuery();
    request.setRequestUri(
        URI.create(
            uri.getScheme()
                + "://"
                + uri.getRawAuthority()
                + base.replaceFirst("/+$", "")
                + OURS
                + path.substring(ORIGIN.length())
                + (query == null ? "" : "?" + query)));
    request.setProperty(MARK, Boolean.TRUE);
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(MARK) == null
        || !(response.getEntity() instanceof Map<?, ?> body)
        || !(body.get("detail") instanceof Map<?, ?> detail)
        || !(detail.get("error") instanceof String ours)) {
      return;
    }
    Map<Object, Object> origin = new LinkedHashMap<>(detail);
    origin.put("error", originCode(ours, detail.get("reason")));
    origin.put("our_error", ours);
    Map<Object, Object> answer = new LinkedHashMap<>(body);
    answer.put("detail", origin);
    response.setEntity(answer);
  }

  /** The origin's reason code for one of ours (a refused selection by its reason). */
  static String originCode(String ours, Object reason) {
    return switch (ours) {
      case "PURCHASE_NOT_FOUND" -> "purchase_not_found";
      case "USER_AUTH_REQUIRED" -> "agent_user_required";
      case "PARTNER_CREATE_DISABLED" -> "not_available_on_this_rail";
      case "MERCHANT_NOT_FOUND" -> "merchant_not_eligible";
      case "MERCHANT_INACTIVE" -> "merchant_disabled";
      case "PRODUCT_NOT_FOUND" -> "row_not_found";
      case "PURCHASE_TERMINAL" -> "terminal_purchase_not_resumable";
      case "PURCHASE_NOT_RESUMABLE" -> "checkout_dispatch_unresolved";
      case "MAPPING_UNCERTAIN", "request_mismatch" -> "idempotency_conflict";
      case "SELECTION_REFUSED" ->
          switch (String.valueOf(reason)) {
            case "ambiguous_sku" -> "row_variant_ambiguous";
            case "no_sku" -> "row_variant_unverified";
            case "not_live" -> "row_unpriced";
            case "other_market" -> "merchant_not_eligible";
            default -> "row_not_found";
          };
      default -> ours.toLowerCase(Locale.ROOT);
    };
  }
}
