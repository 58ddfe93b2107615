package org.agentcommerce.platform.api.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation that spends a buyer's money or checks out for them: without a verified buyer
 * token it is refused with 401 {@code USER_AUTH_REQUIRED} before anything else happens, idempotency
 * replays included.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface BuyerRequired {}
