/** Counted agent calls (query analytics): per agent, kind of call and hour. */
package org.agentcommerce.platform.domain.usage;
