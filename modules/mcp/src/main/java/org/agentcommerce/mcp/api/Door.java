package org.agentcommerce.mcp.api;

/** The two tool doors. A tool says on which of them it is offered. */
public enum Door {
  /** {@code POST /mcp}: no credential, rate-limited per client address, native dialect only. */
  OPEN,
  /** {@code POST /commerce/mcp}: an agent key is required; native or UCP dialect. */
  KEYED
}
