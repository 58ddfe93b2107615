/** Buyer identity: verifying buyer tokens, the request's buyer, and the development issuer. */
package org.agentcommerce.platform.application.buyer;
