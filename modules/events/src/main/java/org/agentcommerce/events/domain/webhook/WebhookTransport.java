package org.agentcommerce.events.domain.webhook;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Sends one webhook request: a POST to a destination the {@link DestinationGuard} passed, connected
 * to one of the addresses it was checked at, never following a redirect. The whole exchange — the
 * connection, the request and the answer with its body — ends within the timeout.
 */
public interface WebhookTransport {

  /** What the receiver answered: the final status and its {@code Retry-After}, if any. */
  record Answer(int status, String retryAfter) {}

  /** The exchange did not end within its timeout. */
  final class TimedOut extends IOException {
    private static final long serialVersionUID = 1L;

    public TimedOut(String message) {
      super(message);
    }
  }

  /**
   * POSTs {@code body} with {@code headers} (name, value pairs; {@code Host}, {@code
   * Content-Length} and {@code Connection} are the transport's own).
   *
   * @throws TimedOut when the exchange did not end within {@code timeout}
   * @throws IOException when the destination could not be reached or answered outside HTTP/1.1
   */
  Answer post(DestinationGuard.Checked to, List<String[]> headers, byte[] body, Duration timeout)
      throws IOException;
}
