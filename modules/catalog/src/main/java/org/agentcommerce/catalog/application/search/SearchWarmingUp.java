package org.agentcommerce.catalog.application.search;

/**
 * Fired (synchronously) once the catalog index is built, while the node still reports not ready:
 * observers warm what depends on the catalog (the brief parser learns the brand names) so that the
 * first agent request does not pay for it.
 */
public record SearchWarmingUp(int products) {}
