/** The JSON-RPC tool doors (open and keyed) and the UCP capability profile. */
module org.agentcommerce.mcp {
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.payment;

  exports org.agentcommerce.mcp.api;

// No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
