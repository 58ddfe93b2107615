/**
 * Merchants, products, variants, offers, the search index, product groups, citations, intel,
 * alternatives, recommendations and shopping briefs.
 */
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

  // CDI creates and proxies the application services.
  opens org.agentcommerce.catalog.application;
  // JPA (EclipseLink) reflects on the entities.
  opens org.agentcommerce.catalog.domain.merchant;
  // CDI injects the entity manager into the repositories.
  opens org.agentcommerce.catalog.infrastructure.persistence;
  // JAX-RS instantiates the resources; JSON-B writes the DTO records.
  opens org.agentcommerce.catalog.interfaces.rest;
}
