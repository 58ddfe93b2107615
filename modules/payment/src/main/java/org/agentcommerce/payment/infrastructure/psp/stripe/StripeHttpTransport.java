package org.agentcommerce.payment.infrastructure.psp.stripe;

import com.stripe.exception.ApiConnectionException;
import com.stripe.net.HttpClient;
import com.stripe.net.HttpHeaders;
import com.stripe.net.StripeRequest;
import com.stripe.net.StripeResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URISyntaxException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * stripe-java's transport on {@code java.net.http}, so that the adapter can tell "nothing was sent"
 * from "sent, no answer". stripe-java's default transport ({@code HttpURLConnection}) reports a
 * connect timeout and a read timeout as the same exception type, and HttpURLConnection may resend a
 * POST once on its own when reading the answer fails. Here a request is sent at most once (the JDK
 * client resends only idempotent methods), and the cause of an {@link ApiConnectionException} says
 * what happened: {@link ConnectException} or {@link HttpConnectTimeoutException} when no connection
 * was made, anything else once the request may have left.
 */
final class StripeHttpTransport extends HttpClient {

  private final java.net.http.HttpClient http;
  private final Duration readTimeout;

  StripeHttpTransport(Duration connectTimeout, Duration readTimeout) {
    this.http =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .connectTimeout(connectTimeout)
            .followRedirects(java.net.http.HttpClient.Redirect.NEVER)
            .build();
    this.readTimeout = readTimeout;
  }

  @Override
  public StripeResponse request(StripeRequest request) throws ApiConnectionException {
    HttpRequest.Builder builder;
    try {
      builder = HttpRequest.newBuilder(request.url().toURI()).timeout(readTimeout);
    } catch (URISyntaxException e) {
      throw new ApiConnectionException("invalid Stripe URL", e);
    }
    for (Map.Entry<String, List<String>> header : request.headers().map().entrySet()) {
      builder.header(header.getKey(), String.join(",", header.getValue()));
    }
    builder.setHeader("User-Agent", buildUserAgentString(request));
    builder.setHeader("X-Stripe-Client-User-Agent", buildXStripeClientUserAgentString());
    if (request.content() == null) {
      builder.method(request.method().name(), HttpRequest.BodyPublishers.noBody());
    } else {
      builder.setHeader("Content-Type", request.content().contentType());
      builder.method(
          request.method().name(),
          HttpRequest.BodyPublishers.ofByteArray(request.content().byteArrayContent()));
    }
    try {
      HttpResponse<String> response =
          http.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new StripeResponse(
          response.statusCode(), HttpHeaders.of(response.headers().map()), response.body());
    } catch (IOException e) {
      throw new ApiConnectionException("no answer from Stripe: " + e.getClass().getSimpleName(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiConnectionException("interrupted while waiting for Stripe", e);
    }
  }
}
