/**
 * The Model Context Protocol server behind both tool doors: Streamable HTTP (stateless, JSON
 * answers), JSON-RPC 2.0, the MCP methods, argument validation and result rendering. Plain Java
 * apart from the CDI wiring in {@link org.agentcommerce.mcp.interfaces.mcp.McpDoors}, so that the
 * whole protocol is tested without a container; the JAX-RS resources only translate HTTP.
 */
package org.agentcommerce.mcp.interfaces.mcp;
