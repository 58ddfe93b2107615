package org.agentcommerce.platform.application.idempotency;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import org.agentcommerce.platform.api.security.Idempotent;

/**
 * Runs an {@link Idempotent} resource method that holds a claim inside one transaction with the
 * claim's completion, so the operation's database work commits if and only if its key is completed
 * by the request that still holds it (see {@link IdempotentExecution}).
 */
@Idempotent
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_AFTER + 100)
public class IdempotencyInterceptor {

  @Inject IdempotencyClaim claim;
  @Inject IdempotentExecution execution;

  @AroundInvoke
  public Object around(InvocationContext invocation) throws Exception {
    if (claim.held() == null || claim.settled() || isFilter(invocation.getTarget())) {
      return invocation.proceed();
    }
    return execution.run(invocation, claim);
  }

  /** The JAX-RS filters carry the annotation as their name binding; they are not operations. */
  private static boolean isFilter(Object target) {
    return target instanceof ContainerRequestFilter || target instanceof ContainerResponseFilter;
  }
}
