#!/usr/bin/env bash
# Simultaneous first start (issue 37): NODES Payara Micro nodes (default 3) start at the same moment
# on a freshly created, empty MariaDB database, ROUNDS times (default 5). A round is green when every
# node answers 200 on /health/ready. Per round it prints, for each node, which migrations it ran
# (Flyway's "Migrating schema … to version …" log lines), whether it waited for another node's
# migration, and its time to ready; then the state of flyway_schema_history.
# Builds nothing: uses webapp/target/agent-commerce.jar (JAR=… for another one), built with
#   ./mvnw -q -o package -DskipTests
# Needs: a MariaDB server on 127.0.0.1:3306 whose root has an empty password (DB_HOST, DB_PORT,
# DB_USER to change it), the mariadb client, curl. Everything binds 127.0.0.1; the nodes are killed
# and the databases dropped at the end (logs stay in $OUT).
# Usage: bench/fleet-start.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-${ROUNDS:-5}}"
NODES="${NODES:-3}"
JAR="${JAR:-webapp/target/agent-commerce.jar}"
BASE_PORT="${BASE_PORT:-8281}"
DB_HOST="${DB_HOST:-127.0.0.1}"
DB_PORT="${DB_PORT:-3306}"
DB_USER="${DB_USER:-root}"
# A node not ready TIMEOUT s after the start fails the round; so does one whose port answers but
# whose /health/ready has not said 200 for GRACE s (a node that deployed without its schema).
TIMEOUT="${TIMEOUT:-300}"
GRACE="${GRACE:-90}"
OUT="${OUT:-bench/results/fleet-start}"
mkdir -p "$OUT"
[ -f "$JAR" ] || { echo "no $JAR: build it with ./mvnw -q -o package -DskipTests" >&2; exit 2; }

sql() { mariadb -h "$DB_HOST" -P "$DB_PORT" -u "$DB_USER" -N -B "$@"; }

pids=()
db=""
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
  if [ -n "$db" ]; then sql -e "DROP DATABASE IF EXISTS \`$db\`" || true; fi
  db=""
}
trap cleanup EXIT

now_ms() { date +%s%3N; }

green=0
for round in $(seq 1 "$ROUNDS"); do
  db="ac_fleet_$$_$round"
  # As docker/compose.yaml's MARIADB_DATABASE makes it: the server's default character set.
  sql -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\`"
  start=$(now_ms)
  for n in $(seq 1 "$NODES"); do
    port=$((BASE_PORT + n - 1))
    java -Xmx512m -Dac.db.url="jdbc:mariadb://$DB_HOST:$DB_PORT/$db" -Dac.db.user="$DB_USER" \
      -jar "$JAR" --port "$port" --nocluster >"$OUT/round$round-node$n.log" 2>&1 &
    pids+=($!)
  done

  declare -A ready=() answered=() verdict=()
  pending=$NODES
  while [ "$pending" -gt 0 ]; do
    sleep 0.5
    t=$(( $(now_ms) - start ))
    for n in $(seq 1 "$NODES"); do
      [ -z "${verdict[$n]:-}" ] || continue
      port=$((BASE_PORT + n - 1))
      code=$(curl -s -o /dev/null -w '%{http_code}' -m 2 "http://127.0.0.1:$port/health/ready" || true)
      if [ "$code" = 200 ]; then
        ready[$n]=$t; verdict[$n]=ready; pending=$((pending - 1))
      elif ! kill -0 "${pids[$((n - 1))]}" 2>/dev/null; then
        verdict[$n]="exited"; pending=$((pending - 1))
      else
        if [ "$code" != 000 ] && [ -z "${answered[$n]:-}" ]; then answered[$n]=$t; fi
        if [ -n "${answered[$n]:-}" ] && [ $((t - answered[$n])) -gt $((GRACE * 1000)) ]; then
          verdict[$n]="never ready (/health/ready $code)"; pending=$((pending - 1))
        elif [ "$t" -gt $((TIMEOUT * 1000)) ]; then
          verdict[$n]="timeout (/health/ready $code)"; pending=$((pending - 1))
        fi
      fi
    done
  done

  all_ready=1
  echo "round $round (database $db)"
  for n in $(seq 1 "$NODES"); do
    log="$OUT/round$round-node$n.log"
    ran=$(grep -o 'Migrating schema [^ ]* to version "[0-9.]*' "$log" | grep -o '[0-9.]*$' | sed 's/^/V/' | tr '\n' ' ' || true)
    count=$(echo "$ran" | wc -w)
    [ "$count" -le 8 ] || ran="$(echo "$ran" | cut -d' ' -f1) … $(echo "$ran" | awk '{print $NF}')"
    applied="$count${ran:+ (${ran% })}"
    waited=no
    grep -q "another node's" "$log" && waited=yes
    failed=$(grep -o 'Schema migration [^:]*failed\|Migration of schema [^ ]* to version "[^"]*" failed' "$log" | head -1 || true)
    if [ "${verdict[$n]}" = ready ]; then
      printf '  node %d: ready in %5.1f s, ran %s migrations, waited %s\n' \
        "$n" "$(echo "${ready[$n]} / 1000" | bc -l)" "${applied:-?}" "$waited"
    else
      all_ready=0
      printf '  node %d: %s, ran %s migrations, waited %s%s\n' "$n" "${verdict[$n]}" "${applied:-?}" "$waited" \
        "${failed:+, log: $failed}"
    fi
  done
  echo "  flyway_schema_history: $(sql "$db" -e "SELECT CONCAT(COUNT(*), ' rows, ', \
    COALESCE(SUM(success = 0), 0), ' failed', COALESCE(CONCAT(' (', GROUP_CONCAT(CASE WHEN \
    success = 0 THEN CONCAT('V', version) END), ')'), ''), ', last applied V', \
    (SELECT version FROM flyway_schema_history WHERE version IS NOT NULL \
     ORDER BY installed_rank DESC LIMIT 1)) FROM flyway_schema_history" 2>/dev/null || echo 'no table')"
  [ "$all_ready" = 1 ] && green=$((green + 1))
  unset ready answered verdict
  cleanup
done
echo "$green of $ROUNDS rounds green ($NODES nodes each)"
[ "$green" = "$ROUNDS" ]
