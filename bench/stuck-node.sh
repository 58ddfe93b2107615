#!/usr/bin/env bash
# One stuck node on MariaDB: two nodes on one database under a burst of orders and payments; node B
# is frozen with SIGSTOP for FREEZE seconds (CYCLES times) and resumed; meanwhile a probe times how
# long an order made on node A takes to show on A's timeline (bench/stuck_node.py). Then checks
# that nothing was lost or numbered twice. Needs a MariaDB server on 127.0.0.1:3306 (root, no
# password; the database ac_stuckbench is dropped and created), python3 and a JDK. Binds
# 127.0.0.1, stops both nodes at the end. JAR: another build to compare (default: this one's).
set -euo pipefail
cd "$(dirname "$0")/.."
DB="${BENCH_DB:-ac_stuckbench}"
PORT_A="${BENCH_PORT_A:-8095}"
PORT_B="${BENCH_PORT_B:-8096}"
JAR="${JAR:-webapp/target/agent-commerce.jar}"
AGENTS="${AGENTS:-8}"
out="bench/results"
mkdir -p "$out"
mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB CHARACTER SET utf8mb4"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
jose4j="$(ls ~/.m2/repository/org/bitbucket/b_c/jose4j/*/jose4j-*.jar | grep -v sources | tail -1)"
slf4j="$(ls ~/.m2/repository/org/slf4j/slf4j-api/*/slf4j-api-*.jar | grep -v sources | tail -1)"
java -cp "$jose4j:$slf4j" bench/BenchBuyerTokens.java "$PWD/$out/stuck-jwks.json" "$out/stuck-tokens.txt" \
  "$((AGENTS + 1))" 2>/dev/null
start() { # name port
  MP_JWT_VERIFY_PUBLICKEY_LOCATION="file:$PWD/$out/stuck-jwks.json" \
    MP_JWT_VERIFY_ISSUER=https://bench.issuer.invalid MP_JWT_VERIFY_AUDIENCES=agent-commerce \
    AC_DB_URL="jdbc:mariadb://127.0.0.1:3306/$DB" AC_DB_USER=root AC_DEMO_DATA=true \
    AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_AUTH_REGISTRATION_RATE_LIMIT=1000 \
    AC_ORDERS_SPEND_MAX_ORDER='USD=100000000' AC_ORDERS_SPEND_MAX_24H='USD=100000000000' \
    java -Xms512m -Xmx1g -jar "$JAR" --port "$2" --nocluster >"$out/stuck-$1.log" 2>&1 &
  echo $!
}
# One node first (it migrates the schema and loads the demo data), then the other.
pid_a="$(start a "$PORT_A")"
trap 'kill -CONT "${pid_b:-0}" 2>/dev/null || true; kill "$pid_a" "${pid_b:-0}" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
ready() { # port pid name
  until curl -fsS -o /dev/null "http://127.0.0.1:$1/health/ready" 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || { tail -50 "$out/stuck-$3.log"; exit 1; }
    sleep 1
  done
}
ready "$PORT_A" "$pid_a" a
pid_b="$(start b "$PORT_B")"
ready "$PORT_B" "$pid_b" b
keys="$out/stuck-keys.txt"
: >"$keys"
for i in $(seq 1 $((AGENTS + 1))); do
  curl -fsS -X POST "http://127.0.0.1:$PORT_A/agent/v1/auth" -H 'Content-Type: application/json' \
    -d "{\"agent_name\":\"stuck $i\",\"agent_email\":\"stuck-$i-$RANDOM@example.com\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])' >>"$keys"
done
mysql -uroot -h127.0.0.1 "$DB" -e "UPDATE agents SET tier='enterprise'"
echo "jar: $JAR; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/stuck_node.py 127.0.0.1 "$PORT_A" "$PORT_B" "$pid_b" "$DB" "$keys" \
  "$out/stuck-tokens.txt" "$out/stuck-node.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== the database afterwards"
mysql -uroot -h127.0.0.1 "$DB" -t -e "
SELECT COUNT(*) AS outbox_rows, SUM(timeline_id IS NULL) AS unsequenced FROM domain_events;
SELECT COUNT(*) AS timeline_rows, MIN(id) AS first_id, MAX(id) AS last_id,
       COUNT(DISTINCT event_id) AS distinct_events FROM order_events;
SELECT (SELECT COUNT(*) FROM domain_events d LEFT JOIN order_events e ON e.event_id = d.id
        WHERE e.id IS NULL) AS outbox_rows_not_on_timeline,
       (SELECT COUNT(*) FROM domain_events d JOIN order_events e ON e.id = d.timeline_id
        WHERE e.event_id <> d.id) AS outbox_rows_numbered_wrong;
SELECT status, COUNT(*) AS payments FROM payments GROUP BY status;
SELECT COUNT(*) AS orders_charged_twice FROM (SELECT p.order_id FROM sandbox_psp_charges c
  JOIN payment_attempts a ON a.idempotency_key = c.idempotency_key
  JOIN payments p ON p.id = a.payment_id WHERE c.status IN ('succeeded', 'processing')
  GROUP BY p.order_id HAVING COUNT(*) > 1) x;
SELECT COUNT(*) AS captures_not_recorded FROM sandbox_psp_charges c
  JOIN payment_attempts a ON a.idempotency_key = c.idempotency_key
  JOIN payments p ON p.id = a.payment_id WHERE c.status = 'succeeded' AND p.status <> 'succeeded';
SELECT COUNT(*) AS paid_orders_without_succeeded_payment FROM orders o WHERE o.status = 'paid'
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded');"
