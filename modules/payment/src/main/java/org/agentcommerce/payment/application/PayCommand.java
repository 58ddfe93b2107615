package org.agentcommerce.payment.application;

import java.math.BigDecimal;

/**
 * A request to pay an order. {@code protocol}: rest, acp, ucp or mcp (which door the order is paid
 * through; every door but rest is gated). {@code offSession}: the method is a delegated one (a
 * mandate's token) and the buyer is not present. {@code expectedAmount}/{@code expectedCurrency}:
 * the drift guard, both optional. {@code checkoutSessionId}: the checkout session a vault token
 * must be allowed for (ACP delegated payment; null elsewhere).
 */
public record PayCommand(
    String agentId,
    String orderId,
    String methodType,
    String methodToken,
    boolean offSession,
    String returnUrl,
    BigDecimal expectedAmount,
    String expectedCurrency,
    String hilApprovalId,
    String protocol,
    String buyerIssuer,
    String buyerSubject,
    String mandateId,
    String checkoutSessionId) {

  @Override
  public String toString() {
    return "PayCommand[order="
        + orderId
        + ", method="
        + methodType
        + ", protocol="
        + protocol
        + "]";
  }
}
