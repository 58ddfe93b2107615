/** The JSON-RPC tool doors (open and keyed) and the UCP capability profile. */
module org.agentcommerce.mcp {
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.json;
  requires jakarta.persistence;
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
  // JAX-RS instantiates the resources; CDI injects them.
  opens org.agentcommerce.mcp.interfaces.rest;
// The other packages open to CDI, JPA or JSON-B when they get their first class.
}
