/**
 * Entities, value objects and repository interfaces of the checkout context. No JAX-RS, no JSON.
 */
package org.agentcommerce.checkout.domain;
