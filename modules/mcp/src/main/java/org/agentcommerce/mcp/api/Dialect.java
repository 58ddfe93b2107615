package org.agentcommerce.mcp.api;

/**
 * The tool vocabulary a request speaks. The native dialect uses this service's tool names and major
 * currency units; the UCP dialect uses the Universal Commerce Protocol's tool names and ISO minor
 * units. Only the keyed door speaks UCP, and only when the agent announces itself as a UCP agent
 * (the {@code UCP-Agent} header, or {@code _meta["ucp-agent"]} in the request's params).
 */
public enum Dialect {
  NATIVE,
  UCP
}
