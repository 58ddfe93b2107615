/** Buyer references and the aliases that merge them, scoped to one agent. */
package org.agentcommerce.platform.domain.buyer;
