-- wrk script: the long-tail searches (bench/longtail-queries.py) in a random order per thread.
local paths = {}
for line in io.lines(os.getenv("AC_BENCH_QUERIES") or "bench/results/longtail-queries.txt") do
  if line ~= "" then paths[#paths + 1] = line end
end
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
request = function()
  return wrk.format("GET", paths[math.random(#paths)], { ["X-API-Key"] = os.getenv("AC_BENCH_KEY") })
end
