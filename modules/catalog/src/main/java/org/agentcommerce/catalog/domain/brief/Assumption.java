package org.agentcommerce.catalog.domain.brief;

/**
 * Something the parser filled in without the brief saying it.
 *
 * @param id stable identifier, e.g. "currency.from_market"
 * @param confidence 0..1, how likely the assumption is right
 */
public record Assumption(String id, String text, double confidence) {}
