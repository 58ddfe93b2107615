package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenPspAdapter.NAME;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.Answered;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.Lost;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspNotAcceptedException;

/**
 * The HTTP side of the Adyen adapter: one JSON POST authenticated with {@code X-API-Key} and
 * carrying the caller's {@code Idempotency-Key}, no redirects, a connect timeout, a read timeout
 * for the headers and one deadline for the whole answer, a body of at most 1 MiB. Thread-safe: the
 * JDK client is shared and the rest is immutable.
 */
final class AdyenHttp {

  private static final int MAX_BODY = 1024 * 1024;

  private final HttpClient http;
  private final Duration connectTimeout;
  private final Duration readTimeout;

  AdyenHttp(Duration connectTimeout, Duration readTimeout) {
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(connectTimeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  AdyenExchange post(
      PspCredentials credentials, String path, String idempotencyKey, String body, String what)
      throws PspNotAcceptedException {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(base(credentials) + path))
              .timeout(readTimeout)
              .header("Content-Type", "application/json")
              .header("Accept", "application/json")
              .header("X-API-Key", credentials.apiKey())
              .header("Idempotency-Key", idempotencyKey)
              .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
              .build();
    } catch (IllegalArgumentException badValue) {
      // The message may quote a header value: the API key. Drop it.
      throw new PspNotAcceptedException(
          NAME,
          "not_configured",
          "the Adyen base URL, API key or idempotency key is not usable in an HTTP request",
          false,
          true,
          null,
          null);
    }
    CompletableFuture<HttpResponse<byte[]>> pending =
        http.sendAsync(request, AdyenHttp::boundedBody);
    HttpResponse<byte[]> response;
    try {
      // The request timeout covers the wait for the headers; this deadline covers the body too.
      response =
          pending.get(
              connectTimeout.plus(readTimeout).plusMillis(250).toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException slow) {
      pending.cancel(true);
      return new Lost("Adyen did not answer " + what + " in time");
    } catch (InterruptedException interrupted) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      return new Lost("interrupted while waiting for Adyen's answer to " + what);
    } catch (ExecutionException failed) {
      return AdyenExchange.failure(failed.getCause(), what);
    }
    byte[] bytes = response.body();
    return new Answered(response.statusCode(), AdyenJson.jsonObject(bytes), response.headers());
  }

  private static HttpResponse.BodySubscriber<byte[]> boundedBody(HttpResponse.ResponseInfo info) {
    long length = info.headers().firstValueAsLong("Content-Length").orElse(-1L);
    return length > MAX_BODY
        ? HttpResponse.BodySubscribers.replacing(null)
        : HttpResponse.BodySubscribers.ofByteArray();
  }

  private static String base(PspCredentials c) {
    String base = c.baseUrl().toString();
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }
}
