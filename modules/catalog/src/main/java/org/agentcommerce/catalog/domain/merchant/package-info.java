/** Merchants: the stores whose catalogs and checkouts the service brokers. */
package org.agentcommerce.catalog.domain.merchant;
