package org.agentcommerce.platform.api.security;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an Agentic Commerce Protocol operation (docs/acp.md): {@code API-Version} is required,
 * {@code Idempotency-Key} is required on POST, {@code Signature}/{@code Timestamp} are verified
 * when sent, {@code Request-Id} and {@code Idempotency-Key} are echoed, and every error is answered
 * in the protocol's shape {@code {type, code, message, param?}}.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AcpProtocol {}
