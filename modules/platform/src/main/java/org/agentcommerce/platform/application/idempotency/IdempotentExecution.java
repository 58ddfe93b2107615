package org.agentcommerce.platform.application.idempotency;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.agentcommerce.platform.interfaces.rest.JsonbProvider;

/**
 * One transaction around an idempotent operation and its key's completion. The operation's services
 * join it; the answer is stored with a compare-and-set on the holder in the same transaction. A
 * request whose claim was taken over therefore rolls back its own work; a node that dies before the
 * commit leaves neither the work nor the completion. Server errors and authorization refusals roll
 * back, and the response filter releases the key (or, for operations with outside effects, keeps it
 * for reconciliation).
 */
@ApplicationScoped
public class IdempotentExecution {

  /** Response headers a replay repeats. */
  public static final List<String> REPLAYED_HEADERS =
      List.of("Location", "Retry-After", "Content-Location");

  @Inject IdempotencyService idempotency;

  @Resource TransactionSynchronizationRegistry transactions;

  @Transactional(value = Transactional.TxType.REQUIRED, rollbackOn = Exception.class)
  public Object run(InvocationContext invocation, IdempotencyClaim claim) throws Exception {
    Object result = invocation.proceed();
    int status = statusOf(result);
    if (status >= 500 || status == 401 || status == 403) {
      transactions.setRollbackOnly();
      return result;
    }
    if (claim.outcomeLeftUnknown()) {
      // The answer is not the outcome (it was not recorded): a retry hears what reconciliation
      // finds.
      idempotency.markOutcomeUnknown(claim.held());
      claim.settle();
      return result;
    }
    Response response = result instanceof Response r ? r : null;
    idempotency.completeWithWork(
        claim.held(),
        status,
        storedBody(response == null ? result : response.getEntity()),
        response == null
            ? null
            : storedHeaders(response.getMediaType(), response::getHeaderString));
    claim.settle();
    return result;
  }

  static int statusOf(Object result) {
    if (result instanceof Response response) {
      return response.getStatus();
    }
    return result == null ? 204 : 200;
  }

  /** The body as the client gets it: JSON-B with the REST layer's settings. */
  public static String storedBody(Object entity) {
    if (entity == null) {
      return null;
    }
    if (entity instanceof org.agentcommerce.platform.api.ShownOnce once) {
      // Replays never show a secret the first answer showed once.
      entity = once.withoutSecrets();
    }
    String body = entity instanceof String s ? s : JsonbProvider.jsonb().toJson(entity);
    // A page link carries its one-time credential in the fragment (#token=…): a replay shows the
    // link without it, whatever answer held it (an approval asked for in a refusal, too).
    return FRAGMENT_TOKEN.matcher(body).replaceAll("");
  }

  private static final java.util.regex.Pattern FRAGMENT_TOKEN =
      java.util.regex.Pattern.compile("#token=[A-Za-z0-9._~%-]+");

  /**
   * The headers a replay repeats ({@code Content-Type} and {@link #REPLAYED_HEADERS}), as a JSON
   * object; null when there are none.
   */
  public static String storedHeaders(MediaType type, Function<String, String> header) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (type != null) {
      headers.put("Content-Type", type.toString());
    }
    for (String name : REPLAYED_HEADERS) {
      String value = header.apply(name);
      if (value != null) {
        headers.put(name, value);
      }
    }
    return headers.isEmpty() ? null : JsonbProvider.jsonb().toJson(headers);
  }
}
