package org.agentcommerce.mcp.interfaces.rest;

/** The OpenAPI texts the two door resources share. */
final class McpDocs {

  static final String TAG =
      "Model Context Protocol (Streamable HTTP, stateless, JSON answers): the open door /mcp and"
          + " the keyed door /commerce/mcp";

  static final String OPEN_POST =
      "One JSON-RPC 2.0 message per POST, MCP revisions 2025-11-25, 2025-06-18 and 2025-03-26."
          + " Send Content-Type: application/json and Accept: application/json, text/event-stream;"
          + " answers are always application/json, never an SSE stream. Stateless: no session"
          + " header is issued or needed. Methods: initialize, ping, tools/list, tools/call,"
          + " logging/setLevel, resources/list, resources/templates/list, resources/read,"
          + " prompts/list, prompts/get, completion/complete. Tools: search_catalog, get_product,"
          + " get_alternatives, get_intel; each result is in structuredContent and, as the same"
          + " JSON, in content[0].text. No credential; limited per client address, with"
          + " X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset and X-RateLimit-Scope on every"
          + " answer.";

  static final String KEYED_POST =
      "The keyed tool door: the same protocol as /mcp, for agents with an API key (X-API-Key or"
          + " Authorization: Bearer), which is checked before any JSON-RPC is read. All fourteen"
          + " tools; checkout and payment tools also need the buyer's token in X-Agent-User-JWT."
          + " Every tool result is a JSON document in content[0].text (no structuredContent)."
          + " Agents that send a UCP-Agent header, or _meta[\"ucp-agent\"] in params, get the UCP"
          + " dialect: UCP tool names and amounts in ISO minor units.";

  static final String BODY =
      "One JSON-RPC 2.0 request ({jsonrpc:\"2.0\", id, method, params}), notification (no id) or"
          + " response; under protocol 2025-03-26 (or without MCP-Protocol-Version) also a batch of them"
          + " (a JSON array, answered by an array).";

  static final String OK =
      "The JSON-RPC response to a request: a result, or an error with code -32601 (method not"
          + " found), -32602 (invalid params, e.g. an unknown tool), -32002 (resource not found) or"
          + " -32603 (internal error). A tool's own failure is a result with isError: true.";

  static final String ACCEPTED = "A notification or a response was accepted; no body.";

  static final String BAD_REQUEST =
      "A JSON-RPC error with id null or the request's id: -32700 when the body is not JSON,"
          + " -32600 when it is not one valid JSON-RPC message, -32000 when MCP-Protocol-Version"
          + " names a revision this server does not speak.";

  static final String FORBIDDEN =
      "DNS-rebinding protection: the Host or Origin header is not allowed (JSON-RPC error -32000,"
          + " id null).";

  static final String NOT_ACCEPTABLE = "Accept excludes application/json.";

  static final String TOO_LARGE = "The body is larger than 1 MiB.";

  static final String UNSUPPORTED_TYPE = "Content-Type is not application/json.";

  static final String RATE_LIMITED =
      "Over the per-client limit (ac.mcp.open.requests-per-minute); see Retry-After.";

  static final String UNAUTHORIZED =
      "No valid API key; answered by the platform before any JSON-RPC is read.";

  static final String KEY_RATE_LIMITED =
      "Over the key's rate limit (platform error shape, RATE_LIMITED); see Retry-After.";

  static final String NO_STREAM =
      "This server offers no server-to-client SSE stream: GET answers 405 with Allow: POST.";

  static final String NO_SESSION =
      "This server keeps no sessions, so there is none to end: DELETE answers 405 with Allow: POST.";

  static final String NOT_ALLOWED = "Only POST is served (Allow: POST).";

  private McpDocs() {}
}
