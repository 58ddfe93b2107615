/**
 * Webhook delivery rules that need no container: the retry schedule, Standard Webhooks signing and
 * the destination (SSRF) guard.
 */
package org.agentcommerce.events.domain.webhook;
