/** Entities, value objects and repository interfaces of the catalog context. No JAX-RS, no JSON. */
package org.agentcommerce.catalog.domain;
