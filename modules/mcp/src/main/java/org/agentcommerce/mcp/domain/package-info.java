/** Entities, value objects and repository interfaces of the mcp context. No JAX-RS, no JSON. */
package org.agentcommerce.mcp.domain;
