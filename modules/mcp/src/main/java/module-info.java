/** The JSON-RPC tool doors (open and keyed) and the UCP capability profile. */
module org.agentcommerce.mcp {
  requires java.logging;
  requires jakarta.cdi;
  requires jakarta.inject;
  requires transitive jakarta.json;
  requires jakarta.persistence;
  requires jakarta.servlet;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.payment;

  exports org.agentcommerce.mcp.api;

  // CDI creates and proxies the application services (and injects their configuration).
  opens org.agentcommerce.mcp.application;
  // CDI creates and proxies the catalog tools of both doors and injects the catalog ports.
  opens org.agentcommerce.mcp.application.tools;
  // CDI creates the doors' wiring bean and injects the tools, configuration and rate limits.
  opens org.agentcommerce.mcp.interfaces.mcp;
  // JAX-RS instantiates the door and profile resources; CDI injects them.
  opens org.agentcommerce.mcp.interfaces.rest;
}
