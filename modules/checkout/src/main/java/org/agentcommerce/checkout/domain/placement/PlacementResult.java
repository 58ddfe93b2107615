package org.agentcommerce.checkout.domain.placement;

/**
 * The platform's order: its id, the number the merchant and buyer see, and whether this call found
 * an order an earlier call had already created ({@code existing}).
 */
public record PlacementResult(String platformOrderId, String orderNumber, boolean existing) {}
