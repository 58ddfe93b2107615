#!/usr/bin/env python3
"""Long-tail search requests for the catalog benchmark (issue 20): N distinct agent-like searches
built from the benchmark catalog's titles with a fixed seed, so every run asks the same questions
and nobody tuned the list by hand. One to three words of a random product's title, sometimes with
what agents add ("for dry skin", "fragrance free", "under $30" as max_price), in random order.

Usage: longtail-queries.py DATABASE OUT_FILE [N] [SEED]   (reads titles with the mariadb client)
"""
import random
import re
import subprocess
import sys
import urllib.parse

db, out = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20
titles = subprocess.run(
    ["mariadb", "-uroot", "-h127.0.0.1", "-N", "-B", db, "-e",
     "SELECT title FROM products ORDER BY id"],
    check=True, capture_output=True, text=True).stdout.splitlines()
if len(titles) < 1000:
    sys.exit(f"only {len(titles)} products in {db}: load the benchmark catalog first")
stop = {"and", "with", "for", "the", "of", "in", "a", "an", "to", "by", "on", "ml", "oz", "g",
        "mg", "x", "pack", "set", "&", "-", "+"}
extras = ["for dry skin", "fragrance free", "for sensitive skin", "vegan", "for oily skin"]
rng = random.Random(seed)
seen, queries = set(), []
while len(queries) < n:
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", rng.choice(titles).lower()) if w not in stop]
    if not words:
        continue
    k = min(len(words), rng.choice([1, 2, 2, 3]))
    start = rng.randrange(0, len(words) - k + 1)
    text = " ".join(words[start:start + k])
    params = {}
    roll = rng.random()
    if roll < 0.15:
        text += " " + rng.choice(extras)
    elif roll < 0.25:
        params["max_price"] = str(rng.choice([15, 20, 30, 50]))
    params["query"] = text
    path = "/agent/v1/products/search?" + urllib.parse.urlencode(params)
    if path not in seen:
        seen.add(path)
        queries.append(path)
with open(out, "w") as f:
    f.write("\n".join(queries) + "\n")
print(f"{len(queries)} distinct long-tail searches (seed {seed}) in {out}")
