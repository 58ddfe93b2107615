package org.agentcommerce.platform.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource method whose successful (2xx) answers to an authenticated agent count as one
 * call of the kind in the agent's query analytics. Counting happens in memory on the request's node
 * and reaches the database in batches (docs/analytics.md).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CountsAs {
  CountedCall value();
}
