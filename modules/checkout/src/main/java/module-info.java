/**
 * Carts, quotes, offers preflight, checkout lanes, orders, partner purchases and merchant
 * connectors.
 */
module org.agentcommerce.checkout {
  requires java.logging;
  requires java.management;
  requires java.net.http;
  requires java.sql;
  requires jakarta.annotation;
  requires jakarta.cdi;
  requires jakarta.concurrency;
  requires jakarta.inject;
  requires jakarta.json;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.servlet;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.health.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.catalog;

  exports org.agentcommerce.checkout.api;
  // The MBean server introspects the operator MXBean interfaces.
  exports org.agentcommerce.checkout.interfaces.jmx;

  // CDI creates and proxies the application services; JSON-B writes their view records.
  opens org.agentcommerce.checkout.application;
  // MicroProfile Health discovers the readiness checks through CDI.
  opens org.agentcommerce.checkout.interfaces.health;
  opens org.agentcommerce.checkout.application.placement;
  opens org.agentcommerce.checkout.application.storefront;
  opens org.agentcommerce.checkout.application.partner;
  // JPA (EclipseLink) reflects on the entities.
  opens org.agentcommerce.checkout.domain.acp;
  opens org.agentcommerce.checkout.domain.intent;
  opens org.agentcommerce.checkout.domain.order;
  opens org.agentcommerce.checkout.domain.quote;
  // CDI injects the entity manager into the repositories.
  opens org.agentcommerce.checkout.infrastructure.persistence;
  // CDI creates the merchant order connectors and the placement store.
  opens org.agentcommerce.checkout.infrastructure.placement;
  opens org.agentcommerce.checkout.infrastructure.partner;
  opens org.agentcommerce.checkout.interfaces.jmx;
  // JAX-RS instantiates the resources; JSON-B reads and writes the DTO records.
  opens org.agentcommerce.checkout.interfaces.rest;
}
