package org.agentcommerce.payment.domain;

import java.time.Instant;
import org.agentcommerce.payment.api.PaymentStatus;
import org.agentcommerce.platform.api.Money;

/** A payment as stored: one try to pay one order (see V9__payments.sql). */
public record PaymentRecord(
    String id,
    String agentId,
    String orderId,
    String merchantId,
    PaymentStatus status,
    Money amount,
    String psp,
    String pspPaymentId,
    String methodType,
    boolean offSession,
    boolean live,
    String protocol,
    String returnUrl,
    String actionUrl,
    String errorCode,
    String declineCode,
    String errorMessage,
    String buyerIssuer,
    String buyerSubject,
    String hilApprovalId,
    String mandateId,
    Instant createdAt,
    Instant updatedAt) {}
