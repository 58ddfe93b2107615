package org.agentcommerce.platform.application.buyer;

import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The request's verified buyer, filled in by the authentication filter. */
@RequestScoped
public class BuyerContext implements BuyerIdentity {

  private JsonWebToken token;

  public void establish(JsonWebToken verified) {
    this.token = verified;
  }

  @Override
  public Optional<JsonWebToken> token() {
    return Optional.ofNullable(token);
  }

  @Override
  public JsonWebToken requireVerifiedBuyer() {
    if (token == null) {
      throw new ApiException(
          401,
          "USER_AUTH_REQUIRED",
          "This operation spends a buyer's money or checks out for them: send the buyer's"
              + " verified identity token in the X-Agent-User-JWT header.");
    }
    return token;
  }
}
