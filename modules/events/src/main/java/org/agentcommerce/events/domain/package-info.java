/** Entities, value objects and repository interfaces of the events context. No JAX-RS, no JSON. */
package org.agentcommerce.events.domain;
