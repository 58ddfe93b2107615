/** Payments, PSP adapters and failover, mandates, the kill-switch and capture caps, refunds. */
module org.agentcommerce.payment {
  requires java.logging;
  requires java.management;
  requires java.naming;
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
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.fault.tolerance.api;
  requires microprofile.metrics.api;
  requires microprofile.openapi.api;
  requires com.stripe;
  requires transitive org.agentcommerce.checkout;

  exports org.agentcommerce.payment.api;
  exports org.agentcommerce.payment.spi;

  // CDI creates and proxies the application services; JSON-B writes their views.
  opens org.agentcommerce.payment.application;
  opens org.agentcommerce.payment.application.analytics;
  opens org.agentcommerce.payment.domain;
  opens org.agentcommerce.payment.spi;
  // CDI creates the store, the PSP adapters and their guards.
  opens org.agentcommerce.payment.infrastructure.persistence;
  opens org.agentcommerce.payment.infrastructure.psp;
  opens org.agentcommerce.payment.infrastructure.psp.sandbox;
  // The MBean and its registration.
  opens org.agentcommerce.payment.interfaces.jmx;

  exports org.agentcommerce.payment.interfaces.jmx;

  // JAX-RS instantiates the resources; JSON-B reads and writes the DTO records.
  opens org.agentcommerce.payment.interfaces.rest;
}
