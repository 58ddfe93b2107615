package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.PARSE_ERROR;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.TRANSPORT_ERROR;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.error;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.transportError;

import jakarta.json.JsonValue;
import java.nio.charset.CharacterCodingException;
import java.time.Clock;
import java.util.Locale;
import java.util.function.Consumer;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.Utf8;
import org.agentcommerce.platform.api.security.RateLimits;

/**
 * One tool door: the MCP Streamable HTTP transport in its stateless, JSON-only form, and the MCP
 * methods on top of JSON-RPC 2.0. Every request is complete in itself: no session header is issued
 * or required, and no server-to-client stream is offered (GET and DELETE answer 405).
 *
 * <p>Checks, in order: the open door's rate limit per client address (429), {@code Host} and {@code
 * Origin} against DNS rebinding (403), the HTTP method (405), {@code Accept} (406), {@code
 * Content-Type} (415), body size (413), JSON (400, -32700), the JSON-RPC shape (400, -32600), then
 * {@code MCP-Protocol-Version} (400) except on {@code initialize}. Notifications and client
 * responses then get 202 without a body; requests get 200 with a JSON-RPC result or error.
 *
 * <p>This class is the HTTP transport up to a parsed JSON text; {@link JsonRpcMessages} takes the
 * JSON-RPC messages from there, {@link McpMethods} the MCP methods, {@link ToolCalls} tools/call,
 * {@link ResourcesAndPrompts} the resource, prompt and completion methods, and {@link JsonRpc}
 * builds the answers.
 */
public final class McpEndpoint {

  /** Bodies above this size are refused with 413 before parsing. */
  public static final int MAX_BODY_BYTES = 1 << 20;

  // The HTTP statuses of the transport's refusals, in one place: the MCP conformance suite is the
  // judge of them, and may move them.
  static final int STATUS_DNS_REBINDING = 403;
  static final int STATUS_PARSE_ERROR = 400;
  static final int STATUS_INVALID_REQUEST = 400;
  static final int STATUS_UNSUPPORTED_PROTOCOL_VERSION = 400;

  static final String RATE_BUCKET_PREFIX = "mcp-open:";

  private final Door door;
  private final McpSettings settings;
  private final DnsRebindingGuard guard;
  private final RateLimits rateLimits;
  private final Clock clock;
  private final JsonRpcMessages messages;

  /**
   * @param rateLimits counters for the per-address limit, or null for no limit (the keyed door,
   *     whose key the platform limits)
   * @param counted counts an answered call of a {@link ToolCalls#COUNTED} tool for the calling
   *     agent
   */
  McpEndpoint(
      Door door,
      ToolCatalog tools,
      McpSettings settings,
      RateLimits rateLimits,
      Clock clock,
      Consumer<CountedCall> counted) {
    this.door = door;
    this.settings = settings;
    this.guard = new DnsRebindingGuard(settings);
    this.rateLimits = rateLimits;
    this.clock = clock;
    this.messages =
        new JsonRpcMessages(new McpMethods(door, tools, new ToolCalls(door, tools, counted)));
  }

  public Door door() {
    return door;
  }

  /** Answers one HTTP request to this door. */
  public McpHttpResponse handle(McpHttpRequest request) {
    if (rateLimits == null) {
      return answer(request);
    }
    RateLimits.Decision rate =
        rateLimits.acquire(
            RATE_BUCKET_PREFIX + clientAddress(request), settings.openRequestsPerMinute());
    McpHttpResponse response;
    if (rate.allowed()) {
      response = answer(request);
    } else {
      long retryAfter = rate.retryAfterSeconds(clock.millis() / 1000);
      response =
          error(
                  429,
                  JsonValue.NULL,
                  TRANSPORT_ERROR,
                  "Too Many Requests: the open door allows "
                      + rate.limit()
                      + " requests per minute per client; retry after "
                      + retryAfter
                      + " s, or use the keyed door with an API key.",
                  Jsons.object()
                      .add("error", "RATE_LIMITED")
                      .add("limit", rate.limit())
                      .add("retry_after_seconds", retryAfter)
                      .build())
              .withHeader("Retry-After", String.valueOf(retryAfter));
    }
    return response
        .withHeader("X-RateLimit-Limit", String.valueOf(rate.limit()))
        .withHeader("X-RateLimit-Remaining", String.valueOf(rate.remaining()))
        .withHeader("X-RateLimit-Reset", String.valueOf(rate.resetEpochSecond()))
        .withHeader("X-RateLimit-Scope", rate.scope());
  }

  /** The address the open door's limit counts: the socket peer, or the proxy-reported client. */
  String clientAddress(McpHttpRequest request) {
    if (settings.trustForwardedFor()) {
      String forwarded = request.header("x-forwarded-for");
      if (forwarded != null) {
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
          if (!hops[i].isBlank()) {
            return hops[i].trim();
          }
        }
      }
    }
    return request.remoteAddress() == null ? "unknown" : request.remoteAddress();
  }

  private McpHttpResponse answer(McpHttpRequest request) {
    var refused = guard.rejection(request.header("host"), request.header("origin"));
    if (refused.isPresent()) {
      return transportError(STATUS_DNS_REBINDING, refused.get());
    }
    if (!"POST".equals(request.method())) {
      return transportError(
              405,
              "Method Not Allowed: this MCP endpoint takes JSON-RPC messages by POST; it offers no"
                  + " SSE stream and keeps no sessions.")
          .withHeader("Allow", "POST");
    }
    if (!acceptsJson(request.header("accept"))) {
      return transportError(
          406, "Not Acceptable: this endpoint answers application/json; list it in Accept.");
    }
    if (!isJson(request.header("content-type"))) {
      return transportError(415, "Unsupported Media Type: send Content-Type: application/json.");
    }
    if (request.body().length > MAX_BODY_BYTES) {
      return transportError(
          413, "Payload Too Large: a message may have at most " + MAX_BODY_BYTES + " bytes.");
    }
    JsonValue message;
    try {
      message = Jsons.parse(Utf8.strict(request.body()));
    } catch (RuntimeException | CharacterCodingException e) {
      return error(
          STATUS_PARSE_ERROR,
          JsonValue.NULL,
          PARSE_ERROR,
          "Parse error: the body is not a JSON text.",
          null);
    }
    return messages.receive(request, message);
  }

  /** Absent, blank, or any range that admits application/json with a non-zero quality. */
  static boolean acceptsJson(String accept) {
    if (accept == null || accept.isBlank()) {
      return true;
    }
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      String type = parts[0].trim().toLowerCase(Locale.ROOT);
      if (!type.equals("application/json")
          && !type.equals("application/*")
          && !type.equals("*/*")) {
        continue;
      }
      boolean refused = false;
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i].trim().toLowerCase(Locale.ROOT);
        if (p.startsWith("q=")) {
          try {
            refused = Double.parseDouble(p.substring(2).trim()) <= 0;
          } catch (NumberFormatException e) {
            refused = false;
          }
        }
      }
      if (!refused) {
        return true;
      }
    }
    return false;
  }

  /** Absent, or application/json (any parameters), or a {@code +json} type. */
  static boolean isJson(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return true;
    }
    String type = contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
    return type.equals("application/json")
        || (type.startsWith("application/") && type.endsWith("+json"));
  }
}
