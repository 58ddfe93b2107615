/**
 * Database plumbing shared by all modules: schema migrations at start-up and the liveness probe.
 */
package org.agentcommerce.platform.infrastructure.persistence;
