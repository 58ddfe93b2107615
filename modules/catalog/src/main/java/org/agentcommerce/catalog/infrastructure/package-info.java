/** JPA repositories and outbound clients of the catalog context, behind the domain's interfaces. */
package org.agentcommerce.catalog.infrastructure;
