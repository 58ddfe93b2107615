package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.agentcommerce.platform.api.security.IdempotentRequest;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@link IdempotentRequest} from the claim the REST idempotency filter took for this request. */
@ApplicationScoped
public class CurrentIdempotentRequest implements IdempotentRequest {

  @Inject IdempotencyClaim claim;
  @Inject IdempotencyStore store;

  @Inject
  @ConfigProperty(name = "ac.idempotency.in-flight-timeout", defaultValue = "PT30S")
  Duration inFlightTimeout;

  @Override
  public Optional<String> recordId() {
    return held().map(IdempotencyService.Proceed::recordId);
  }

  @Override
  public boolean stillHeld() {
    Optional<IdempotencyService.Proceed> held = held();
    return held.isEmpty()
        || store.holdInCurrentTransaction(
            held.get().recordId(), held.get().holder(), Math.max(1, inFlightTimeout.toSeconds()));
  }

  @Override
  public void leaveOutcomeUnknown() {
    if (held().isPresent()) {
      claim.leaveOutcomeUnknown();
    }
  }

  private Optional<IdempotencyService.Proceed> held() {
    try {
      return Optional.ofNullable(claim.held());
    } catch (ContextNotActiveException noRequest) {
      return Optional.empty();
    }
  }
}
