/**
 * Partner purchases' use cases: the selection witness, opening, reading, resuming and recovering a
 * purchase, and the leased background poller that drives purchases with the partner.
 */
package org.agentcommerce.checkout.application.partner;
