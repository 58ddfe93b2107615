/** Placing paid orders on merchant platforms: the connector SPI and what placement needs. */
package org.agentcommerce.checkout.domain.placement;
