/**
 * Partner purchases: a purchase an outside purchasing partner places for a buyer, its states, the
 * partner SPI ({@link org.agentcommerce.checkout.domain.partner.PurchasingPartner}) and the store
 * of purchases with their leases (docs/partner-purchases.md).
 */
package org.agentcommerce.checkout.domain.partner;
