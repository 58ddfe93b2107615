package org.agentcommerce.platform.api.tracing;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Records a call of the method as a span named {@link #value()} when tracing is on. The span wraps
 * the method's transaction (it runs outside {@code @Transactional}), so it includes the commit.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Traced {

  /** The span's name, e.g. {@code payment.prepare}. */
  @Nonbinding
  String value() default "";
}
