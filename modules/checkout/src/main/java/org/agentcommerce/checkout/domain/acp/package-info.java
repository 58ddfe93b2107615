/** In-chat ACP checkout sessions: a locked basket bound to an agent and a buyer, completed once. */
package org.agentcommerce.checkout.domain.acp;
