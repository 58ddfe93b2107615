/** Merchants, products, variants, offers, the search index, product groups, citations, intel, alternatives, recommendations and shopping briefs. */
module org.agentcommerce.catalog {
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.platform;

  exports org.agentcommerce.catalog.api;

  // No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
