#!/usr/bin/env bash
# How long-tail search scales with the catalog: bench/catalog-bench.sh (ONLY_LONGTAIL=1, search page
# cache off) on generated catalogs of each size given (default 10000 100000 300000), each in its own
# MariaDB database ac_bench_<N>. Writes bench/results/longtail-scaling.md (table) and
# longtail-scaling.svg (p50/p99 and throughput against catalog size). A database that already holds
# at least N products is reused (SKIP_LOAD=1 reuses every one); SKIP_BUILD=1 the built jar. WARMUP
# (seconds) goes to catalog-bench.sh. Single-client latency is reported cold (right after start)
# and warm (after the wrk runs).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-10000 100000 300000}")
read -r -a sizes <<<"${sizes[*]}"
out=bench/results
mkdir -p "$out"
[ "${SKIP_BUILD:-}" = 1 ] || ./mvnw -q -B package -DskipTests
rows="$out/longtail-scaling.tsv"
: >"$rows"
for n in "${sizes[@]}"; do
  heap="${BENCH_HEAP:-2g}"
  log="$out/longtail-scaling-$n.log"
  echo "== $n products (heap $heap)"
  loaded=$(mariadb -uroot -N -B -e "SELECT COUNT(*) FROM ac_bench_$n.products" 2>/dev/null || echo 0)
  skip="${SKIP_LOAD:-}"
  [ "$loaded" -ge "$n" ] && skip=1
  SKIP_BUILD=1 SKIP_LOAD="$skip" ONLY_LONGTAIL=1 AC_SEARCH_CACHE_ENTRIES=0 BENCH_DB="ac_bench_$n" \
    BENCH_HEAP=$heap bash bench/catalog-bench.sh "$n" | tee "$log"
  python3 - "$n" "$log" "$out/latency-longtail.json" "$out/latency-longtail-warm.json" >>"$rows" <<'PY'
import json, re, sys
n, log, lat = sys.argv[1], open(sys.argv[2]).read(), json.load(open(sys.argv[3]))['report']
warm = json.load(open(sys.argv[4]))['report']
rps = re.findall(r'Requests/sec:\s+([\d.]+)', log)
built = re.search(r'Catalog index built: (\d+) products in (\d+) ms, (\d+) KiB', log)
rss = re.search(r'RSS: (\d+) MiB', log)
fresh = re.findall(r'^ready after (\d+) ms', log, re.M)[-1]
restart = re.search(r'^restart \(SIGTERM\) ready after (\d+) ms', log, re.M).group(1)
killed = re.search(r'^restart \(SIGKILL\) ready after (\d+) ms', log, re.M).group(1)
heap = re.search(r'^heap after GC: (\d+) MiB', log, re.M).group(1)
disk = re.search(r'^index on disk: (\d+) MiB', log, re.M).group(1)
print('\t'.join(str(x) for x in [
    n, lat['server_ms']['50'], lat['server_ms']['90'], lat['server_ms']['99'],
    warm['server_ms']['50'], warm['server_ms']['90'], warm['server_ms']['99'],
    rps[-2], round((float(rps[0]) + float(rps[-1])) / 2), round(float(rps[-2]) / ((float(rps[0]) + float(rps[-1])) / 2), 3),
    built.group(2), int(built.group(3)) // 1024, rss.group(1),
    fresh, restart, killed, heap, disk]))
PY
done
python3 - "$rows" "$out/longtail-scaling.md" "$out/longtail-scaling.svg" <<'PY'
import sys
rows = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l.strip()]
md = ['| products | cold p50 ms | cold p90 ms | cold p99 ms | warm p50 ms | warm p90 ms | warm p99 ms | long-tail searches/s | /health/live req/s (mean before/after) | ratio | index build ms | index MiB | RSS MiB | ready after fresh start ms | ready after restart ms | ready after kill -9 ms | heap after GC MiB | index on disk MiB |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|']
md += ['| ' + ' | '.join(r) + ' |' for r in rows]
open(sys.argv[2], 'w').write('\n'.join(md) + '\n')
# A small SVG: server-side p50 and p99 (ms, left axis) and searches/s (right axis) per catalog size.
W, H, L, R, T, B = 560, 300, 60, 70, 30, 50
xs = [i for i in range(len(rows))]
p50 = [float(r[4]) for r in rows]; p99 = [float(r[6]) for r in rows]; cold99 = [float(r[3]) for r in rows]
rps = [float(r[7]) for r in rows]
ymax = max(p99 + cold99) * 1.15 or 1; rmax = max(rps) * 1.15 or 1
def x(i): return L + (W - L - R) * (i / max(1, len(rows) - 1))
def y(v, top): return T + (H - T - B) * (1 - v / top)
def line(vals, top, colour, dash=''):
    pts = ' '.join(f'{x(i):.1f},{y(v, top):.1f}' for i, v in enumerate(vals))
    dots = ''.join(f'<circle cx="{x(i):.1f}" cy="{y(v, top):.1f}" r="3" fill="{colour}"/>' for i, v in enumerate(vals))
    return f'<polyline fill="none" stroke="{colour}" stroke-width="2" {dash} points="{pts}"/>' + dots
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<line x1="{L}" y1="{H-B}" x2="{W-R}" y2="{H-B}" stroke="black"/>',
       f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H-B}" stroke="black"/>',
       f'<line x1="{W-R}" y1="{T}" x2="{W-R}" y2="{H-B}" stroke="black"/>',
       f'<text x="{W/2}" y="16" text-anchor="middle">Long-tail search vs catalog size (cache off)</text>',
       f'<text x="{W/2}" y="{H-12}" text-anchor="middle">products</text>',
       f'<text x="14" y="{H/2}" transform="rotate(-90 14 {H/2})" text-anchor="middle">server ms (single client)</text>',
       f'<text x="{W-12}" y="{H/2}" transform="rotate(90 {W-12} {H/2})" text-anchor="middle">searches/s (16 connections)</text>']
for i, r in enumerate(rows):
    svg.append(f'<text x="{x(i):.1f}" y="{H-B+16}" text-anchor="middle">{int(r[0]):,}</text>')
for k in range(5):
    v = ymax * k / 4; rv = rmax * k / 4
    svg.append(f'<text x="{L-6}" y="{y(v, ymax)+4:.1f}" text-anchor="end">{v:.1f}</text>')
    svg.append(f'<text x="{W-R+6}" y="{y(rv, rmax)+4:.1f}">{rv:.0f}</text>')
svg.append(line(p50, ymax, '#1f77b4'))
svg.append(line(p99, ymax, '#d62728'))
svg.append(line(cold99, ymax, '#ff9896', 'stroke-dasharray="2,2"'))
svg.append(line(rps, rmax, '#2ca02c', 'stroke-dasharray="5,3"'))
svg.append(f'<text x="{L+10}" y="{T+12}" fill="#1f77b4">p50 warm</text><text x="{L+70}" y="{T+12}" fill="#d62728">p99 warm</text>'
           f'<text x="{L+130}" y="{T+12}" fill="#ff9896">p99 cold</text><text x="{L+190}" y="{T+12}" fill="#2ca02c">searches/s</text>')
svg.append('</svg>')
open(sys.argv[3], 'w').write('\n'.join(svg) + '\n')
# A second SVG: seconds until ready, after a fresh start (full build) and after restarts over the
# stored index, per catalog size.
fresh = [float(r[13]) / 1000 for r in rows]; restart = [float(r[14]) / 1000 for r in rows]
killed = [float(r[15]) / 1000 for r in rows]
ymax = max(fresh + restart + killed + [30]) * 1.15
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<line x1="{L}" y1="{H-B}" x2="{W-R}" y2="{H-B}" stroke="black"/>',
       f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H-B}" stroke="black"/>',
       f'<text x="{W/2}" y="16" text-anchor="middle">Seconds until ready vs catalog size</text>',
       f'<text x="{W/2}" y="{H-12}" text-anchor="middle">products</text>',
       f'<text x="14" y="{H/2}" transform="rotate(-90 14 {H/2})" text-anchor="middle">seconds to /health/ready</text>',
       f'<line x1="{L}" y1="{y(30, ymax):.1f}" x2="{W-R}" y2="{y(30, ymax):.1f}" stroke="#999" stroke-dasharray="4,4"/>',
       f'<text x="{W-R-4}" y="{y(30, ymax)-4:.1f}" text-anchor="end" fill="#999">30 s goal</text>']
for i, r in enumerate(rows):
    svg.append(f'<text x="{x(i):.1f}" y="{H-B+16}" text-anchor="middle">{int(r[0]):,}</text>')
for k in range(5):
    v = ymax * k / 4
    svg.append(f'<text x="{L-6}" y="{y(v, ymax)+4:.1f}" text-anchor="end">{v:.0f}</text>')
svg.append(line(fresh, ymax, '#d62728'))
svg.append(line(restart, ymax, '#1f77b4'))
svg.append(line(killed, ymax, '#2ca02c', 'stroke-dasharray="5,3"'))
svg.append(f'<text x="{L+10}" y="{T+12}" fill="#d62728">fresh start (build)</text><text x="{L+130}" y="{T+12}" fill="#1f77b4">restart</text>'
           f'<text x="{L+190}" y="{T+12}" fill="#2ca02c">after kill -9</text>')
svg.append('</svg>')
open(sys.argv[3].replace('.svg', '-ready.svg'), 'w').write('\n'.join(svg) + '\n')
print(open(sys.argv[2]).read())
PY
