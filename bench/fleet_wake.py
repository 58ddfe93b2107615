#!/usr/bin/env python3
"""Cross-node wake-ups: a reader long-polls GET /agent/v1/orders/events on node B while an order is
created on node A; the time from the create's answer to the reader's answer is the wake latency.
One try at a time (the reader parks for PARK seconds first), N tries after W unmeasured ones.
Usage: fleet_wake.py HOST PORT_A PORT_B KEY N OUT.json. Prints p50/p90/p99/max in ms."""
import http.client, json, os, sys, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from orders import call, order_body, percentile

def events(conn, key, after, wait_ms):
    conn.request("GET", f"/agent/v1/orders/events?after_id={after}&wait_ms={wait_ms}", headers={"X-API-Key": key})
    resp = conn.getresponse(); data = resp.read()
    if resp.status != 200:
        sys.exit(f"events: HTTP {resp.status} {data[:300]}")
    return json.loads(data)["events"]

def main():
    host, pa, pb, key, n, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6]
    warm, park = int(os.environ.get("W", "20")), float(os.environ.get("PARK", "0.2"))
    a = http.client.HTTPConnection(host, pa, timeout=30)
    b = http.client.HTTPConnection(host, pb, timeout=30)
    after = 0
    while True:  # start after everything already there
        got = events(b, key, after, 0)
        if not got:
            break
        after = got[-1]["id"]
    wakes = []
    for i in range(warm + n):
        box = {}
        def read():
            box["events"] = events(b, key, after, 10000)
            box["at"] = time.perf_counter()
        reader = threading.Thread(target=read); reader.start()
        time.sleep(park)
        status, data, _, _ = call(a, "POST", "/agent/v1/orders/create", key, order_body(i))
        answered = time.perf_counter()
        if status not in (200, 201):
            sys.exit(f"order: HTTP {status} {data[:300]}")
        reader.join(15)
        if not box.get("events"):
            sys.exit("the reader on node B got nothing within 10 s")
        if i >= warm:
            wakes.append(max(0.0, (box["at"] - answered) * 1000))
        after = box["events"][-1]["id"]
        while True:  # drain what else the order made
            got = events(b, key, after, 0)
            if not got:
                break
            after = got[-1]["id"]
    result = {"tries": len(wakes), "p50_ms": percentile(wakes, 50), "p90_ms": percentile(wakes, 90),
              "p99_ms": percentile(wakes, 99), "max_ms": max(wakes)}
    json.dump({**result, "wakes_ms": wakes}, open(out, "w"))
    print(" ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in result.items()))

if __name__ == "__main__":
    main()
