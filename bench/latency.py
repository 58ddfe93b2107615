#!/usr/bin/env python3
"""Single-client latency of catalog search: sequential requests over one keep-alive connection,
server-side time read from the Server-Timing header, client time measured too. The first request
after start is included. Prints p50/p90/p99/max and writes the raw samples as JSON."""
import http.client, json, sys, time, urllib.parse

def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]

def main():
    host, port, key, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
    queries = [q.strip() for q in open(sys.argv[6]) if q.strip() and not q.startswith('#')]
    conn = http.client.HTTPConnection(host, port, timeout=30)
    server, client = [], []
    first = None
    for i in range(n):
        path = queries[i % len(queries)]
        t0 = time.perf_counter()
        conn.request('GET', path, headers={'X-API-Key': key})
        resp = conn.getresponse()
        body = resp.read()
        t1 = time.perf_counter()
        if resp.status != 200:
            print('HTTP', resp.status, path, body[:300], file=sys.stderr)
            sys.exit(1)
        timing = resp.getheader('Server-Timing', '')
        dur = float(timing.split('dur=')[1]) if 'dur=' in timing else float('nan')
        server.append(dur)
        client.append((t1 - t0) * 1000)
        if first is None:
            first = (path, dur, (t1 - t0) * 1000, json.loads(body)['pagination']['total_count'])
    report = {
        'requests': n,
        'first_request': {'path': first[0], 'server_ms': first[1], 'client_ms': round(first[2], 2), 'total_count': first[3]},
        'server_ms': {p: percentile(server, p) for p in (50, 90, 99)} | {'max': max(server)},
        'client_ms': {p: round(percentile(client, p), 2) for p in (50, 90, 99)} | {'max': round(max(client), 2)},
    }
    json.dump({'report': report, 'server_ms': server}, open(out, 'w'))
    print(json.dumps(report, indent=2))

main()
