/** JPA repositories and outbound clients of the payment context, behind the domain's interfaces. */
package org.agentcommerce.payment.infrastructure;
