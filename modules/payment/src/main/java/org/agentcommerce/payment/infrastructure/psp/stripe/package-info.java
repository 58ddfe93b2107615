/**
 * The Stripe adapter of the PSP SPI: PaymentIntents created and confirmed with our idempotency key,
 * looked up by id or by our reference, refunds, and webhook signature verification, on the official
 * stripe-java client with its network retries off.
 */
package org.agentcommerce.payment.infrastructure.psp.stripe;
