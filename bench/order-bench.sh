#!/usr/bin/env bash
# Order creation and payment on MariaDB with the demo catalog: single-client latency and 16-client
# throughput of orders priced by the server, orders from quotes and payments with the sandbox PSP,
# beside GET /health/live measured with the same client in the same run. Buyer tokens come from a
# bench-only issuer whose JWKS the server reads from a file (bench/BenchBuyerTokens.java). Needs a MariaDB server on 127.0.0.1:3306 (root, no password; the
# database ac_orderbench is dropped and created) and python3. Binds 127.0.0.1, stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-2000}"
C="${C:-16}"
DB="${BENCH_DB:-ac_orderbench}"
PORT="${BENCH_PORT:-8093}"
base="http://127.0.0.1:$PORT"
out="bench/results"
mkdir -p "$out"
mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
jose4j="$(ls ~/.m2/repository/org/bitbucket/b_c/jose4j/*/jose4j-*.jar | grep -v sources | tail -1)"
slf4j="$(ls ~/.m2/repository/org/slf4j/slf4j-api/*/slf4j-api-*.jar | grep -v sources | tail -1)"
java -cp "$jose4j:$slf4j" bench/BenchBuyerTokens.java "$PWD/$out/bench-jwks.json" "$out/bench-tokens.txt" "$C"
MP_JWT_VERIFY_PUBLICKEY_LOCATION="file:$PWD/$out/bench-jwks.json" \
  MP_JWT_VERIFY_ISSUER=https://bench.issuer.invalid MP_JWT_VERIFY_AUDIENCES=agent-commerce \
  AC_DB_URL="jdbc:mariadb://127.0.0.1:3306/$DB" AC_DB_USER=root AC_DEMO_DATA=true \
  AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_AUTH_REGISTRATION_RATE_LIMIT=1000 \
  AC_ORDERS_SPEND_MAX_ORDER='USD=100000000' AC_ORDERS_SPEND_MAX_24H='USD=100000000000' \
  java -Xms1g -Xmx2g -jar webapp/target/agent-commerce.jar --port "$PORT" --nocluster >"$out/order-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
until curl -fsS -o /dev/null "$base/health/ready" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || { tail -50 "$out/order-server.log"; exit 1; }
  sleep 0.5
done
keys="$out/order-keys.txt"
: >"$keys"
for i in $(seq 1 "$C"); do
  curl -fsS -X POST "$base/agent/v1/auth" -H 'Content-Type: application/json' \
    -d "{\"agent_name\":\"bench $i\",\"agent_email\":\"bench-$i-$RANDOM@example.com\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])' >>"$keys"
done
mysql -uroot -h127.0.0.1 "$DB" -e "UPDATE agents SET tier='enterprise'"
echo "load before measuring: $(cut -d' ' -f1-3 /proc/loadavg)"
run() { python3 bench/orders.py 127.0.0.1 "$PORT" "$@"; }
echo "== warm-up"
run order 1000 4 "$keys" "$out/orders-warm.json" >/dev/null
run quoted 400 4 "$keys" "$out/orders-warm2.json" >/dev/null
run live 2000 4 "$keys" "$out/orders-warm3.json" >/dev/null
TOKENS="$out/bench-tokens.txt" run pay 400 4 "$keys" "$out/orders-warm4.json" >/dev/null
echo "== single client ($N requests each)"
run order "$N" 1 "$keys" "$out/orders-single-order.json"
run quoted "$N" 1 "$keys" "$out/orders-single-quoted.json"
run quote "$N" 1 "$keys" "$out/orders-single-quote.json"
TOKENS="$out/bench-tokens.txt" run pay "$N" 1 "$keys" "$out/orders-single-pay.json"
run live "$N" 1 "$keys" "$out/orders-single-live.json"
echo "== $C clients, one agent each ($N requests each)"
run live "$N" "$C" "$keys" "$out/orders-load-live.json"
run order "$N" "$C" "$keys" "$out/orders-load-order.json"
run quoted "$N" "$C" "$keys" "$out/orders-load-quoted.json"
TOKENS="$out/bench-tokens.txt" run pay "$N" "$C" "$keys" "$out/orders-load-pay.json"
echo "== $C clients of one agent (its spending checks run one at a time)"
SHARED=1 run order "$N" "$C" "$keys" "$out/orders-load-order-shared.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
