#!/usr/bin/env bash
# A fleet on one machine: what counting rate limits in the data grid costs per request, and orders
# per second with one node and with two. Starts nodes of the built uber jar on 127.0.0.1 on a
# fresh MariaDB database (127.0.0.1:3306, root, no password; ac_fleetbench is dropped and created):
#   1. two nodes WITHOUT a grid (--nocluster): keyed GETs, 1 and C clients;
#   2. two nodes forming a grid (post-boot file, TCP/IP members on 127.0.0.1): the same;
#   3. orders/s with C clients on one node, then spread over both nodes of the grid;
#   4. cross-node wake-ups: WAKE_N orders made on one node, each awaited by a long-poll reader on
#      the other (bench/fleet_wake.py), without and with the grid.
# ONLY=wake runs step 4 alone.
# Numbers go to bench/results/fleet-*.json; docs/benchmarks.md "A fleet" quotes them.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-3000}"
C="${C:-16}"
DB="${BENCH_DB:-ac_fleetbench}"
P1="${BENCH_PORT:-8095}"
P2=$((P1 + 1))
GRID_PORT="${GRID_PORT:-5960}"
out="bench/results"
mkdir -p "$out"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
jose4j="$(ls ~/.m2/repository/org/bitbucket/b_c/jose4j/*/jose4j-*.jar | grep -v sources | tail -1)"
slf4j="$(ls ~/.m2/repository/org/slf4j/slf4j-api/*/slf4j-api-*.jar | grep -v sources | tail -1)"
java -cp "$jose4j:$slf4j" bench/BenchBuyerTokens.java "$PWD/$out/bench-jwks.json" "$out/bench-tokens.txt" "$C"
grid="$out/fleet-grid.asadmin"
echo "set-hazelcast-configuration --enabled=true --dynamic=true --clustermode=tcpip --tcpipmembers=127.0.0.1:$GRID_PORT,127.0.0.1:$((GRID_PORT + 1)) --startport=$GRID_PORT --interfaces=127.0.0.1 --clustername=ac-fleetbench-$$" >"$grid"
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done; pids=(); }
trap stop EXIT
start() { # port, extra payara-micro arguments...
  local port=$1; shift
  MP_JWT_VERIFY_PUBLICKEY_LOCATION="file:$PWD/$out/bench-jwks.json" \
    MP_JWT_VERIFY_ISSUER=https://bench.issuer.invalid MP_JWT_VERIFY_AUDIENCES=agent-commerce \
    AC_DB_URL="jdbc:mariadb://127.0.0.1:3306/$DB" AC_DB_USER=root AC_DEMO_DATA=true \
    AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_AUTH_REGISTRATION_RATE_LIMIT=1000 \
    AC_ORDERS_SPEND_MAX_ORDER='USD=100000000' AC_ORDERS_SPEND_MAX_24H='USD=100000000000' \
    java -Xms1g -Xmx1g -Dhazelcast.socket.bind.any=false -jar webapp/target/agent-commerce.jar \
    --port "$port" "$@" >"$out/fleet-node-$port.log" 2>&1 &
  pids+=($!)
}
await() {
  for port in "$@"; do
    until curl -fsS -o /dev/null "http://127.0.0.1:$port/health/ready" 2>/dev/null; do sleep 0.5; done
  done
}
keys="$out/fleet-keys.txt"
register() {
  : >"$keys"
  for i in $(seq 1 "$C"); do
    curl -fsS -X POST "http://127.0.0.1:$P1/agent/v1/auth" -H 'Content-Type: application/json' \
      -d "{\"agent_name\":\"bench $i\",\"agent_email\":\"fleet-$i-$RANDOM$RANDOM@example.com\"}" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])' >>"$keys"
  done
  mysql -uroot -h127.0.0.1 "$DB" -e "UPDATE agents SET tier='enterprise'"
}
run() { python3 bench/orders.py 127.0.0.1 "$@"; }
measure_keyed() { # label
  run "$P1,$P2" keyed 2000 4 "$keys" "$out/fleet-warm.json" >/dev/null
  echo "== $1: keyed GET, 1 client"; run "$P1,$P2" keyed "$N" 1 "$keys" "$out/fleet-$1-keyed-1.json"
  echo "== $1: keyed GET, $C clients"; run "$P1,$P2" keyed "$N" "$C" "$keys" "$out/fleet-$1-keyed-$C.json"
  echo "== $1: /health/live, $C clients"; run "$P1,$P2" live "$N" "$C" "$keys" "$out/fleet-$1-live-$C.json"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start "$P1" --nocluster; start "$P2" --nocluster; await "$P1" "$P2"; register
wake() { # label
  echo "== $1: cross-node wake-ups, ${WAKE_N:-200} tries"
  python3 bench/fleet_wake.py 127.0.0.1 "$P1" "$P2" "$(head -1 "$keys")" "${WAKE_N:-200}" "$out/fleet-$1-wake.json"
}
[ "${ONLY:-}" = wake ] || measure_keyed nogrid
wake nogrid
stop
start "$P1" --postbootcommandfile "$grid"; start "$P2" --postbootcommandfile "$grid"; await "$P1" "$P2"
grep -h "DG Size" "$out/fleet-node-$P1.log" | tail -1
[ "${ONLY:-}" = wake ] || measure_keyed grid
wake grid
[ "${ONLY:-}" = wake ] && exit 0
run "$P1" order 1000 4 "$keys" "$out/fleet-warm-order.json" >/dev/null
run "$P2" order 1000 4 "$keys" "$out/fleet-warm-order2.json" >/dev/null
echo "== orders, $C clients, one node"; run "$P1" order "$N" "$C" "$keys" "$out/fleet-orders-one.json"
echo "== orders, $C clients, two nodes"; run "$P1,$P2" order "$N" "$C" "$keys" "$out/fleet-orders-two.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
