/**
 * Merchant connectors: implementations of the catalog's connector port that read merchant platforms
 * over HTTP (the Shopify public storefront JSON, ...).
 */
package org.agentcommerce.catalog.infrastructure.connector;
