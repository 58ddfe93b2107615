/** Payments, PSP adapters and failover, mandates, the kill-switch and capture caps, refunds. */
module org.agentcommerce.payment {
  requires java.net.http;
  requires jakarta.cdi;
  requires jakarta.inject;
  requires jakarta.json;
  requires jakarta.persistence;
  requires jakarta.transaction;
  requires jakarta.ws.rs;
  requires jakarta.json.bind;
  requires jakarta.validation;
  requires microprofile.config.api;
  requires microprofile.openapi.api;
  requires transitive org.agentcommerce.checkout;

  exports org.agentcommerce.payment.api;

// No opens yet: each layer package opens to CDI, JPA or JSON-B when it gets its first class.
}
