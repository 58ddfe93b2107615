/** JPA repositories and outbound clients of the packs context, behind the domain's interfaces. */
package org.agentcommerce.packs.infrastructure;
