/**
 * Merchants, products, variants, offers, the search index, product groups, citations, intel,
 * alternatives, recommendations and shopping briefs.
 */
module org.agentcommerce.catalog {
  requires java.management;
  requires java.logging;
  requires java.naming;
  requires java.net.http;
  requires java.sql;
  requires jakarta.annotation;
  requires jakarta.cdi;
  requires jakarta.concurrency;
  requires jakarta.inject;
  requires jakarta.json;
  requires jakarta.json.bind;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.validation;
  requires jakarta.ws.rs;
  requires microprofile.config.api;
  requires microprofile.metrics.api;
  requires microprofile.health.api;
  requires microprofile.openapi.api;
  requires org.apache.lucene.analysis.common;
  requires org.apache.lucene.core;
  requires transitive org.agentcommerce.platform;

  exports org.agentcommerce.catalog.api;
  exports org.agentcommerce.catalog.spi;

  // CDI creates and proxies the application services; JSON-B reads the stored index records.
  opens org.agentcommerce.catalog.application;
  opens org.agentcommerce.catalog.application.search;
  opens org.agentcommerce.catalog.application.brief;
  // JPA (EclipseLink) reflects on the entities; JSON-B on the product records the index stores.
  opens org.agentcommerce.catalog.domain.merchant;
  opens org.agentcommerce.catalog.domain.product;
  opens org.agentcommerce.catalog.domain.evidence;
  // CDI creates and proxies the merchant connectors.
  opens org.agentcommerce.catalog.infrastructure.connector;
  // CDI injects the entity manager and datasource into the repositories.
  opens org.agentcommerce.catalog.infrastructure.persistence;
  // JAX-RS instantiates the resources; JSON-B writes the DTO records.
  opens org.agentcommerce.catalog.interfaces.rest;
  // MicroProfile Health discovers the checks through CDI.
  opens org.agentcommerce.catalog.interfaces.health;

  exports org.agentcommerce.catalog.interfaces.jmx;

  opens org.agentcommerce.catalog.interfaces.jmx;
}
