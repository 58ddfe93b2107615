/** Entities, value objects and repository interfaces of the packs context. No JAX-RS, no JSON. */
package org.agentcommerce.packs.domain;
