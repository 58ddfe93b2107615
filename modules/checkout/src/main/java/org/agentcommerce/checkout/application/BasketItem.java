package org.agentcommerce.checkout.application;

import java.math.BigDecimal;

/**
 * One item as a client sent it: a product reference (our id, the platform's id or handle, or a
 * variant id or SKU), an optional variant, a quantity, and optionally the unit price and line
 * subtotal the client believes (checks, never prices). {@code index} is its place in the request.
 */
public record BasketItem(
    int index,
    String productRef,
    String variantRef,
    int quantity,
    BigDecimal unitPrice,
    BigDecimal subtotal) {}
