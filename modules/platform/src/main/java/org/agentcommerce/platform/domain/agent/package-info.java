/** Agents (the platforms calling us) and their API keys, stored only as hashes. */
package org.agentcommerce.platform.domain.agent;
