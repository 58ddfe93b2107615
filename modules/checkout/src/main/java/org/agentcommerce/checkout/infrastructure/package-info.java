/**
 * JPA repositories and outbound clients of the checkout context, behind the domain's interfaces.
 */
package org.agentcommerce.checkout.infrastructure;
