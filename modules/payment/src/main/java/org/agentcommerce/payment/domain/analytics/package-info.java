/** Read models for the agent analytics: what the order book and the payments say, per day. */
package org.agentcommerce.payment.domain.analytics;
