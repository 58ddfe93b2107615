#!/usr/bin/env bash
# Order events and webhooks on MariaDB: 1,000 long-poll waiters on one node (threads and RSS while
# they wait, wake latency from commit to answer) -- all of one agent on one cursor (the herd: one
# event answers all of them), and spread over SPREAD_AGENTS agents (one agent's order answers its
# waiters) -- then 2,000 events delivered to a local webhook receiver (first-attempt latency from
# commit, deliveries/s), written at once and at each rate of RATES (events/s; 0: at once). Needs a
# MariaDB server on 127.0.0.1:3306 (root, no password; the database ac_eventbench is dropped and
# created) and a JDK. Binds 127.0.0.1, stops the server at the end. W, R, E: waiters, rounds,
# events; PER_DEST: the server's per-destination concurrency; WARMUP: unmeasured bursts of E events
# before the measured deliveries (default 2: the JIT compiles the delivery path meanwhile).
set -euo pipefail
cd "$(dirname "$0")/.."
DB="${BENCH_DB:-ac_eventbench}"
PORT="${BENCH_PORT:-8094}"
W="${W:-1000}"
R="${R:-5}"
E="${E:-2000}"
export SPREAD_AGENTS="${SPREAD_AGENTS:-100}" RATES="${RATES:-0,250,500}"
base="http://127.0.0.1:$PORT"
out="bench/results"
mkdir -p "$out"
mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
repo="${MAVEN_REPO:-$HOME/.m2/repository}"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B -Dmaven.repo.local="$repo" package -DskipTests
AC_DB_URL="jdbc:mariadb://127.0.0.1:3306/$DB" AC_DB_USER=root AC_DEMO_DATA=true \
  AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_AUTH_REGISTRATION_RATE_LIMIT=1000 \
  AC_ORDERS_SPEND_MAX_ORDER='USD=100000000' AC_ORDERS_SPEND_MAX_24H='USD=100000000000' \
  AC_EVENTS_MAX_WAITERS_PER_KEY="$W" AC_WEBHOOKS_PER_DESTINATION_CONCURRENCY="${PER_DEST:-4}" \
  AC_WEBHOOKS_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" AC_WEBHOOKS_ALLOW_HTTP_LOOPBACK=true \
  java -Xms1g -Xmx2g ${SERVER_OPTS:-} -jar webapp/target/agent-commerce.jar --port "$PORT" --nocluster >"$out/events-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
until curl -fsS -o /dev/null "$base/health/ready" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || { tail -50 "$out/events-server.log"; exit 1; }
  sleep 0.5
done
pid="$(pgrep -f "agent-commerce.jar --port $PORT" | head -1)"
register() {
  curl -fsS -X POST "$base/agent/v1/auth" -H 'Content-Type: application/json' \
    -d "{\"agent_name\":\"bench $1\",\"agent_email\":\"bench-$1-$RANDOM@example.com\"}"
}
read -r k1 a1 < <(register waiters | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["api_key"], d["agent_id"])')
read -r k2 a2 < <(register hooks | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["api_key"], d["agent_id"])')
mysql -uroot -h127.0.0.1 "$DB" -e "UPDATE agents SET tier='enterprise'"
driver="$(ls "$repo"/org/mariadb/jdbc/mariadb-java-client/*/mariadb-java-client-*.jar | grep -v sources | tail -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$driver" bench/EventsBench.java "$base" "jdbc:mariadb://127.0.0.1:3306/$DB" "$pid" \
  "$k1" "$a1" "$k2" "$a2" "$out" "$W" "$R" "$E"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
