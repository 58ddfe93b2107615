#!/usr/bin/env bash
# Catalog search benchmark on MariaDB: N generated products (default 100000), index build time
# and memory, single-client latency (server-side, first query after start included), and
# throughput of search against a trivial JSON endpoint under the same load, with wrk.
# Needs: a MariaDB server (BENCH_DB_URL, default jdbc:mariadb://127.0.0.1:3306/ac_bench, user root),
# the `mariadb` client, wrk, python3. AC_SEARCH_CACHE_ENTRIES=0 measures the engine without the
# search page cache. Last, the long tail (issue 20): 2,000 distinct searches generated from the
# catalog's titles with a fixed seed (bench/longtail-queries.py), single client then wrk.
# ONLY_LONGTAIL=1 skips the benchmark's own queries; SERVER_OPTS adds JVM options (e.g. JFR);
# BENCH_HEAP sets the server's -Xmx (default 2g; 300,000 products need 4g). WARMUP (seconds, default
# 10) is the unmeasured wrk run before each measured one: the long tail needs about 2-3 minutes of
# load on this 2-core machine before the JIT has compiled its hot paths (WARMUP=180 measures there).
# The long tail's single-client latency is measured twice: right after start (cold, the first
# search included; latency-longtail.json) and again after the wrk runs (warm;
# latency-longtail-warm.json).
# Last, restarts (issue 41): the server is stopped (SIGTERM) and started again over the index it
# kept, then killed (SIGKILL) and started again; each prints its ready time, and the heap after a
# full GC and the index's size on disk are printed. The index is kept in BENCH_INDEX_DIR (default
# /tmp/ac-bench-index-<db>), emptied before the first start so that the first start builds.
# Loading raises MariaDB's buffer pool (BENCH_BUFFER_POOL MiB, default 4096, until the server
# restarts). ONLY_LOAD=1 stops after loading (a later run with SKIP_LOAD=1 measures).
# Everything binds 127.0.0.1 and stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-100000}"
DB="${BENCH_DB:-ac_bench}"
URL="${BENCH_DB_URL:-jdbc:mariadb://127.0.0.1:3306/$DB}"
PORT="${BENCH_PORT:-8090}"
base="http://127.0.0.1:$PORT"
out="bench/results"
mkdir -p "$out"
log="$out/server.log"

[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
server=""
stop() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  server=""
}
trap stop EXIT
index_dir="${BENCH_INDEX_DIR:-/tmp/ac-bench-index-$DB}"
rm -rf "$index_dir"
start() {
  AC_SEARCH_INDEX_DIRECTORY="$index_dir" AC_DB_URL="$URL" AC_DB_USER=root AC_DEMO_DATA=true AC_RATE_LIMIT_TIER_ENTERPRISE=1000000000 \
    AC_SEARCH_CACHE_ENTRIES="${AC_SEARCH_CACHE_ENTRIES:-2000}" java -Xms1g -Xmx"${BENCH_HEAP:-2g}" ${SERVER_OPTS:-} \
    -jar webapp/target/agent-commerce.jar --port "$PORT" >"$log" 2>&1 &
  server=$!
  local t0; t0=$(date +%s%N)
  until curl -fsS -o /dev/null "$base/health/ready" 2>/dev/null; do
    kill -0 "$server" 2>/dev/null || { tail -50 "$log"; exit 1; }
    sleep 0.2
  done
  echo "ready after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}
# The used heap after a full GC, in MiB (what the node needs, not what it has not yet collected).
heap_after_gc() {
  local pid; pid=$(pgrep -f "agent-commerce.jar --port $PORT" | head -1)
  jcmd "$pid" GC.run >/dev/null
  jcmd "$pid" GC.heap_info | python3 -c '
import re, sys
t = sys.stdin.read()
m = re.search(r"used (\d+)K", t)
print(int(m.group(1)) // 1024 if m else "?")'
}

if [ "${SKIP_LOAD:-}" != 1 ]; then
  echo "== fresh database $DB with the schema and demo merchants"
  mariadb -uroot -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
  start
  stop

  # MariaDB's default 128 MiB buffer pool slows the load to ~7k rows/s past 150k products (a
  # million products are 4.7M rows): raise it for the load (BENCH_BUFFER_POOL in MiB, default 4096; 0
  # leaves it). SET GLOBAL needs the SUPER privilege and lasts until the server restarts.
  if [ "${BENCH_BUFFER_POOL:-4096}" != 0 ]; then
    mariadb -uroot -e "SET GLOBAL innodb_buffer_pool_size = ${BENCH_BUFFER_POOL:-4096} * 1048576" \
      && echo "innodb_buffer_pool_size: $(mariadb -uroot -N -e 'SELECT @@innodb_buffer_pool_size DIV 1048576') MiB"
  fi
  echo "== generating $N products"
  cp="$(./mvnw -q -B -pl database dependency:build-classpath -Dmdep.outputFile=/dev/stdout):database/target/classes"
  java -cp "$cp" org.agentcommerce.database.generator.CatalogGenerator --products "$N" --jdbc-url "$URL" --user root
fi
[ "${ONLY_LOAD:-}" = 1 ] && exit 0

echo "== start on the generated catalog (a fresh start: no stored index)"
rm -rf "$index_dir"
start
grep -a -o 'Catalog index built: .*' "$log" | sed 's/\x1b\[[0-9;]*m//g'
key="$(curl -fsS -X POST "$base/agent/v1/auth" -H 'Content-Type: application/json' \
  -d "{\"agent_name\":\"bench\",\"agent_email\":\"bench-$RANDOM@example.com\"}" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')"
mariadb -uroot "$DB" -e "UPDATE agents SET tier='enterprise'"
export AC_BENCH_KEY="$key"

if [ "${ONLY_LONGTAIL:-}" != 1 ]; then
  echo "== single client, 2000 searches (the first after start included)"
  python3 bench/latency.py 127.0.0.1 "$PORT" "$key" 2000 "$out/latency.json" bench/search-queries.txt
fi

echo "== memory"
pid=$(pgrep -f "agent-commerce.jar --port $PORT" | head -1)
echo "RSS: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"
curl -fsS "$base/metrics?scope=base" 2>/dev/null | grep -E '^(base_)?memory_usedHeap_bytes' || true

echo "== throughput: trivial JSON endpoint vs search (wrk, 2 threads, 16 connections, 20 s each)"
wrk -t2 -c16 -d"${WARMUP:-10}"s "$base/health/live" >/dev/null  # warm-up
wrk -t2 -c16 -d20s --latency "$base/health/live" | tee "$out/wrk-trivial.txt"
trivial=$(grep Requests/sec "$out/wrk-trivial.txt" | awk '{print $2}')
if [ "${ONLY_LONGTAIL:-}" != 1 ]; then
  wrk -t2 -c16 -d"${WARMUP:-10}"s -s bench/search.lua "$base" >/dev/null  # warm-up
  wrk -t2 -c16 -d20s --latency -s bench/search.lua "$base" | tee "$out/wrk-search.txt"
  if grep -q "Non-2xx" "$out/wrk-search.txt" "$out/wrk-trivial.txt"; then
    echo "error responses under load: the numbers above do not count" >&2
    exit 1
  fi
  search=$(grep Requests/sec "$out/wrk-search.txt" | awk '{print $2}')
  python3 -c "print(f'search/trivial throughput ratio: {float($search)/float($trivial):.2f}')"
fi

echo "== long tail: 2000 distinct searches from the catalog's titles (fixed seed), random order"
python3 bench/longtail-queries.py "$DB" "$out/longtail-queries.txt" 2000 20
export AC_BENCH_QUERIES="$out/longtail-queries.txt"
python3 bench/latency.py 127.0.0.1 "$PORT" "$key" 2000 "$out/latency-longtail.json" "$out/longtail-queries.txt"
wrk -t2 -c16 -d"${WARMUP:-10}"s -s bench/longtail.lua "$base" >/dev/null  # warm-up
wrk -t2 -c16 -d20s --latency -s bench/longtail.lua "$base" | tee "$out/wrk-longtail.txt"
if grep -q "Non-2xx" "$out/wrk-longtail.txt"; then
  echo "error responses under load: the long-tail numbers do not count" >&2
  exit 1
fi
tail_rps=$(grep Requests/sec "$out/wrk-longtail.txt" | awk '{print $2}')
echo "== long tail, single client again, warm"
python3 bench/latency.py 127.0.0.1 "$PORT" "$key" 2000 "$out/latency-longtail-warm.json" "$out/longtail-queries.txt"
# The trivial endpoint once more: this machine's speed drifts between runs, so the ratio is taken
# against the mean of the readings before and after the long tail.
wrk -t2 -c16 -d20s --latency "$base/health/live" | tee "$out/wrk-trivial-after.txt"
after=$(grep Requests/sec "$out/wrk-trivial-after.txt" | awk '{print $2}')
python3 -c "print(f'long-tail/trivial throughput ratio: {float($tail_rps)/((float($trivial)+float($after))/2):.2f} (trivial {float($trivial):.0f} before, {float($after):.0f} after)')"

echo "== restarts over the stored index"
echo "heap after GC: $(heap_after_gc) MiB"
echo "index on disk: $(du -sm "$index_dir/ac-catalog-store" | cut -f1) MiB"
stop
: >"$log"
start >"$out/restart.txt"
sed 's/^/restart (SIGTERM) /' "$out/restart.txt"
grep -a -o 'Catalog index reused.*' "$log" | sed 's/\x1b\[[0-9;]*m//g' || echo "restart did not reuse the index"
echo "heap after GC after restart: $(heap_after_gc) MiB"
kill -9 "$server"
wait "$server" 2>/dev/null || true
server=""
: >"$log"
start >"$out/restart.txt"
sed 's/^/restart (SIGKILL) /' "$out/restart.txt"
grep -a -o 'Catalog index reused.*' "$log" | sed 's/\x1b\[[0-9;]*m//g' || echo "restart did not reuse the index"
