/** Idempotency keys: claim, replay, conflict and expiry, enforced by a unique constraint. */
package org.agentcommerce.platform.application.idempotency;
