package org.agentcommerce.platform.application.buyer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.lang.JoseException;

/**
 * The keys of an issuer's JWKS endpoint, held in memory and refreshed in the background: a request
 * waits for the endpoint only while the very first load runs, and then no longer than one fetch may
 * take; afterwards it uses the keys it has while a refresh runs or fails (stale while revalidate).
 * A token naming a key the set lacks asks for a refetch, started at most once per minimum interval
 * and never waited for, so no token an agent sends can make this node call out more often.
 */
final class RemoteJwks {

  private static final Logger LOG = Logger.getLogger(RemoteJwks.class.getName());
  static final int MAX_BYTES = 512 * 1024;

  /** Timeouts and intervals, from the {@code ac.buyer-token.jwks.*} keys. */
  record Settings(
      Duration connectTimeout,
      Duration readTimeout,
      Duration refreshInterval,
      Duration minRefetchInterval) {

    /** The longest one fetch may take: connecting plus reading. */
    Duration fetchTimeout() {
      return connectTimeout.plus(readTimeout);
    }
  }

  /** Reads the document at a location within the settings' timeouts. */
  interface Fetcher {
    String fetch(URI location) throws IOException;
  }

  private final URI location;
  private final Settings settings;
  private final Fetcher fetcher;
  private final Executor executor;
  private final AtomicInteger fetches = new AtomicInteger();

  private volatile List<JsonWebKey> keys;
  private CompletableFuture<Void> inFlight;
  private long lastStartNanos;
  private boolean started;
  private ScheduledFuture<?> refresher;

  RemoteJwks(URI location, Settings settings, Fetcher fetcher, Executor executor) {
    this.location = location;
    this.settings = settings;
    this.fetcher = fetcher;
    this.executor = executor;
  }

  /** A key set read over HTTP with the settings' timeouts, at most {@link #MAX_BYTES}. */
  static RemoteJwks overHttp(URI location, Settings settings, Executor executor) {
    return new RemoteJwks(location, settings, new HttpFetcher(settings), executor);
  }

  /**
   * The location of a JWKS endpoint, if it may be used: {@code https}, or {@code http} to a
   * loopback address when {@code allowHttpLoopback} (the test suite's issuer).
   */
  static URI checkedLocation(String location, boolean allowHttpLoopback) {
    URI uri = URI.create(location.trim());
    if ("https".equalsIgnoreCase(uri.getScheme()) && uri.getHost() != null) {
      return uri;
    }
    if ("http".equalsIgnoreCase(uri.getScheme()) && isLoopback(uri.getHost())) {
      if (allowHttpLoopback) {
        return uri;
      }
      throw new IllegalArgumentException(
          "mp.jwt.verify.publickey.location must be an https URL; http to a loopback address is"
              + " allowed only with ac.buyer-token.jwks.allow-http-loopback=true (tests)");
    }
    throw new IllegalArgumentException(
        "mp.jwt.verify.publickey.location must be an https URL, not " + location);
  }

  private static boolean isLoopback(String host) {
    if (host == null) {
      return false;
    }
    if (host.equalsIgnoreCase("localhost")) {
      return true;
    }
    String literal = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (!literal.contains(":") && !literal.matches("[0-9.]+")) {
      return false; // a name: never resolved here
    }
    try {
      return InetAddress.getByName(literal).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Loads the keys now and refreshes them every refresh interval. */
  synchronized void start(ScheduledExecutorService scheduler) {
    if (refresher == null) {
      long every = Math.max(1, settings.refreshInterval().toMillis());
      refresher = scheduler.scheduleWithFixedDelay(this::refresh, 0, every, TimeUnit.MILLISECONDS);
    }
  }

  synchronized void stop() {
    if (refresher != null) {
      refresher.cancel(false);
      refresher = null;
    }
  }

  /**
   * The keys. Before the first load has succeeded, waits for a load (the one running, or a new one
   * if none began within the minimum interval) for at most one fetch's timeout.
   *
   * @throws KeysUnavailableException when there are still no keys
   */
  List<JsonWebKey> keys() {
    List<JsonWebKey> current = keys;
    if (current != null) {
      return current;
    }
    CompletableFuture<Void> load = refetch();
    if (load != null) {
      try {
        load.get(settings.fetchTimeout().toMillis() + 250, TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        // no keys: answered below
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    current = keys;
    if (current == null) {
      throw new KeysUnavailableException();
    }
    return current;
  }

  /**
   * Starts a fetch in the background unless one is running or the last one began less than the
   * minimum interval ago (the rate limit on fetches that tokens can cause).
   *
   * @return the running fetch, or null when none runs
   */
  synchronized CompletableFuture<Void> refetch() {
    if (inFlight != null) {
      return inFlight;
    }
    long now = System.nanoTime();
    if (started && now - lastStartNanos < settings.minRefetchInterval().toNanos()) {
      return null;
    }
    return begin(now);
  }

  /** The scheduled refresh: fetches unless a fetch is running. */
  synchronized CompletableFuture<Void> refresh() {
    return inFlight != null ? inFlight : begin(System.nanoTime());
  }

  /** Outbound fetches begun so far. */
  int fetches() {
    return fetches.get();
  }

  private CompletableFuture<Void> begin(long now) {
    started = true;
    lastStartNanos = now;
    CompletableFuture<Void> fetch = CompletableFuture.runAsync(this::load, executor);
    inFlight = fetch;
    fetch.whenComplete(
        (ok, error) -> {
          synchronized (this) {
            if (inFlight == fetch) {
              inFlight = null;
            }
          }
        });
    return fetch;
  }

  private void load() {
    fetches.incrementAndGet();
    List<JsonWebKey> previous = keys;
    try {
      String document = fetcher.fetch(location);
      if (!document.contains("\"keys\"")) {
        throw new JoseException("not a JWK set (no \"keys\" member)");
      }
      List<JsonWebKey> loaded = List.copyOf(VerificationKeys.parse(document));
      if (loaded.isEmpty()) {
        throw new JoseException("the JWK set lists no keys");
      }
      keys = loaded;
      LOG.fine(() -> "Buyer-token keys loaded from " + location + ": " + loaded.size());
    } catch (IOException | JoseException | RuntimeException e) {
      LOG.warning(
          "Buyer-token keys could not be fetched from "
              + location
              + " ("
              + e.getMessage()
              + "); "
              + (previous == null
                  ? "no keys yet: buyer tokens cannot be verified"
                  : "keeping the " + previous.size() + " keys fetched before"));
    }
  }

  /** No key has been loaded yet; the node cannot judge a token (503, not the token's fault). */
  static final class KeysUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    KeysUnavailableException() {
      super("the issuer's keys have not been loaded", null, false, false);
    }
  }

  /** GET with a connect timeout, a deadline for the whole exchange and a size limit. */
  private static final class HttpFetcher implements Fetcher {

    private final HttpClient client;
    private final Settings settings;

    HttpFetcher(Settings settings) {
      this.settings = settings;
      this.client =
          HttpClient.newBuilder()
              .connectTimeout(settings.connectTimeout())
              .followRedirects(HttpClient.Redirect.NEVER)
              .build();
    }

    @Override
    public String fetch(URI location) throws IOException {
      HttpRequest request =
          HttpRequest.newBuilder(location)
              .timeout(settings.fetchTimeout())
              .header("Accept", "application/json")
              .GET()
              .build();
      CompletableFuture<HttpResponse<byte[]>> exchange =
          client.sendAsync(request, info -> new LimitedBody(MAX_BYTES));
      try {
        HttpResponse<byte[]> response =
            exchange.get(settings.fetchTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (response.statusCode() != 200) {
          throw new IOException("HTTP " + response.statusCode());
        }
        return new String(response.body(), StandardCharsets.UTF_8);
      } catch (TimeoutException e) {
        exchange.cancel(true);
        throw new IOException("no answer within " + settings.fetchTimeout().toMillis() + " ms");
      } catch (ExecutionException e) {
        throw new IOException(String.valueOf(e.getCause()), e.getCause());
      } catch (InterruptedException e) {
        exchange.cancel(true);
        Thread.currentThread().interrupt();
        throw new IOException("interrupted");
      }
    }
  }

  /** Collects a body of at most {@code limit} bytes; a longer one fails the exchange. */
  private static final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final int limit;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    LimitedBody(int limit) {
      this.limit = limit;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
      for (ByteBuffer buffer : buffers) {
        if (result.isDone()) {
          return;
        }
        if (body.size() + buffer.remaining() > limit) {
          subscription.cancel();
          result.completeExceptionally(new IOException("larger than " + limit + " bytes"));
          return;
        }
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        body.write(bytes, 0, bytes.length);
      }
    }

    @Override
    public void onError(Throwable error) {
      result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
      result.complete(body.toByteArray());
    }
  }
}
