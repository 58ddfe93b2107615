package org.agentcommerce.platform.api.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a keyed POST whose effect must happen once per idempotency key, given in the {@code
 * Idempotency-Key} header or an {@code idempotency_key} body field. A repeat with the same body
 * gets the stored response; see the platform's idempotency service.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {}
