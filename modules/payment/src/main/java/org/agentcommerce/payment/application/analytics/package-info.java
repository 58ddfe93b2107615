/** The agent analytics: funnel and counted calls, read on demand. */
package org.agentcommerce.payment.application.analytics;
