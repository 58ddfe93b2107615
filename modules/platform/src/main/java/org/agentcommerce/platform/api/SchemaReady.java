package org.agentcommerce.platform.api;

/**
 * CDI event fired once per start, after the schema migrations ran and before the first request:
 * modules observe it to build what they keep in memory (the catalog's search index).
 */
public record SchemaReady() {}
