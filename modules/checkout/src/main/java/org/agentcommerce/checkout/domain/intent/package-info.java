/** Checkout intents: a hosted checkout for one order or quote, opened with a checkout token. */
package org.agentcommerce.checkout.domain.intent;
