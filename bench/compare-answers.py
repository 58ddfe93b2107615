#!/usr/bin/env python3
"""Same answers from two servers: asks two running servers (say, main and a change to the search
engine, both on the same benchmark catalog) the same searches and compares what a client sees.

For each search: the HTTP status, pagination.total_count, the sequence of relevance scores, and the
products as JSON text (numbers compared as written, keys in any order). Products with equal scores
may come in a different order when the two indexes were built separately, so products are compared
per score; at the cut of a page (its last score when full, its first when it has an offset) only
the count is compared: which of several equal products makes the cut is the index's tie-break.

The searches: every line of the long-tail file (bench/longtail-queries.py), then variants of some of
them with a market (the catalog's markets), with limit/offset, and unscored lists (filters only).
Both keys need a tier without a rate limit for this many requests (catalog-bench.sh sets the bench
agent to enterprise). Exit status 1 when any answer differs.

Usage: compare-answers.py BASE_A KEY_A BASE_B KEY_B QUERIES_FILE [VARIANTS] [SEED]
  e.g. compare-answers.py http://127.0.0.1:8090 "$KEY_A" http://127.0.0.1:8091 "$KEY_B" \
       bench/results/longtail-queries.txt 300 7
"""
import http.client
import json
import random
import sys
import urllib.parse
from collections import Counter

MARKETS = ["US", "DE", "FR", "JP", "CA"]


def client(base):
    u = urllib.parse.urlsplit(base)
    return http.client.HTTPConnection(u.hostname, u.port or 80, timeout=60)


def get(conn, key, path):
    conn.request("GET", path, headers={"X-API-Key": key, "Accept": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    return resp.status, body


def canonical(product):
    return json.dumps(product, sort_keys=True, separators=(",", ":"))


def parse(body):
    # Numbers kept as written: 12.50 and 12.5 are different answers to a client that compares text.
    return json.loads(body, parse_float=str, parse_int=str)


def differences(a, b):
    """What differs between two answers, as short sentences (empty when the same)."""
    (sa, ba), (sb, bb) = a, b
    if sa != sb:
        return [f"status {sa} vs {sb}"]
    if sa != 200:
        return [] if ba == bb else ["error bodies differ"]
    ja, jb = parse(ba), parse(bb)
    out = []
    ta, tb = ja["pagination"]["total_count"], jb["pagination"]["total_count"]
    if ta != tb:
        out.append(f"total_count {ta} vs {tb}")
    pa, pb = ja["products"], jb["products"]
    scores_a = [p.get("relevance_score") for p in pa]
    scores_b = [p.get("relevance_score") for p in pb]
    if scores_a != scores_b:
        out.append(f"scores {scores_a[:5]}… vs {scores_b[:5]}…")
        return out
    if any(s is None for s in scores_a):
        # Unscored lists are ordered by last update, then by index order: compare as a multiset.
        if Counter(map(canonical, pa)) != Counter(map(canonical, pb)):
            out.append("products differ")
        return out
    # A page's cut among equal scores is the index's tie-break: at its end when the page is full,
    # at its start when it has an offset; those scores compare by count only.
    page = ja["pagination"]
    cut = set()
    if scores_a and len(pa) == int(page["limit"]):
        cut.add(scores_a[-1])
    if scores_a and int(page["offset"]) > 0:
        cut.add(scores_a[0])
    by_score_a, by_score_b = {}, {}
    for p in pa:
        by_score_a.setdefault(p["relevance_score"], Counter())[canonical(p)] += 1
    for p in pb:
        by_score_b.setdefault(p["relevance_score"], Counter())[canonical(p)] += 1
    for score, products in by_score_a.items():
        if score in cut:
            continue
        if products != by_score_b.get(score):
            out.append(f"products with score {score} differ")
    return out


def searches(lines, variants, seed):
    rng = random.Random(seed)
    out = list(lines)
    sample = rng.sample(lines, min(variants, len(lines)))
    for path in sample:
        out.append(path + "&" + urllib.parse.urlencode({"market": rng.choice(MARKETS)}))
    for path in rng.sample(lines, min(variants, len(lines))):
        limit, offset = rng.choice([1, 5, 10, 50]), rng.choice([0, 3, 20, 45])
        out.append(path + "&" + urllib.parse.urlencode({"limit": limit, "offset": offset}))
    for i in range(min(variants, 50)):
        params = {"limit": rng.choice([5, 20, 50]), "offset": rng.choice([0, 10])}
        if i % 2:
            params["max_price"] = rng.choice([15, 30, 50])
        if i % 3 == 0:
            params["market"] = rng.choice(MARKETS)
        out.append("/agent/v1/products/search?" + urllib.parse.urlencode(params))
    out.extend(rng.sample(lines, min(variants // 3, len(lines))))  # repeats
    return out


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    base_a, key_a, base_b, key_b, file = sys.argv[1:6]
    variants = int(sys.argv[6]) if len(sys.argv) > 6 else 300
    seed = int(sys.argv[7]) if len(sys.argv) > 7 else 7
    lines = [l.strip() for l in open(file) if l.strip() and not l.startswith("#")]
    todo = searches(lines, variants, seed)
    ca, cb = client(base_a), client(base_b)
    differing = 0
    for i, path in enumerate(todo, 1):
        found = differences(get(ca, key_a, path), get(cb, key_b, path))
        if found:
            differing += 1
            if differing <= 20:
                print(f"DIFFERENT {path}: {'; '.join(found)}")
        if i % 500 == 0:
            print(f"{i}/{len(todo)} searches compared, {differing} different", file=sys.stderr)
    print(f"{len(todo)} searches compared: {len(todo) - differing} same, {differing} different")
    sys.exit(1 if differing else 0)


main()
