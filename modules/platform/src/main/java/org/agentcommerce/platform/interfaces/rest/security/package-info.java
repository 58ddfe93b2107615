/**
 * The REST side of identity and access: the authentication and idempotency filters, agent
 * registration, buyer merges and the development token endpoint.
 */
package org.agentcommerce.platform.interfaces.rest.security;
