package org.agentcommerce.payment.spi;

/** What a PSP answered about a charge, as far as the adapter can tell. */
public enum PspOutcome {
  /** Money captured (or authorised and captured automatically). Final. */
  SUCCEEDED,
  /** The buyer must act first (3-D Secure): {@link PspResult#actionUrl()} says where. */
  REQUIRES_ACTION,
  /** Accepted, the outcome comes later (asynchronous methods): reconcile or wait for a webhook. */
  PROCESSING,
  /** Refused by the PSP or the issuer; no money moved. Final. */
  DECLINED,
  /** Only from {@link PspAdapter#retrieve}: the PSP certainly has no such payment. */
  NOT_FOUND,
  /** We cannot tell whether a charge exists (timeout after sending, 5xx, reset). Reconcile. */
  UNKNOWN
}
