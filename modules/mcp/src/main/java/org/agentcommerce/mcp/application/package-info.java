/**
 * Use-case services of the mcp context: CDI beans, @ApplicationScoped and @Transactional, that
 * orchestrate the domain.
 */
package org.agentcommerce.mcp.application;
