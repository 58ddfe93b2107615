/**
 * The order event timeline, long-poll, webhook configuration and signed delivery, storefront
 * webhook ingestion. It reads the platform's domain-event outbox and uses only the order book's
 * exported port ({@code checkout.api}); nothing below it imports it.
 */
module org.agentcommerce.events {
  requires java.management;
  requires java.naming;
  requires java.logging;
  requires java.sql;
  requires jakarta.annotation;
  requires jakarta.cdi;
  requires jakarta.concurrency;
  requires jakarta.inject;
  requires jakarta.json;
  requires jakarta.json.bind;
  requires jakarta.persistence;
  requires jakarta.servlet;
  requires jakarta.transaction;
  requires jakarta.validation;
  requires jakarta.ws.rs;
  requires microprofile.config.api;
  requires microprofile.metrics.api;
  requires microprofile.openapi.api;
  requires org.agentcommerce.checkout;

  exports org.agentcommerce.events.api;

  // CDI creates and proxies the application services.
  opens org.agentcommerce.events.application;
  // CDI creates the JDBC stores.
  opens org.agentcommerce.events.infrastructure;
  // JAX-RS instantiates the resources; JSON-B reads and writes the DTO records.
  opens org.agentcommerce.events.interfaces.rest;

  exports org.agentcommerce.events.interfaces.jmx;

  opens org.agentcommerce.events.interfaces.jmx;
}
