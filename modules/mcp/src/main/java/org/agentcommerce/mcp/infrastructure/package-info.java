/** JPA repositories and outbound clients of the mcp context, behind the domain's interfaces. */
package org.agentcommerce.mcp.infrastructure;
