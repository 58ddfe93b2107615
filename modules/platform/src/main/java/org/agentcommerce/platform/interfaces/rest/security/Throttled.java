package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation that takes a key optionally ({@code POST /agent/v1/auth}): {@link
 * ThrottleFilter} counts a keyed call against its agent's limit and an unkeyed one against its
 * client address, before the body is read.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Throttled {}
