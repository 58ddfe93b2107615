/** JPA repositories and outbound clients of the events context, behind the domain's interfaces. */
package org.agentcommerce.events.infrastructure;
