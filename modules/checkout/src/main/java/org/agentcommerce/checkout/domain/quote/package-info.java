/** Server-locked quotes. */
package org.agentcommerce.checkout.domain.quote;
