/**
 * Carts, quotes, offers preflight, checkout lanes, orders, partner purchases and merchant
 * connectors.
 */
module org.agentcommerce.checkout {
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

  exports org.agentcommerce.checkout.api;

// No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
