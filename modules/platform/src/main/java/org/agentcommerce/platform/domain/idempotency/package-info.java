/** Records of idempotency keys: one per agent, operation and key, unique in the database. */
package org.agentcommerce.platform.domain.idempotency;
