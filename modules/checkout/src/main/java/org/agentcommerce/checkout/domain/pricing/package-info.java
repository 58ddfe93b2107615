/** Pricing: the rules a merchant stores and the pure function that prices a basket. */
package org.agentcommerce.checkout.domain.pricing;
