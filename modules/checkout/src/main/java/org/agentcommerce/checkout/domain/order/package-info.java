/** Orders, their lines and their moves. */
package org.agentcommerce.checkout.domain.order;
