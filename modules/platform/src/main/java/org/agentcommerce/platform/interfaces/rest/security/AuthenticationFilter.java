package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.application.AuthenticationService;
import org.agentcommerce.platform.application.CallerContext;
import org.agentcommerce.platform.application.PlatformFigures;
import org.agentcommerce.platform.application.RateLimiter;
import org.agentcommerce.platform.application.buyer.BuyerContext;
import org.agentcommerce.platform.application.buyer.BuyerTokenVerifier;

/**
 * The one gate of every "Auth: key" operation, in this order: the key (401/403), the agent's rate
 * limit (429, shared by all its keys), the key's merchant scope for any {@code merchant_id}/{@code
 * merchant_ids} in the path or query (403), the buyer token if one is sent (401 if it does not
 * verify), and the shape of {@code X-Buyer-Ref} (422). Rate-limit headers go on every answer.
 */
@Provider
@Authenticated
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter, ContainerResponseFilter {

  public static final String API_KEY_HEADER = "X-API-Key";
  public static final String BUYER_TOKEN_HEADER = "X-Agent-User-JWT";
  public static final String BUYER_REF_HEADER = "X-Buyer-Ref";

  @Inject AuthenticationService authentication;
  @Inject CallerContext caller;
  @Inject RateLimiter rateLimiter;
  @Inject BuyerTokenVerifier buyerTokens;
  @Inject BuyerContext buyer;
  @Inject PlatformFigures figures;

  @Override
  public void filter(ContainerRequestContext request) {
    try {
      authenticate(request);
    } catch (ApiException e) {
      figures.refused(e, PlatformFigures.AGENT_LIMIT);
      throw e;
    }
  }

  private void authenticate(ContainerRequestContext request) {
    String secret = presentedKey(request);
    if (secret == null) {
      throw AuthenticationService.missingKey();
    }
    AuthenticationService.Authenticated auth = authentication.authenticate(secret);
    caller.establish(
        auth.agent().id(), auth.key().id(), auth.agent().tier(), auth.key().merchantIds());

    RateLimitAnswers.enforce(
        request,
        rateLimiter.acquire(auth.agent().id(), auth.agent().tier()),
        "this agent",
        Map.of("tier", auth.agent().tier()));

    checkMerchantScope(request.getUriInfo().getPathParameters());
    checkMerchantScope(request.getUriInfo().getQueryParameters());

    String token = request.getHeaderString(BUYER_TOKEN_HEADER);
    if (token != null && !token.isBlank()) {
      buyer.establish(buyerTokens.verify(token.trim()));
    }
    String buyerRef = request.getHeaderString(BUYER_REF_HEADER);
    if (buyerRef != null) {
      BuyerRef.parse(buyerRef.trim(), List.of("header", BUYER_REF_HEADER));
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    RateLimitAnswers.addHeaders(request, response);
  }

  /**
   * {@code X-API-Key}, else {@code Authorization: Bearer}; null when neither is sent; 400 {@code
   * CREDENTIAL_CONFLICT} when both are sent and differ.
   */
  static String presentedKey(ContainerRequestContext request) {
    String key = request.getHeaderString(API_KEY_HEADER);
    key = key == null || key.isBlank() ? null : key.trim();
    String bearer = null;
    String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
    if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      bearer = authorization.substring(7).trim();
      bearer = bearer.isEmpty() ? null : bearer;
    }
    if (key != null && bearer != null && !key.equals(bearer)) {
      // Two different credentials: refusing is safer than guessing which one the caller meant.
      throw new ApiException(
          400,
          "CREDENTIAL_CONFLICT",
          "X-API-Key and Authorization: Bearer carry different keys; send one credential.");
    }
    return key != null ? key : bearer;
  }

  private void checkMerchantScope(MultivaluedMap<String, String> parameters) {
    for (String name : List.of("merchant_id", "merchant_ids")) {
      List<String> values = parameters.get(name);
      if (values == null) {
        continue;
      }
      for (String value : values) {
        for (String merchantId : value.split(",")) {
          if (!merchantId.isBlank()) {
            caller.requireMerchantAccess(merchantId.trim());
          }
        }
      }
    }
  }
}
