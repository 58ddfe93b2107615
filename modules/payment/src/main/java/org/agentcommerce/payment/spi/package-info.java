/**
 * The PSP service-provider interface: what the payment service asks of a payment service provider
 * and how an adapter must classify what happened (see {@link
 * org.agentcommerce.payment.spi.PspAdapter}).
 */
package org.agentcommerce.payment.spi;
