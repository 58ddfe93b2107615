/**
 * The order event timeline, long-poll, webhook configuration and signed delivery, storefront
 * webhook ingestion.
 */
module org.agentcommerce.events {
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

  exports org.agentcommerce.events.api;

// No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
