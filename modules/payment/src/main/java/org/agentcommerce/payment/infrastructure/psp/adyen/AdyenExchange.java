package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenPspAdapter.NAME;

import jakarta.json.JsonObject;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpTimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.agentcommerce.payment.spi.PspNotAcceptedException;

/** What became of one HTTP exchange with Adyen: answered, not sent at all, or lost on the way. */
sealed interface AdyenExchange {

  /** Adyen answered; {@code json} is null when the body is not a JSON object. */
  record Answered(int status, JsonObject json, HttpHeaders headers) implements AdyenExchange {}

  /** Not a byte of the request left this machine. */
  record NotSent(String code, String reason) implements AdyenExchange {
    PspNotAcceptedException toException() {
      return new PspNotAcceptedException(NAME, code, reason, true, true, null, null);
    }
  }

  /** The request may have reached Adyen, and its answer did not reach us. */
  record Lost(String reason) implements AdyenExchange {}

  /** Classifies a failed exchange by the first telling cause: was anything sent? */
  static AdyenExchange failure(Throwable error, String what) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof HttpConnectTimeoutException) {
        return new NotSent("connect_timeout", "could not connect to Adyen in time");
      }
      if (t instanceof HttpTimeoutException) {
        return new Lost("Adyen did not answer " + what + " in time");
      }
      if (t instanceof ConnectException) {
        return new NotSent("connection_refused", "could not connect to Adyen");
      }
      if (t instanceof SSLHandshakeException) {
        return new NotSent("tls_handshake_failed", "the TLS handshake with Adyen failed");
      }
    }
    return new Lost(
        "the connection to Adyen failed while sending "
            + what
            + " or awaiting its answer ("
            + (error == null ? "unknown error" : error.getClass().getSimpleName())
            + ")");
  }
}
