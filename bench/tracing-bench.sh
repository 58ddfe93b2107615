#!/usr/bin/env bash
# Tracing's cost (issue 39): orders and payments per second with tracing off (the default) and on
# (OTLP/HTTP protobuf to a local sink that accepts and drops every export), same node settings,
# MariaDB, the demo catalog. Each mode: a fresh database and node, a warm-up, then N orders and N
# payments with C clients (one agent each). Needs MariaDB on 127.0.0.1:3306 (root, no password; the
# database ac_tracebench is dropped and created) and python3. Binds 127.0.0.1, stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
# 1,600 requests of 16 clients: 100 per connection, and a payment run adds its 100 untimed orders;
# Payara Micro closes a keep-alive connection after 250 requests (max-connections), which
# orders.py does not survive (a client thread dies and the rate is overstated).
N="${N:-1600}"
C="${C:-16}"
DB="${BENCH_DB:-ac_tracebench}"
PORT="${BENCH_PORT:-8094}"
SINK_PORT="${SINK_PORT:-4318}"
base="http://127.0.0.1:$PORT"
out="bench/results"
mkdir -p "$out"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
jose4j="$(ls ~/.m2/repository/org/bitbucket/b_c/jose4j/*/jose4j-*.jar | grep -v sources | tail -1)"
slf4j="$(ls ~/.m2/repository/org/slf4j/slf4j-api/*/slf4j-api-*.jar | grep -v sources | tail -1)"
java -cp "$jose4j:$slf4j" bench/BenchBuyerTokens.java "$PWD/$out/bench-jwks.json" "$out/bench-tokens.txt" "$C"

# The OTLP sink: answers 200 to every POST and counts the bytes it got.
python3 - "$SINK_PORT" >"$out/otlp-sink.log" 2>&1 <<'PY' &
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    total = 0
    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0")); self.rfile.read(n); H.total += n
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
        print("export", n, "bytes, total", H.total, flush=True)
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
PY
sink=$!
server=
trap 'kill $sink 2>/dev/null || true; [ -n "$server" ] && kill $server 2>/dev/null || true' EXIT

run() { python3 bench/orders.py 127.0.0.1 "$PORT" "$@"; }

bench() { # $1: off|on
  mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
  local tracing=()
  if [ "$1" = on ]; then
    tracing=(OTEL_SDK_DISABLED=false OTEL_TRACES_EXPORTER=otlp OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf
      "OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$SINK_PORT" OTEL_METRICS_EXPORTER=none
      OTEL_LOGS_EXPORTER=none OTEL_SERVICE_NAME=agent-commerce)
  fi
  env "${tracing[@]}" MP_JWT_VERIFY_PUBLICKEY_LOCATION="file:$PWD/$out/bench-jwks.json" \
    MP_JWT_VERIFY_ISSUER=https://bench.issuer.invalid MP_JWT_VERIFY_AUDIENCES=agent-commerce \
    AC_DB_URL="jdbc:mariadb://127.0.0.1:3306/$DB" AC_DB_USER=root AC_DEMO_DATA=true \
    AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_AUTH_REGISTRATION_RATE_LIMIT=1000 \
    AC_ORDERS_SPEND_MAX_ORDER='USD=100000000' AC_ORDERS_SPEND_MAX_24H='USD=100000000000' \
    java -Xms1g -Xmx2g -jar webapp/target/agent-commerce.jar --port "$PORT" --nocluster \
    >"$out/tracing-$1-server.log" 2>&1 &
  server=$!
  until curl -fsS -o /dev/null "$base/health/ready" 2>/dev/null; do
    kill -0 "$server" 2>/dev/null || { tail -50 "$out/tracing-$1-server.log"; exit 1; }
    sleep 0.5
  done
  local keys="$out/tracing-keys.txt"
  : >"$keys"
  for i in $(seq 1 "$C"); do
    curl -fsS -X POST "$base/agent/v1/auth" -H 'Content-Type: application/json' \
      -d "{\"agent_name\":\"bench $i\",\"agent_email\":\"bench-$i-$RANDOM@example.com\"}" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])' >>"$keys"
  done
  mysql -uroot -h127.0.0.1 "$DB" -e "UPDATE agents SET tier='enterprise'"
  echo "== tracing $1 (load before: $(cut -d' ' -f1-3 /proc/loadavg))"
  run order 1000 4 "$keys" "$out/tracing-$1-warm.json" >/dev/null
  TOKENS="$out/bench-tokens.txt" run pay 400 4 "$keys" "$out/tracing-$1-warm2.json" >/dev/null
  run order "$N" "$C" "$keys" "$out/tracing-$1-order.json"
  TOKENS="$out/bench-tokens.txt" run pay "$N" "$C" "$keys" "$out/tracing-$1-pay.json"
  kill "$server"; wait "$server" 2>/dev/null || true
  server=
}

bench off
bench on
echo "OTLP sink: $(tail -1 "$out/otlp-sink.log")"
