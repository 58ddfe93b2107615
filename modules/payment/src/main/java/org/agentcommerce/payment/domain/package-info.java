/** Entities, value objects and repository interfaces of the payment context. No JAX-RS, no JSON. */
package org.agentcommerce.payment.domain;
