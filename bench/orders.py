#!/usr/bin/env python3
"""Order creation load: N requests of one kind, over C keep-alive connections (one thread each),
every connection with its own agent key unless SHARED=1. Kinds: order (priced by the server from
the live catalog), quoted (an order from a quote made beforehand, one quote per order; the quotes
are not timed), quote (quote preview), pay (POST /agent/v1/payments with the sandbox PSP's tok_visa
for an order made beforehand, one order per payment, orders not timed; needs TOKENS=<file> with one
buyer token per connection), live (GET /health/live, the trivial endpoint), keyed (GET
/agent/v1/merchants?limit=1: authentication and the rate limit and little else).
Usage: orders.py HOST PORT[,PORT...] KIND N C KEYFILE OUT.json (with several ports, connection t
goes to the t-th port, round robin: several nodes).
Prints requests/s, client p50/p99 and server p50/p99 (Server-Timing app;dur), and fails on any
non-2xx answer."""
import http.client, json, os, sys, threading, time

MERCHANT = "merch_7c1e4a9d2b5f3e80"
PRODUCTS = ["prod_aecc96e30d0fbb41", "prod_36368741c7321f65", "prod_f5dcbf69203da83b"]
ADDRESS = {"name": "Ada", "address_line1": "1 Main St", "city": "New York", "state": "NY",
           "postal_code": "10001", "country": "US"}

def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]

def call(conn, method, path, key, body=None, buyer=None):
    headers = {"X-API-Key": key, "Content-Type": "application/json"}
    if buyer:
        headers["X-Agent-User-JWT"] = buyer
    t0 = time.perf_counter()
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    resp = conn.getresponse(); data = resp.read()
    client = (time.perf_counter() - t0) * 1000
    timing = resp.getheader("Server-Timing", "")
    server = float(timing.split("dur=")[1]) if "dur=" in timing else float("nan")
    return resp.status, data, client, server

def order_body(i):
    return {"merchant_id": MERCHANT, "items": [{"product_id": PRODUCTS[i % len(PRODUCTS)], "quantity": 1}],
            "customer_email": "ada@example.com", "currency": "USD", "shipping_address": ADDRESS}

def quote_body(i):
    return {"merchant_id": MERCHANT, "items": [{"product_id": PRODUCTS[i % len(PRODUCTS)], "quantity": 1}],
            "shipping_address": {"country": "US", "state": "NY", "postal_code": "10001"}}

def main():
    host, ports, kind, n, c, keyfile, out = sys.argv[1], [int(p) for p in sys.argv[2].split(",")], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7]
    keys = [k.strip() for k in open(keyfile) if k.strip()]
    if os.environ.get("SHARED") == "1":
        keys = keys[:1]
    per = [n // c + (1 if t < n % c else 0) for t in range(c)]
    tokens = [x.strip() for x in open(os.environ["TOKENS"]) if x.strip()] if kind == "pay" else []
    work = []
    for t in range(c):
        key = keys[t % len(keys)]
        conn = http.client.HTTPConnection(host, ports[t % len(ports)], timeout=60)
        bodies = []
        for i in range(per[t]):
            if kind == "quoted":
                status, data, _, _ = call(conn, "POST", "/agent/v1/quotes/preview", key, quote_body(i))
                if status != 200:
                    sys.exit(f"quote: HTTP {status} {data[:300]}")
                bodies.append({"quote_id": json.loads(data)["quote_id"], "customer_email": "ada@example.com",
                               "shipping_address": ADDRESS})
            elif kind == "order":
                bodies.append(order_body(i))
            elif kind == "pay":
                status, data, _, _ = call(conn, "POST", "/agent/v1/orders/create", key, order_body(i))
                if status != 200:
                    sys.exit(f"order: HTTP {status} {data[:300]}")
                bodies.append({"order_id": json.loads(data)["order_id"],
                               "payment_method": {"type": "card", "token": "tok_visa"}})
            elif kind == "quote":
                bodies.append(quote_body(i))
            else:
                bodies.append(None)
        work.append((conn, key, bodies, tokens[t % len(tokens)] if tokens else None))
    path, method = {"order": ("/agent/v1/orders/create", "POST"), "quoted": ("/agent/v1/orders/create", "POST"),
                    "quote": ("/agent/v1/quotes/preview", "POST"), "live": ("/health/live", "GET"),
                    "keyed": ("/agent/v1/merchants?limit=1", "GET"),
                    "pay": ("/agent/v1/payments", "POST")}[kind]
    clients, servers, errors = [], [], []
    lock = threading.Lock()
    def run(conn, key, bodies, buyer):
        mine_c, mine_s = [], []
        for b in bodies:
            status, data, cl, sv = call(conn, method, path, key, b, buyer)
            if status == 200 and kind == "pay" and json.loads(data).get("status") != "succeeded":
                status = 599  # a payment that did not succeed counts as an error
            if status // 100 != 2:
                with lock:
                    errors.append(f"HTTP {status} {data[:200]}")
                continue
            mine_c.append(cl); mine_s.append(sv)
        with lock:
            clients.extend(mine_c); servers.extend(mine_s)
    threads = [threading.Thread(target=run, args=w) for w in work]
    t0 = time.perf_counter()
    for t in threads: t.start()
    for t in threads: t.join()
    wall = time.perf_counter() - t0
    servers = [s for s in servers if s == s]
    report = {"kind": kind, "requests": n, "connections": c, "shared_key": os.environ.get("SHARED") == "1",
              "errors": len(errors), "seconds": round(wall, 2), "per_second": round(n / wall, 1),
              "client_ms": {"p50": round(percentile(clients, 50), 2), "p99": round(percentile(clients, 99), 2)},
              "server_ms": ({"p50": round(percentile(servers, 50), 2), "p99": round(percentile(servers, 99), 2)} if servers else None)}
    json.dump({"report": report, "errors": errors[:20]}, open(out, "w"))
    print(json.dumps(report))
    if errors:
        print("\n".join(errors[:5]), file=sys.stderr)
        sys.exit(1)

if __name__ == "__main__":
    main()
