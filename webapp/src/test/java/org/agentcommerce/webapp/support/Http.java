package org.agentcommerce.webapp.support;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A small HTTP client for tests: requests against the deployed server, answers as JSON. Every
 * answer is checked by the {@link ContractGuard} against the server's OpenAPI document, unless the
 * test asked for an {@link #unguarded()} client to send what no client should.
 */
public final class Http {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final URI base;
  private final boolean guarded;

  /**
   * A client for the server at {@code base}. The runtime reports its host by the machine's address,
   * but test servers listen on the loopback interface only, so requests go to 127.0.0.1.
   */
  public Http(URL base) {
    this(URI.create("http://127.0.0.1:" + base.getPort()), true);
  }

  private Http(URI base, boolean guarded) {
    this.base = base;
    this.guarded = guarded;
  }

  /**
   * The same server without the contract guard: for requests that are meant to break the contract
   * (hostile or malformed input, undocumented test-only paths) and whose answers the test checks.
   */
  public Http unguarded() {
    return new Http(base, false);
  }

  /**
   * The OpenAPI document the server serves, byte for byte, once it has derived it (what the
   * contract guard reads; it answers 503 until then).
   */
  public String openApiDocument() {
    return ContractGuard.document(base);
  }

  /** Waits (up to a minute) until {@code /health/ready} answers 200; answers this client. */
  public Http awaitReady() {
    long deadline = System.currentTimeMillis() + 60_000;
    while (get("/health/ready").status() != 200) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("never ready");
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    return this;
  }

  public Answer get(String path, String... headers) {
    return send("GET", path, null, headers);
  }

  public Answer post(String path, String json, String... headers) {
    return send("POST", path, json, headers);
  }

  public Answer send(String method, String path, String body, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    boolean hasType = false;
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
      hasType |= headers[i].equalsIgnoreCase("Content-Type");
    }
    if (body != null && !hasType) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    try {
      HttpResponse<String> response =
          CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
      Answer answer = new Answer(response.statusCode(), response.headers().map(), response.body());
      if (guarded) {
        ContractGuard.of(base).check(method, path, answer);
      }
      return answer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** What the client saw. */
  public record Answer(int status, Map<String, java.util.List<String>> headers, String body) {

    public JsonObject json() {
      return (JsonObject) structure();
    }

    public JsonStructure structure() {
      try (var reader = Json.createReader(new StringReader(body))) {
        return reader.read();
      }
    }

    public Optional<String> header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .flatMap(e -> e.getValue().stream())
          .findFirst();
    }

    public JsonValue at(String pointer) {
      return Json.createPointer(pointer).getValue(structure());
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }
}
