package org.agentcommerce.platform.api.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.function.BiConsumer;
import org.eclipse.microprofile.config.Config;

/**
 * The service's spans, recorded through the runtime's MicroProfile Telemetry (OpenTelemetry) when
 * tracing is on: {@code otel.sdk.disabled=false} (or {@code OTEL_SDK_DISABLED=false}), the switch
 * the runtime itself reads. While it is off nothing here touches OpenTelemetry: every call answers
 * {@link TraceSpan#NONE}, so the runtime never even creates the application's tracer.
 *
 * <p>Work done later on behalf of a request (a payment's reconciliation, a webhook's delivery)
 * stores the request's {@link #traceparent()} with its row and is recorded as a span linked to
 * ({@link #startLinked}) or continuing ({@link #startChildOf}) that trace.
 */
@ApplicationScoped
public class Tracing {

  private static final TextMapGetter<Map<String, String>> MAP_GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
          return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
          return carrier == null ? null : carrier.get(key);
        }
      };

  @Inject Config config;
  @Inject Instance<Tracer> tracers;
  @Inject Instance<OpenTelemetry> telemetries;

  /**
   * Whether tracing is on, for the static helpers. With the SDK disabled the runtime still makes a
   * span for each JAX-RS request (exported nowhere, a new trace id, the caller's {@code
   * traceparent} ignored): those spans are never stored with work, stamped on log lines or
   * annotated.
   */
  private static volatile boolean on;

  private boolean enabled;
  private volatile Tracer tracer;
  private volatile OpenTelemetry telemetry;

  @PostConstruct
  void init() {
    enabled = !config.getOptionalValue("otel.sdk.disabled", Boolean.class).orElse(true);
    on = enabled;
  }

  /** Whether spans are recorded and exported (the runtime's SDK is enabled). */
  public boolean enabled() {
    return enabled;
  }

  /** Starts an internal span, child of the thread's current span. */
  public TraceSpan start(String name) {
    return enabled
        ? open(tracer().spanBuilder(name).setSpanKind(SpanKind.INTERNAL))
        : TraceSpan.NONE;
  }

  /** Starts a span of a call to another system (a PSP, a merchant platform, a webhook receiver). */
  public TraceSpan startClient(String name) {
    return enabled ? open(tracer().spanBuilder(name).setSpanKind(SpanKind.CLIENT)) : TraceSpan.NONE;
  }

  /**
   * Starts a new trace's root span for background work, linked to the trace that created the work
   * ({@code traceparent} as stored with its row; none or unreadable: no link).
   */
  public TraceSpan startLinked(String name, String traceparent) {
    if (!enabled) {
      return TraceSpan.NONE;
    }
    SpanBuilder builder = tracer().spanBuilder(name).setNoParent().setSpanKind(SpanKind.INTERNAL);
    SpanContext creator = parse(traceparent);
    if (creator.isValid()) {
      builder.addLink(creator);
    }
    return open(builder);
  }

  /**
   * Starts a client span continuing the trace that created the work ({@code traceparent} as stored
   * with its row), so what it calls sees that trace; without one, a child of the current span.
   */
  public TraceSpan startChildOf(String name, String traceparent) {
    if (!enabled) {
      return TraceSpan.NONE;
    }
    SpanBuilder builder = tracer().spanBuilder(name).setSpanKind(SpanKind.CLIENT);
    SpanContext creator = parse(traceparent);
    if (creator.isValid()) {
      builder.setParent(Context.current().with(Span.wrap(creator)));
      SpanContext current = Span.current().getSpanContext();
      if (current.isValid()) {
        builder.addLink(current);
      }
    }
    return open(builder);
  }

  /**
   * Writes the current span's W3C trace context ({@code traceparent}, and {@code tracestate} or
   * {@code baggage} when there are) to an outgoing request's headers; nothing while tracing is off.
   */
  public void inject(BiConsumer<String, String> header) {
    if (enabled) {
      telemetry()
          .getPropagators()
          .getTextMapPropagator()
          .inject(Context.current(), header, (carrier, k, v) -> carrier.accept(k, v));
    }
  }

  /** The current span's {@code traceparent}, to store with work done later; null when none. */
  public static String traceparent() {
    if (!on) {
      return null;
    }
    SpanContext c = Span.current().getSpanContext();
    if (!c.isValid()) {
      return null;
    }
    return "00-" + c.getTraceId() + "-" + c.getSpanId() + "-" + c.getTraceFlags().asHex();
  }

  /** The current span's trace id (32 hex digits); null when no span is recording. */
  public static String traceId() {
    if (!on) {
      return null;
    }
    SpanContext c = Span.current().getSpanContext();
    return c.isValid() ? c.getTraceId() : null;
  }

  /**
   * Remembers the thread's current span as the request's (the runtime's server span, current while
   * the request filters run): an exception mapper runs after the runtime has left that span's
   * scope, and still annotates it. Forgotten when the request ends ({@link LogContext#clear}).
   */
  public static void rememberRequestSpan() {
    if (on) {
      REQUEST_SPAN.set(Span.current());
    }
  }

  static void forgetRequestSpan() {
    REQUEST_SPAN.remove();
  }

  private static final ThreadLocal<Span> REQUEST_SPAN = new ThreadLocal<>();

  /** The current span, else the request's span remembered by the filters. */
  private static Span requestOrCurrent() {
    Span current = Span.current();
    if (current.getSpanContext().isValid()) {
      return current;
    }
    Span request = REQUEST_SPAN.get();
    return request == null ? current : request;
  }

  /** Sets an attribute on the current span (Payara's span of the request, say), if any. */
  public static void annotate(String key, String value) {
    if (!on) {
      return;
    }
    Span current = requestOrCurrent();
    if (value != null && current.getSpanContext().isValid()) {
      current.setAttribute(key, value);
    }
  }

  /** Records an event with one attribute on the current span, if any. */
  public static void event(String name, String key, String value) {
    if (!on) {
      return;
    }
    Span current = requestOrCurrent();
    if (current.getSpanContext().isValid()) {
      current.addEvent(
          name,
          io.opentelemetry.api.common.Attributes.of(
              io.opentelemetry.api.common.AttributeKey.stringKey(key), value));
    }
  }

  /** The trace id of a W3C {@code traceparent}; null when it is absent or malformed. */
  public static String traceIdOf(String traceparent) {
    SpanContext c = parse(traceparent);
    return c.isValid() ? c.getTraceId() : null;
  }

  static SpanContext parse(String traceparent) {
    if (traceparent == null || traceparent.isBlank()) {
      return SpanContext.getInvalid();
    }
    Context extracted =
        W3CTraceContextPropagator.getInstance()
            .extract(Context.root(), Map.of("traceparent", traceparent.trim()), MAP_GETTER);
    return Span.fromContext(extracted).getSpanContext();
  }

  private Tracer tracer() {
    Tracer t = tracer;
    if (t == null) {
      t = tracers.get();
      tracer = t;
    }
    return t;
  }

  private OpenTelemetry telemetry() {
    OpenTelemetry t = telemetry;
    if (t == null) {
      t = telemetries.get();
      telemetry = t;
    }
    return t;
  }

  private static TraceSpan open(SpanBuilder builder) {
    Span span = builder.startSpan();
    return new Recording(span, span.makeCurrent());
  }

  /** A recorded span and the scope that made it current. */
  private record Recording(Span span, Scope scope) implements TraceSpan {

    @Override
    public TraceSpan attribute(String key, String value) {
      if (value != null) {
        span.setAttribute(key, value);
      }
      return this;
    }

    @Override
    public TraceSpan attribute(String key, long value) {
      span.setAttribute(key, value);
      return this;
    }

    @Override
    public TraceSpan failed(Throwable error) {
      span.setStatus(StatusCode.ERROR);
      span.setAttribute("exception.type", error.getClass().getName());
      return this;
    }

    @Override
    public TraceSpan failed(String code) {
      span.setStatus(StatusCode.ERROR, code);
      return this;
    }

    @Override
    public void close() {
      try {
        scope.close();
      } finally {
        span.end();
      }
    }
  }
}
