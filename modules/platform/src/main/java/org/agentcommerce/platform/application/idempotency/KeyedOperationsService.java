package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.KeyedOperations;

/**
 * {@link KeyedOperations} on the idempotency store of the REST operations: the claim is taken in a
 * commit of its own, then the work and the stored answer run in {@link KeyedWork}'s one
 * transaction.
 */
@ApplicationScoped
public class KeyedOperationsService implements KeyedOperations {

  @Inject IdempotencyService idempotency;
  @Inject KeyedWork work;

  @Override
  public Answer once(
      String agentId,
      String operation,
      String key,
      String requestHash,
      boolean outsideEffects,
      Supplier<String> body,
      UnaryOperator<String> storedAs) {
    IdempotencyService.Decision d =
        idempotency.begin(agentId, operation, key, requestHash, outsideEffects);
    if (d instanceof IdempotencyService.Replay r) {
      return new Answer(r.body(), true);
    }
    IdempotencyService.Proceed claim = (IdempotencyService.Proceed) d;
    try {
      return new Answer(work.run(claim, body, storedAs), false);
    } catch (ApiException refused) {
      if (outsideEffects && refused.status() >= 500) {
        idempotency.markOutcomeUnknown(claim);
      } else {
        idempotency.release(claim);
      }
      throw refused;
    } catch (RuntimeException | Error unexpected) {
      if (outsideEffects) {
        idempotency.markOutcomeUnknown(claim);
      } else {
        idempotency.release(claim);
      }
      throw unexpected;
    } finally {
      idempotency.letGo(claim);
    }
  }

  /** The work and its stored answer in one transaction. */
  @ApplicationScoped
  public static class KeyedWork {

    @Inject IdempotencyService idempotency;

    @Transactional(value = Transactional.TxType.REQUIRED, rollbackOn = Exception.class)
    public String run(
        IdempotencyService.Proceed claim, Supplier<String> body, UnaryOperator<String> storedAs) {
      String answer = body.get();
      idempotency.completeWithWork(claim, 200, storedAs.apply(answer), null);
      return answer;
    }
  }
}
