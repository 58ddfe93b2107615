package org.agentcommerce.platform.api.tracing;

/**
 * A span of work this service records when tracing is on ({@link Tracing}); while it is open it is
 * the current span of its thread. Closing ends it. Attribute values are never secrets: no key,
 * token, card, client secret, webhook secret or credential header, ever.
 */
public interface TraceSpan extends AutoCloseable {

  /** Sets an attribute (a null value is skipped). */
  TraceSpan attribute(String key, String value);

  /** Sets a numeric attribute. */
  TraceSpan attribute(String key, long value);

  /** Marks the span failed with the exception's class name (never its message: it may say more). */
  TraceSpan failed(Throwable error);

  /** Marks the span failed with a short code of ours (a decline code, an HTTP status class). */
  TraceSpan failed(String code);

  /** Ends the span and restores the thread's previous current span. */
  @Override
  void close();

  /** The span that records nothing: what every call answers while tracing is off. */
  TraceSpan NONE =
      new TraceSpan() {
        @Override
        public TraceSpan attribute(String key, String value) {
          return this;
        }

        @Override
        public TraceSpan attribute(String key, long value) {
          return this;
        }

        @Override
        public TraceSpan failed(Throwable error) {
          return this;
        }

        @Override
        public TraceSpan failed(String code) {
          return this;
        }

        @Override
        public void close() {}
      };
}
