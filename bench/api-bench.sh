#!/usr/bin/env bash
# Single-client latency of briefs, recommendations and the tool door on the benchmark catalog
# loaded by bench/catalog-bench.sh (MariaDB database ac_bench). Each bench/*-requests.jsonl named
# below runs N times (default 1000) over one keep-alive connection, the first request after start
# included; numbers are the server-side time from Server-Timing.
# Needs: the loaded ac_bench database, python3. Everything binds 127.0.0.1 and stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-1000}"
DB="${BENCH_DB:-ac_bench}"
URL="${BENCH_DB_URL:-jdbc:mariadb://127.0.0.1:3306/$DB}"
PORT="${BENCH_PORT:-8090}"
base="http://127.0.0.1:$PORT"
out="bench/results"
mkdir -p "$out"
SPECS="${SPECS:-brief recommend mcp-search mcp-recommend}"

[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
AC_DB_URL="$URL" AC_DB_USER=root AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_MCP_OPEN_REQUESTS_PER_MINUTE=1000000000 \
  java -Xms1g -Xmx2g -jar webapp/target/agent-commerce.jar --port "$PORT" >"$out/api-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
until curl -fsS -o /dev/null "$base/health/ready" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || { tail -50 "$out/api-server.log"; exit 1; }
  sleep 0.5
done
key="$(curl -fsS -X POST "$base/agent/v1/auth" -H 'Content-Type: application/json' \
  -d "{\"agent_name\":\"bench\",\"agent_email\":\"bench-$RANDOM@example.com\"}" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')"
mariadb -uroot "$DB" -e "UPDATE agents SET tier='enterprise'"
for spec in $SPECS; do
  printf '%-14s ' "$spec"
  python3 bench/requests.py 127.0.0.1 "$PORT" "$key" "$N" "$out/$spec.json" "bench/$spec-requests.jsonl"
done
