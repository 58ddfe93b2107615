package org.agentcommerce.packs.domain;

import java.time.Instant;
import org.agentcommerce.packs.api.PackContent;
import org.agentcommerce.packs.api.PackStatus;
import org.agentcommerce.packs.api.Validation;

/**
 * An operations pack of one agent at one merchant. {@code source}: {@code draft} (written by the
 * agent) or {@code generated} (from cached product rows). {@code validation} is the last result,
 * null before the first.
 */
public record Pack(
    String id,
    String agentId,
    String merchantId,
    PackStatus status,
    String source,
    PackContent content,
    Validation validation,
    Instant createdAt,
    Instant updatedAt,
    Instant validatedAt,
    Instant publishedAt) {}
