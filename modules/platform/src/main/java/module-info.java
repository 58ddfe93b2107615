/**
 * The shared kernel: money, identifiers, errors, the REST error contract, health and the OpenAPI
 * document. Every other module builds on it.
 */
module org.agentcommerce.platform {
  requires java.net.http;
  requires java.sql;
  requires java.naming;
  requires java.logging;
  requires jakarta.annotation;
  requires jakarta.cdi;
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
  requires microprofile.config.api;
  requires microprofile.health.api;
  requires microprofile.openapi.api;

  exports org.agentcommerce.platform.api;

  // CDI creates and proxies the application services.
  opens org.agentcommerce.platform.application;
  // CDI injects the datasource and config into the probe and the migrator.
  opens org.agentcommerce.platform.infrastructure.persistence;
  // JAX-RS instantiates resources and providers; JSON-B reads the response records.
  opens org.agentcommerce.platform.interfaces.rest;
  // MicroProfile OpenAPI instantiates the filter; JAX-RS the document resource.
  opens org.agentcommerce.platform.interfaces.rest.openapi;
  // MicroProfile Health discovers the checks through CDI.
  opens org.agentcommerce.platform.interfaces.health;
}
