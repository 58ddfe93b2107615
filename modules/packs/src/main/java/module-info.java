/** Operations content packs: draft, generate, validate, publish. */
module org.agentcommerce.packs {
  requires java.sql;
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.catalog;

  exports org.agentcommerce.packs.api;

  // JSON-B reads and writes the pack content and validation records (stored and on the wire).
  opens org.agentcommerce.packs.api;
  // CDI creates and proxies the application service.
  opens org.agentcommerce.packs.application;
  // CDI creates the JDBC store.
  opens org.agentcommerce.packs.infrastructure;
  // JAX-RS instantiates the resource; JSON-B reads and writes the DTO records.
  opens org.agentcommerce.packs.interfaces.rest;
}
