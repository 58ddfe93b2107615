#!/usr/bin/env bash
# Same answers from a restarted node as from a rebuilt one (issue 41): on a benchmark catalog that
# bench/catalog-bench.sh (or longtail-scaling.sh) loaded into ac_bench_<N>, two nodes side by side
# on the same database — A builds its index from the database (reuse off, an empty directory of its
# own), B starts over the index stored in BENCH_INDEX_DIR (default /tmp/ac-bench-index-ac_bench_<N>,
# where catalog-bench.sh leaves it; built first by one start and stop of B when none is there) —
# then bench/compare-answers.py asks both the long-tail searches and their variants and compares
# what a client sees. Exit status 1 when any answer differs or B did not start from its stored index.
# Usage: bench/compare-stored.sh [N]   (default 100000; SKIP_BUILD=1 uses the built jar)
# Everything binds 127.0.0.1 and stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-100000}"
DB="ac_bench_$N"
URL="jdbc:mariadb://127.0.0.1:3306/$DB"
out="bench/results"
mkdir -p "$out"
stored="${BENCH_INDEX_DIR:-/tmp/ac-bench-index-$DB}"
rebuilt="$(mktemp -d /tmp/ac-compare-rebuilt.XXXXXX)"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
loaded=$(mariadb -uroot -N -B -e "SELECT COUNT(*) FROM $DB.products" 2>/dev/null || echo 0)
[ "$loaded" -ge "$N" ] || { echo "load the catalog first: bash bench/catalog-bench.sh $N (BENCH_DB=$DB)" >&2; exit 2; }

pids=()
stop_all() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  pids=()
}
trap 'stop_all; rm -rf "$rebuilt"' EXIT
start() { # $1 port, $2 index directory, $3 log, then extra JVM options
  local port="$1" dir="$2" log="$3"; shift 3
  AC_SEARCH_INDEX_DIRECTORY="$dir" AC_DB_URL="$URL" AC_DB_USER=root AC_DEMO_DATA=true \
    AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 AC_SEARCH_CACHE_ENTRIES=0 \
    java -Xms1g -Xmx"${BENCH_HEAP:-2g}" "$@" -jar webapp/target/agent-commerce.jar --port "$port" >"$log" 2>&1 &
  pids+=($!)
  local pid=$!
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/health/ready" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { tail -50 "$log"; exit 1; }
    sleep 0.5
  done
}
reused() { grep -a -o 'Catalog index reused.*' "$1" | sed 's/\x1b\[[0-9;]*m//g'; }

if [ ! -d "$stored" ] || [ -z "$(ls -A "$stored" 2>/dev/null)" ]; then
  echo "== no stored index in $stored: B builds one first"
  start 8091 "$stored" "$out/compare-b.log"
  stop_all
fi
echo "== A: index built from $DB (reuse off); B: started over $stored"
start 8090 "$rebuilt" "$out/compare-a.log" -Dac.search.index-reuse=false
start 8091 "$stored" "$out/compare-b.log"
grep -a -o 'Catalog index built: .*' "$out/compare-a.log" | sed 's/\x1b\[[0-9;]*m//g' | sed 's/^/A: /'
if ! reused "$out/compare-b.log" | sed 's/^/B: /'; then
  echo "B did not start from its stored index" >&2
  exit 1
fi
key="$(curl -fsS -X POST http://127.0.0.1:8090/agent/v1/auth -H 'Content-Type: application/json' \
  -d "{\"agent_name\":\"compare\",\"agent_email\":\"compare-$RANDOM@example.com\"}" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')"
mariadb -uroot "$DB" -e "UPDATE agents SET tier='enterprise'"
python3 bench/longtail-queries.py "$DB" "$out/compare-queries.txt" 2000 20
python3 bench/compare-answers.py http://127.0.0.1:8090 "$key" http://127.0.0.1:8091 "$key" \
  "$out/compare-queries.txt" "${VARIANTS:-300}" 7
