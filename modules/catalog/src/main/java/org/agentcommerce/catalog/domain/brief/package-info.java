/**
 * A deterministic, rule-based parser that turns a free-text shopping brief into structured fields.
 */
package org.agentcommerce.catalog.domain.brief;
