/** Operations content packs: draft, generate, validate, publish. */
module org.agentcommerce.packs {
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.catalog;

  exports org.agentcommerce.packs.api;

// No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
