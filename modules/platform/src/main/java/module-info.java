/**
 * The shared kernel: money, identifiers, errors, the REST error contract, agent keys and buyer
 * identity, idempotency, health and the OpenAPI document. Every other module builds on it.
 */
module org.agentcommerce.platform {
  requires java.management;
  requires java.net.http;
  requires java.naming;
  requires java.sql;
  requires java.logging;
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
  requires jersey.server;
  requires flyway.core;
  requires org.jose4j;
  requires microprofile.config.api;
  requires io.opentelemetry.api;
  requires io.opentelemetry.context;
  requires microprofile.health.api;
  requires microprofile.metrics.api;
  requires microprofile.openapi.api;
  requires transitive microprofile.jwt.auth.api;

  exports org.agentcommerce.platform.api;
  exports org.agentcommerce.platform.api.security;
  exports org.agentcommerce.platform.api.events;
  exports org.agentcommerce.platform.api.tracing;

  // CDI creates the tracing service and its interceptor; the log set-up observes start-up.
  opens org.agentcommerce.platform.api.tracing;
  opens org.agentcommerce.platform.infrastructure.logging;

  // CDI creates and proxies the application services.
  opens org.agentcommerce.platform.application;
  opens org.agentcommerce.platform.application.buyer;
  opens org.agentcommerce.platform.application.idempotency;
  // JPA (EclipseLink) reflects on the entities.
  opens org.agentcommerce.platform.domain.agent;
  opens org.agentcommerce.platform.domain.buyer;
  // CDI injects the datasource, config and entity manager into the repositories and listeners.
  opens org.agentcommerce.platform.infrastructure.persistence;
  // CDI creates the data grid view and the shared counters.
  opens org.agentcommerce.platform.infrastructure.grid;
  // CDI observes deployment in the HTTP edge installer (reflection only, no container types).
  opens org.agentcommerce.platform.infrastructure.http;
  // JAX-RS instantiates resources and providers; JSON-B reads and writes the DTO records.
  opens org.agentcommerce.platform.interfaces.rest;
  opens org.agentcommerce.platform.interfaces.rest.security;
  // MicroProfile OpenAPI instantiates the filter; JAX-RS the document resource.
  opens org.agentcommerce.platform.interfaces.rest.openapi;
  // MicroProfile Health discovers the checks through CDI.
  opens org.agentcommerce.platform.interfaces.health;
}
