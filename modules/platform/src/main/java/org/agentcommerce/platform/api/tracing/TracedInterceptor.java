package org.agentcommerce.platform.api.tracing;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/** The span of a {@link Traced} method: outside the transaction interceptor, so it times commit. */
@Traced
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 150)
public class TracedInterceptor {

  @Inject Tracing tracing;

  @AroundInvoke
  Object trace(InvocationContext call) throws Exception {
    if (!tracing.enabled()) {
      return call.proceed();
    }
    Traced traced = call.getMethod().getAnnotation(Traced.class);
    if (traced == null) {
      traced = call.getMethod().getDeclaringClass().getAnnotation(Traced.class);
    }
    String name =
        traced == null || traced.value().isEmpty()
            ? call.getMethod().getDeclaringClass().getSimpleName()
                + "."
                + call.getMethod().getName()
            : traced.value();
    try (TraceSpan span = tracing.start(name)) {
      try {
        return call.proceed();
      } catch (Exception | Error e) {
        span.failed(e);
        throw e;
      }
    }
  }
}
