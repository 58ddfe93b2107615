/** JPA repositories of the catalog, behind the domain's repository interfaces. */
package org.agentcommerce.catalog.infrastructure.persistence;
