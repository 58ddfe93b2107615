/**
 * Partner purchases' infrastructure: the SQL store with its leases, the HTTP adapter to the
 * purchasing partner, and the built-in sandbox partner's books.
 */
package org.agentcommerce.checkout.infrastructure.partner;
