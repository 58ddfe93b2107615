#!/usr/bin/env python3
"""A stuck node under load (bench/stuck-node.sh starts the two nodes and runs this).

Workers create orders and pay them (sandbox tokens: mostly tok_visa, some tok_processing and
tok_timeout, which keep payments in flight) on both nodes. Once the burst runs, node B is frozen
(SIGSTOP) for FREEZE seconds, then resumed (SIGCONT); CYCLES repeats that with RUN seconds of
normal running in between. Meanwhile a probe makes an order on node A every PROBE_EVERY seconds
and long-polls node A's timeline for its order.created: the latency from the create's answer to
the event, per probe, is what this measures; a probe also pays tok_processing on A every few
orders, timing its settlement by A's reconciler. A sampler reads the database every 0.5 s: open
transactions of the bench database, those with writes, lock waits, and waits on event_sequencer.
After the last resume the workers stop; once the outbox is drained and the payments in flight have
settled (reconciliation included), every agent's timeline is read from the start through the API
(ascending ids, no event twice).
Usage: stuck_node.py HOST PORT_A PORT_B PID_B DB KEYFILE TOKENFILE OUT.json
Env: WORKERS_B (12), WORKERS_A (4), WARMUP (5 s), FREEZE (40 s), RUN (10 s), CYCLES (1),
PROBE_EVERY (1 s)."""
import http.client, json, os, random, signal, subprocess, sys, threading, time

MERCHANT = "merch_7c1e4a9d2b5f3e80"
PRODUCTS = ["prod_aecc96e30d0fbb41", "prod_36368741c7321f65", "prod_f5dcbf69203da83b"]
ADDRESS = {"name": "Ada", "address_line1": "1 Main St", "city": "New York", "state": "NY",
           "postal_code": "10001", "country": "US"}
TOKENS = ["tok_visa"] * 14 + ["tok_processing"] * 3 + ["tok_timeout"] * 3

host, port_a, port_b, pid_b, db = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
keys = [k.strip() for k in open(sys.argv[6]) if k.strip()]
buyers = [t.strip() for t in open(sys.argv[7]) if t.strip()]
out_path = sys.argv[8]
env = lambda k, d: type(d)(os.environ.get(k, d))
WORKERS_B, WORKERS_A = env("WORKERS_B", 12), env("WORKERS_A", 4)
WARMUP, FREEZE, RUN, CYCLES = env("WARMUP", 5.0), env("FREEZE", 40.0), env("RUN", 10.0), env("CYCLES", 1)
PROBE_EVERY = env("PROBE_EVERY", 1.0)

stop = threading.Event()
lock = threading.Lock()
outcomes = {"A": {}, "B": {}}
frozen = []  # (start, end) per freeze, monotonic seconds
probes = []  # dicts
samples = []
T0 = time.monotonic()


def now():
    return time.monotonic() - T0


def call(conn, method, path, key, body=None, buyer=None):
    headers = {"X-API-Key": key, "Content-Type": "application/json"}
    if buyer:
        headers["X-Agent-User-JWT"] = buyer
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    return resp.status, (json.loads(data) if data else None)


def count(node, what):
    with lock:
        outcomes[node][what] = outcomes[node].get(what, 0) + 1


def worker(node, port, i):
    key = keys[i % (len(keys) - 1)]  # the last key is the probe's
    buyer = buyers[i % len(buyers)]
    conn = None
    n = 0
    while not stop.is_set():
        try:
            if conn is None:
                conn = http.client.HTTPConnection(host, port, timeout=300)
            body = {"merchant_id": MERCHANT, "items": [{"product_id": PRODUCTS[n % 3], "quantity": 1}],
                    "customer_email": "ada@example.com", "currency": "USD", "shipping_address": ADDRESS}
            n += 1
            s, o = call(conn, "POST", "/agent/v1/orders/create", key, body, buyer)
            if s != 200:
                count(node, "order %d %s" % (s, (o or {}).get("detail", {}).get("error") if isinstance(o, dict) else ""))
                continue
            count(node, "order 200")
            token = random.choice(TOKENS)
            s, p = call(conn, "POST", "/agent/v1/payments", key,
                        {"order_id": o["order_id"], "payment_method": {"type": "card", "token": token}}, buyer)
            status = p.get("status") if s == 200 and isinstance(p, dict) else (p or {}).get("detail", {}).get("error") if isinstance(p, dict) else None
            count(node, "pay %d %s" % (s, status))
        except Exception as e:  # a frozen or restarted peer: count it and go on
            count(node, "error " + type(e).__name__)
            conn = None
            time.sleep(0.2)


def probe():
    key = keys[-1]
    buyer = buyers[-1]
    conn = http.client.HTTPConnection(host, port_a, timeout=60)
    i = 0
    while not stop.is_set():
        started = now()
        i += 1
        try:
            s, o = call(conn, "POST", "/agent/v1/orders/create", key,
                        {"merchant_id": MERCHANT, "items": [{"product_id": PRODUCTS[0], "quantity": 1}],
                         "customer_email": "ada@example.com", "currency": "USD", "shipping_address": ADDRESS}, buyer)
            created = now()
            if s != 200:
                probes.append({"at": started, "error": "order %d" % s})
                continue
            order_id = o["order_id"]
            seen = None
            while seen is None and now() - created < 60:
                s, page = call(conn, "GET", "/agent/v1/orders/events?after_id=0&wait_ms=1000&order_id=" + order_id, key)
                if s == 200 and page["events"]:
                    seen = now()
            rec = {"at": started, "create_ms": round((created - started) * 1000),
                   "event_ms": None if seen is None else round((seen - created) * 1000),
                   "during_freeze": any(a <= started and (b is None or started <= b) for a, b in frozen)}
            if i % 5 == 0:  # a payment the reconciler settles (tok_processing), on node A
                t = now()
                s, p = call(conn, "POST", "/agent/v1/payments", key,
                            {"order_id": order_id, "payment_method": {"type": "card", "token": "tok_processing"}}, buyer)
                if s == 200:
                    pid = p["payment_id"]
                    while now() - t < 60:
                        s, r = call(conn, "GET", "/agent/v1/payments/" + pid, key)
                        if s == 200 and r["status"] in ("succeeded", "failed"):
                            break
                        time.sleep(0.2)
                    rec["payment_settled_ms"] = round((now() - t) * 1000)
                    rec["payment_status"] = r.get("status") if isinstance(r, dict) else None
            probes.append(rec)
        except Exception as e:
            probes.append({"at": started, "error": type(e).__name__})
            conn = http.client.HTTPConnection(host, port_a, timeout=60)
        time.sleep(max(0.0, PROBE_EVERY - (now() - started)))


SAMPLE_SQL = (
    "SELECT (SELECT COUNT(*) FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
    " ON p.ID = t.trx_mysql_thread_id WHERE p.DB = '{db}'),"
    " (SELECT COUNT(*) FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
    " ON p.ID = t.trx_mysql_thread_id WHERE p.DB = '{db}' AND t.trx_rows_modified > 0),"
    " (SELECT COUNT(*) FROM information_schema.INNODB_LOCK_WAITS w JOIN information_schema.INNODB_LOCKS l"
    " ON l.lock_id = w.requested_lock_id WHERE l.lock_table LIKE '`{db}`.%'),"
    " (SELECT COUNT(*) FROM information_schema.INNODB_LOCK_WAITS w JOIN information_schema.INNODB_LOCKS l"
    " ON l.lock_id = w.requested_lock_id WHERE l.lock_table = '`{db}`.`event_sequencer`'),"
    " (SELECT COUNT(*) FROM {db}.domain_events WHERE timeline_id IS NULL)").format(db=db)


def b_ports():
    """The client ports of node B's connections to the database (B's pool)."""
    r = subprocess.run(["ss", "-tnp"], capture_output=True, text=True)
    ports = []
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) >= 6 and f[0] == "ESTAB" and f[4].endswith(":3306") and "pid=%d," % pid_b in line:
            ports.append(f[3].rsplit(":", 1)[1])
    return ports


def sampler():
    while not stop.is_set() or now() < sampler_until[0]:
        t = now()
        try:
            ports = frozen_ports[0]
            b_sql = ""
            if ports:
                b = ("FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
                     " ON p.ID = t.trx_mysql_thread_id WHERE p.HOST IN (%s)"
                     % ",".join("'127.0.0.1:%s'" % x for x in ports))
                b_sql = (", (SELECT COUNT(*) %s), (SELECT COUNT(*) %s AND t.trx_rows_modified > 0),"
                         " (SELECT COUNT(*) %s AND t.trx_lock_structs > 0)" % (b, b, b))
            r = subprocess.run(["mysql", "-uroot", "-h127.0.0.1", "-N", "-B", "-e", SAMPLE_SQL + b_sql],
                               capture_output=True, text=True, timeout=10)
            vals = [int(x) for x in r.stdout.split()]
            sample = {"t": round(t, 2), "trx": vals[0], "writing": vals[1], "lock_waits": vals[2],
                      "sequencer_waits": vals[3], "unsequenced": vals[4]}
            if ports:
                sample.update({"b_trx": vals[5], "b_writing": vals[6], "b_locking": vals[7]})
            samples.append(sample)
        except Exception as e:
            samples.append({"t": round(t, 2), "error": str(e)})
        time.sleep(max(0.0, 0.5 - (now() - t)))


sampler_until = [0.0]
frozen_ports = [None]
threads = [threading.Thread(target=worker, args=("B", port_b, i), daemon=True) for i in range(WORKERS_B)]
threads += [threading.Thread(target=worker, args=("A", port_a, i + WORKERS_B), daemon=True) for i in range(WORKERS_A)]
threads.append(threading.Thread(target=probe, daemon=True))
s_thread = threading.Thread(target=sampler, daemon=True)
s_thread.start()
for t in threads:
    t.start()
time.sleep(WARMUP)
for c in range(CYCLES):
    if c:
        time.sleep(RUN)
    time.sleep(random.uniform(0, 1))  # freeze at no particular moment of the burst
    os.kill(pid_b, signal.SIGSTOP)
    frozen.append((now(), None))
    frozen_ports[0] = b_ports()
    time.sleep(FREEZE)
    frozen_ports[0] = None
    os.kill(pid_b, signal.SIGCONT)
    frozen[-1] = (frozen[-1][0], now())
time.sleep(RUN)
stop.set()
sampler_until[0] = now() + 5
for t in threads:
    t.join(timeout=330)

# Drained: nothing left in the outbox for a while (the resumed node finishes its calls first).
deadline = time.time() + 180
while time.time() < deadline:
    r = subprocess.run(["mysql", "-uroot", "-h127.0.0.1", "-N", "-B", "-e",
                        "SELECT COUNT(*) FROM %s.domain_events WHERE timeline_id IS NULL" % db],
                       capture_output=True, text=True)
    if r.stdout.strip() == "0":
        break
    time.sleep(1)

# Payments in flight on the frozen node settle: by the node itself, or by reconciliation (an
# attempt it left 'sent' is asked about after ac.payments.sent-grace, 60 s).
settle_started = time.time()
unsettled = None
while time.time() - settle_started < 180:
    r = subprocess.run(["mysql", "-uroot", "-h127.0.0.1", "-N", "-B", "-e",
                        "SELECT COUNT(*) FROM %s.payments WHERE status = 'processing'" % db],
                       capture_output=True, text=True)
    unsettled = int(r.stdout.strip() or -1)
    if unsettled == 0:
        break
    time.sleep(2)

# Every agent's timeline through the API, from the start.
timeline = {"events": 0, "duplicates": 0, "not_ascending": 0}
for key in keys:
    conn = http.client.HTTPConnection(host, port_a, timeout=60)
    after, seen = 0, set()
    while True:
        s, page = call(conn, "GET", "/agent/v1/orders/events?limit=200&after_id=%d" % after, key)
        if s != 200 or not page["events"]:
            break
        for e in page["events"]:
            if e["id"] <= after:
                timeline["not_ascending"] += 1
            after = e["id"]
            if e["event_id"] in seen:
                timeline["duplicates"] += 1
            seen.add(e["event_id"])
            timeline["events"] += 1

during = [p for p in probes if p.get("during_freeze") and p.get("event_ms") is not None]
per_freeze = []
for a, b in frozen:
    inside = [x for x in samples if a <= x["t"] <= b and "error" not in x]
    waited = [x["t"] for x in inside if x["sequencer_waits"]]
    per_freeze.append({
        "seconds": round(b - a, 1),
        "probe_event_ms_max": max((p["event_ms"] for p in probes
                                   if p.get("event_ms") is not None and a <= p["at"] <= b), default=None),
        # the frozen node held the sequencer's row: how long the others waited for it
        "sequencer_held_s": round(waited[-1] - waited[0] + 0.5, 1) if waited else 0,
        # the frozen node's open transactions (those with writes, those holding locks) and when
        # the database had ended the last of them (None: not within the freeze)
        "b_open_trx_at_freeze": [max((x.get(k, 0) for x in inside if x["t"] <= a + 0.6), default=None)
                                 for k in ("b_trx", "b_writing", "b_locking")],
        "b_ended_after_s": [next((round(x["t"] - a, 1) for x in inside
                                  if x["t"] > a + 0.6 and x.get(k) == 0), None)
                            for k in ("b_trx", "b_writing", "b_locking")]})
result = {
    "freezes": per_freeze,
    "outcomes": outcomes,
    "probes": len(probes),
    "probe_errors": [p for p in probes if "error" in p],
    "probes_during_freeze": len(during),
    "event_ms_during_freeze": {
        "max": max((p["event_ms"] for p in during), default=None),
        "p50": sorted(p["event_ms"] for p in during)[len(during) // 2] if during else None},
    "event_ms_overall_max": max((p["event_ms"] for p in probes if p.get("event_ms") is not None), default=None),
    "probes_without_event": len([p for p in probes if "error" not in p and p.get("event_ms") is None]),
    "payment_settled_ms_during_freeze": [p["payment_settled_ms"] for p in probes
                                         if p.get("during_freeze") and "payment_settled_ms" in p],
    "timeline": timeline,
    "payments_processing_after_settle_wait": unsettled,
    "settle_wait_s": round(time.time() - settle_started),
    "max_sequencer_waits": max((s.get("sequencer_waits", 0) for s in samples), default=0),
    "max_unsequenced": max((s.get("unsequenced", 0) for s in samples), default=0),
}
json.dump({"result": result, "probes": probes, "samples": samples}, open(out_path, "w"), indent=1)
print(json.dumps(result, indent=1))
