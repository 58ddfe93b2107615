/**
 * The merchant connector port: how the catalog reads a merchant's products from the platform the
 * merchant's catalog lives on (Shopify, ...), as platform-neutral snapshots. Plain Java; the
 * implementations live in the infrastructure layer.
 */
package org.agentcommerce.catalog.spi;
