package org.agentcommerce.platform.api.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource class or method as "Auth: key": the caller must present an active agent key in
 * {@code X-API-Key} or {@code Authorization: Bearer}. The platform then authenticates the agent,
 * applies its rate limit and merchant scope, and verifies a buyer token if one is sent.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Authenticated {}
