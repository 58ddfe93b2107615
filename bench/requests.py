#!/usr/bin/env python3
"""Single-client latency of a rotating set of requests over one keep-alive connection.
Usage: requests.py HOST PORT KEY N OUT.json SPEC.jsonl
SPEC.jsonl: one JSON object per line {"method", "path", "body"?, "headers"?}; "{brief_id}" in a
path is replaced by the id of a brief built first. Server-side time comes from Server-Timing
(the application's own time); client time is measured too. Prints p50/p90/p99/max."""
import http.client, json, sys, time

def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]

def main():
    host, port, key, n, out, spec = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
    reqs = [json.loads(l) for l in open(spec) if l.strip() and not l.startswith('#')]
    conn = http.client.HTTPConnection(host, port, timeout=60)
    base_headers = {'X-API-Key': key, 'Content-Type': 'application/json',
                    'Accept': 'application/json, text/event-stream'}
    brief_id = None
    if any('{brief_id}' in r['path'] for r in reqs):
        conn.request('POST', '/agent/v1/briefs/build', body=json.dumps({'raw_query': 'hydrating serum for dry skin under $40'}), headers=base_headers)
        resp = conn.getresponse(); brief_id = json.loads(resp.read())['brief']['brief_id']
    server, client = [], []
    for i in range(n):
        r = reqs[i % len(reqs)]
        path = r['path'].replace('{brief_id}', brief_id or '')
        body = json.dumps(r['body']) if 'body' in r else None
        headers = dict(base_headers, **r.get('headers', {}))
        t0 = time.perf_counter()
        conn.request(r['method'], path, body=body, headers=headers)
        resp = conn.getresponse(); data = resp.read()
        t1 = time.perf_counter()
        if resp.status != 200 or b'"isError":true' in data:
            print('HTTP', resp.status, path, data[:400], file=sys.stderr); sys.exit(1)
        timing = resp.getheader('Server-Timing', '')
        server.append(float(timing.split('dur=')[1]) if 'dur=' in timing else float('nan'))
        client.append((t1 - t0) * 1000)
    report = {'requests': n, 'first_server_ms': server[0],
              'server_ms': {p: percentile(server, p) for p in (50, 90, 99)} | {'max': max(server)},
              'client_ms': {p: round(percentile(client, p), 2) for p in (50, 90, 99)} | {'max': round(max(client), 2)}}
    json.dump({'report': report, 'server_ms': server}, open(out, 'w'))
    print(json.dumps(report))

main()
