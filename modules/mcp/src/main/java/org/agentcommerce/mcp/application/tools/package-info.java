/**
 * The catalog tools of the tool doors: {@code search_catalog}, {@code get_product}, {@code
 * get_alternatives} and {@code get_intel} on both doors, {@code list_merchants} and {@code
 * recommend_products} on the keyed door, and the UCP dialect's {@code search_catalog}, {@code
 * get_product} and {@code lookup_catalog}. Native results carry prices in major units, UCP results
 * in ISO minor units.
 */
package org.agentcommerce.mcp.application.tools;
