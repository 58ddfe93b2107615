#!/usr/bin/env bash
# Starts the built uber jar on a free port with a throw-away H2 database, then drives both MCP
# doors with real clients: the pinned MCP conformance suite (open door), the official TypeScript
# SDK client and the MCP Inspector CLI (open and keyed doors, native and UCP dialects).
#
#   tools/mcp-check.sh
#
# Builds nothing: build the jar first (./mvnw -q -o package -DskipTests). The server runs from a
# temporary working directory (its H2 data lands in ./data there) and is stopped on exit. An agent is
# registered through POST /agent/v1/auth for the keyed door's key, and a buyer token is minted by
# the development issuer (on for this throw-away loopback server only) for the purchase journey;
# the payment gates are opened by configuration (submission on, a test cap of 1,000,000 minor
# units) so that complete_checkout_session can charge the sandbox PSP.
#
# Environment:
#   MCP_CHECK_JAR        the uber jar (default: webapp/target/agent-commerce.jar)
#   MCP_CHECK_TIMEOUT    seconds to wait for /health/ready (default 300)
#   MCP_CHECK_OPEN_LIMIT the open door's requests per minute per address (default 100000: every
#                        client runs from 127.0.0.1, and the suite alone exceeds the usual 120)
#   CHECK_JAVA_OPTS      JVM options for the server (.ci/run: the client compiler alone, the serial collector and no warm-up searches, less CPU)
#   MCP_CHECK_KEEP=1     keep the temporary directory (server log, conformance results); it is
#                        always kept when the check fails
#
# Exit status: 0 when the conformance suite matches its baseline and every SDK and Inspector check
# passes; 1 when any of them fails or the server does not come up; 2 on a usage or setup problem.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [[ $# -gt 0 ]]; then
  sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
jar="${MCP_CHECK_JAR:-$root/webapp/target/agent-commerce.jar}"
timeout_s="${MCP_CHECK_TIMEOUT:-300}"
if [[ ! -f "$jar" ]]; then
  echo "mcp-check: no uber jar at $jar; build it first: ./mvnw -q -o package -DskipTests" >&2
  exit 2
fi
for tool in java node npm; do
  command -v "$tool" >/dev/null || { echo "mcp-check: $tool is not on the PATH" >&2; exit 2; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/mcp-check.XXXXXX")"
log="$work/server.log"
server_pid=""

stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null
    for _ in $(seq 1 30); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 1
    done
    kill -9 "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  server_pid=""
}
finish() {
  local rc=$?
  stop_server
  if [[ "${MCP_CHECK_KEEP:-0}" == 1 || $rc -ne 0 ]]; then
    echo "mcp-check: kept $work (server.log, conformance results)"
  else
    rm -rf "$work"
  fi
}
trap finish EXIT
trap 'exit 130' INT TERM

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"
base="http://127.0.0.1:$port"
echo "mcp-check: starting $(basename "$jar") on $base (working directory $work)"
# exec: $! is the JVM itself, so the trap stops exactly the process started here.
# The conformance suite alone sends some 130 requests to the open door within a minute, all from
# 127.0.0.1: the open door's per-address limit (120 a minute by default) is raised for the run.
(cd "$work" \
  && AC_DEV_ISSUER_ENABLED=true AC_PAYMENTS_SUBMIT_ENABLED=true AC_PAYMENTS_TEST_CAPTURE_CAP=1000000 \
    AC_MCP_OPEN_REQUESTS_PER_MINUTE="${MCP_CHECK_OPEN_LIMIT:-100000}" \
    exec java ${CHECK_JAVA_OPTS:-} -jar "$jar" --port "$port") >"$log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + timeout_s))
until [[ "$(node -e 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0))' "$base/health/ready")" == 200 ]]; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "mcp-check: the server exited before it was ready; last lines of its log:" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  if ((SECONDS > deadline)); then
    echo "mcp-check: /health/ready not 200 after ${timeout_s}s; last lines of the server log:" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  sleep 2
done
echo "mcp-check: server ready after ${SECONDS}s"

key="$(node -e '
  fetch(process.argv[1] + "/agent/v1/auth", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ agent_name: "mcp-check", agent_email: `mcp-check-${Date.now()}@agents.test` }),
  }).then(async (r) => {
    const body = await r.json();
    if (r.status !== 200 || !body.api_key) { console.error(r.status, JSON.stringify(body)); process.exit(1); }
    console.log(body.api_key);
  }, (e) => { console.error(e.message); process.exit(1); });
' "$base")" || { echo "mcp-check: could not register an agent" >&2; exit 1; }

buyer="$(node -e '
  fetch(process.argv[1] + "/agent/v1/dev/buyer-tokens", {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": process.argv[2] },
    body: JSON.stringify({ subject: `mcp-check-buyer-${Date.now()}`, email: "buyer@example.com" }),
  }).then(async (r) => {
    const body = await r.json();
    if (r.status !== 200 || !body.token) { console.error(r.status, JSON.stringify(body)); process.exit(1); }
    console.log(body.token);
  }, (e) => { console.error(e.message); process.exit(1); });
' "$base" "$key")" || { echo "mcp-check: could not mint a buyer token" >&2; exit 1; }

declare -A outcome
run() {
  local name="$1"; shift
  echo
  echo "==== $name"
  "$@" 2>&1 | tee "$work/$name.out"
  outcome[$name]=${PIPESTATUS[0]}
}

run conformance env CONFORMANCE_RESULTS_DIR="$work/conformance" "$here/mcp-conformance/run.sh" "$base/mcp"
if [[ ! -d "$here/mcp-clients/node_modules/@modelcontextprotocol/sdk" ]]; then
  echo "mcp-check: installing the pinned MCP clients (npm ci) ..." >&2
  (cd "$here/mcp-clients" && npm ci --no-audit --no-fund >&2) || exit 2
fi
run sdk-client env MCP_BUYER_TOKEN="$buyer" node "$here/mcp-clients/sdk-client.mjs" "$base" "$key"
run inspector "$here/mcp-clients/inspector.sh" "$base" "$key"

stop_server
echo
echo "==== summary"
failed=0
for name in conformance sdk-client inspector; do
  summary="$(grep -E '^(conformance|sdk-client|inspector): [0-9]+ passed' "$work/$name.out" | tail -1)"
  if [[ "${outcome[$name]}" == 0 ]]; then
    echo "PASS $name: ${summary:-exit 0}"
  else
    echo "FAIL $name (exit ${outcome[$name]}): ${summary:-see above}"
    failed=1
  fi
done
if grep -q 'SEVERE' "$log"; then
  echo "note: the server logged SEVERE lines:"
  grep 'SEVERE' "$log" | head -5
fi
exit "$failed"
