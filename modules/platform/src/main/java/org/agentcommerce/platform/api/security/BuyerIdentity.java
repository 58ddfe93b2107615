package org.agentcommerce.platform.api.security;

import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The buyer behind the current request, proven by a verified {@code X-Agent-User-JWT}. An agent key
 * identifies the platform, never the buyer: spending and checkout operations call {@link
 * #requireVerifiedBuyer()} before they do anything.
 */
public interface BuyerIdentity {

  /** The verified buyer token of this request, if one was sent and verified. */
  Optional<JsonWebToken> token();

  /**
   * The verified buyer token; without one, throws 401 {@code USER_AUTH_REQUIRED}. A token that was
   * sent but failed verification never gets this far: the request was already refused.
   */
  JsonWebToken requireVerifiedBuyer();
}
