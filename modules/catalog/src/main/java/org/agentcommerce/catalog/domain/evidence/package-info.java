/** Evidence: citations, and product intel whose every claim cites one. */
package org.agentcommerce.catalog.domain.evidence;
