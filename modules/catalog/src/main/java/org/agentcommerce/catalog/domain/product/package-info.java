/** Products, variants and offers as stored, and the bulk reader the search index uses. */
package org.agentcommerce.catalog.domain.product;
