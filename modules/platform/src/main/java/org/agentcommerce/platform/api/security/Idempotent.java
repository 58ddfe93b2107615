package org.agentcommerce.platform.api.security;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a keyed POST whose effect must happen once per idempotency key, given in the {@code
 * Idempotency-Key} header or an {@code idempotency_key} body field. A repeat with the same request
 * gets the stored response. Put it on resource methods of CDI beans: the key's completion commits
 * in the same transaction as the method's database work (see docs/security.md, Idempotency).
 */
@NameBinding
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {

  /**
   * Whether the operation reaches outside our database (a PSP charge, a merchant's order API). A
   * server error or a holder that vanished then leaves the key claimed with its outcome unknown,
   * never released: reconciliation decides it, and retries are answered 409 {@code
   * idempotency_outcome_unknown} until then.
   */
  @Nonbinding
  boolean outsideEffects() default false;
}
