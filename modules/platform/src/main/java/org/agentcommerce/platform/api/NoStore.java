package org.agentcommerce.platform.api;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks operations whose every answer, refusals included, must never be stored by a cache: those
 * opened with a bearer credential in a header (a checkout or page token) on a URL shared by all
 * holders, where a shared cache could hand one holder's answer to another.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface NoStore {}
