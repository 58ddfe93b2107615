package org.agentcommerce.catalog.domain.brief;

/**
 * One rule of the parser, for generated documentation.
 *
 * @param id the stable id that {@link Evidence#ruleId()} refers to
 * @param description one line
 */
public record BriefRule(String id, String description) {}
