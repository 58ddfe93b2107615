package org.agentcommerce.checkout.domain.partner;

/**
 * A partner call that did not succeed. {@link Kind#RETRYABLE}: nothing happened at the partner
 * (refused before acting: an outage, a 503), try again later. {@link Kind#REFUSED}: the partner
 * said no for good (4xx). {@link Kind#UNKNOWN}: the call may have taken effect but no answer came
 * (a timeout, a reset connection, a 5xx after sending): look it up before anything else. {@link
 * Kind#NOT_SENT}: nothing left this server (the partner's address is not known here yet): not an
 * attempt, try again later.
 */
public class PartnerException extends Exception {

  private static final long serialVersionUID = 1L;

  public enum Kind {
    RETRYABLE,
    REFUSED,
    UNKNOWN,
    NOT_SENT
  }

  private final Kind kind;
  private final String code;
  private final Long retryAfterSeconds;

  public PartnerException(Kind kind, String code, String message, Long retryAfterSeconds) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public Kind kind() {
    return kind;
  }

  /** The partner's error code (or ours for a transport failure), e.g. {@code quote_expired}. */
  public String code() {
    return code;
  }

  public Long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
