#!/usr/bin/env bash
# Starts the built uber jar on a free port with a throw-away H2 database and drives the hosted
# pages (checkout, the sandbox PSP's card form and 3-D Secure step, confirmation, error pages, the
# HIL approval page, the mandate confirmation page) in a real browser: Debian's chromium, headless,
# through playwright-core (tools/browser/hosted-pages.mjs). Screenshots of each page at 1280 px and
# 375 px are kept under target/browser-check/ (not committed).
#
#   tools/browser-check.sh
#
# Builds nothing: build the jar first (./mvnw -q -o package -DskipTests). Installs chromium with
# apt-get when it is missing (root only) and playwright-core with npm ci. The server runs from a
# temporary working directory with the development buyer-token issuer on and checkout tokens valid
# 40 seconds (so that the expired-link page can be reached); it is stopped on exit. After the run
# the server's log is searched for any checkout or page token: finding one fails the check.
#
# Environment:
#   CHROMIUM              the browser binary (default /usr/bin/chromium)
#   BROWSER_CHECK_JAR     the uber jar (default: webapp/target/agent-commerce.jar)
#   CHECK_JAVA_OPTS       JVM options for the server (.ci/run: the client compiler alone, the serial collector and no warm-up searches, less CPU)
#   BROWSER_CHECK_KEEP=1  keep the temporary directory (server log); kept when the check fails
#
# Exit status: 0 when every journey passes; 1 when one fails or the server does not come up; 2 on
# a usage or setup problem.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [[ $# -gt 0 ]]; then
  sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
jar="${BROWSER_CHECK_JAR:-$root/webapp/target/agent-commerce.jar}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
shots="$root/target/browser-check"
if [[ ! -f "$jar" ]]; then
  echo "browser-check: no uber jar at $jar; build it first: ./mvnw -q -o package -DskipTests" >&2
  exit 2
fi
for tool in java node npm; do
  command -v "$tool" >/dev/null || { echo "browser-check: $tool is not on the PATH" >&2; exit 2; }
done
if [[ ! -x "$chromium" ]]; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    echo "browser-check: installing chromium (apt-get) ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; } \
      || { echo "browser-check: could not install chromium" >&2; exit 2; }
  else
    echo "browser-check: no browser at $chromium (install Debian's chromium, or set CHROMIUM)" >&2
    exit 2
  fi
fi
if [[ ! -d "$here/browser/node_modules/playwright-core" ]]; then
  echo "browser-check: installing playwright-core (npm ci) ..." >&2
  (cd "$here/browser" && npm ci --no-audit --no-fund >&2) || exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/browser-check.XXXXXX")"
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
  if [[ "${BROWSER_CHECK_KEEP:-0}" == 1 || $rc -ne 0 ]]; then
    echo "browser-check: kept $work (server.log)"
  else
    rm -rf "$work"
  fi
}
trap finish EXIT
trap 'exit 130' INT TERM

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"
base="http://127.0.0.1:$port"
echo "browser-check: starting $(basename "$jar") on $base (working directory $work)"
(cd "$work" \
  && AC_DEV_ISSUER_ENABLED=true AC_CHECKOUT_TOKEN_TTL=PT40S \
    exec java ${CHECK_JAVA_OPTS:-} -jar "$jar" --port "$port") >"$log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + 300))
until [[ "$(node -e 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0))' "$base/health/ready")" == 200 ]]; do
  if ! kill -0 "$server_pid" 2>/dev/null || ((SECONDS > deadline)); then
    echo "browser-check: the server did not come up; last lines of its log:" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  sleep 2
done
echo "browser-check: server ready after ${SECONDS}s"

key="$(node -e '
  fetch(process.argv[1] + "/agent/v1/auth", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ agent_name: "browser-check", agent_email: `browser-check-${Date.now()}@agents.test` }),
  }).then(async (r) => {
    const body = await r.json();
    if (r.status !== 200 || !body.api_key) { console.error(r.status, JSON.stringify(body)); process.exit(1); }
    console.log(body.api_key);
  }, (e) => { console.error(e.message); process.exit(1); });
' "$base")" || { echo "browser-check: could not register an agent" >&2; exit 1; }

rm -rf "$shots"
CHROMIUM="$chromium" node "$here/browser/hosted-pages.mjs" "$base" "$key" "$shots"
rc=$?
stop_server
# No checkout token (ct_ci_…), page token (bpt_…), challenge secret (scs_…) or fragment credential
# in any log line.
if grep -nE 'ct_ci_[A-Za-z0-9]|bpt_[A-Za-z0-9_-]{8}|scs_[A-Za-z0-9_-]{8}|#token=|#secret=' "$log"; then
  echo "browser-check: FAIL: the server log holds a token (lines above)"
  rc=1
else
  echo "browser-check: no token in the server log ($(wc -l <"$log") lines)"
fi
exit "$rc"
