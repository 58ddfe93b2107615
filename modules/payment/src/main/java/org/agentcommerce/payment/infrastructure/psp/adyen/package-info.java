/**
 * The Adyen adapter of the PSP SPI: an HTTP client of Adyen's Checkout API (v71) written with the
 * JDK's {@code java.net.http} and JSON-P, and the verifier of Adyen's HMAC-signed standard
 * notifications.
 */
package org.agentcommerce.payment.infrastructure.psp.adyen;
