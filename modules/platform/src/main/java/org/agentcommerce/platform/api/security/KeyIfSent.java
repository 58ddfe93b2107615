package org.agentcommerce.platform.api.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation whose own credential is something else (a checkout token) but that an agent
 * key may accompany: a key that is sent is authenticated exactly as for {@link Authenticated}
 * (401/403 when it does not verify, its rate limit), and {@link Caller#isEstablished()} says
 * whether one was.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface KeyIfSent {}
