-- wrk script: rotates through the benchmark search requests with the agent key.
local paths = {}
for line in io.lines("bench/search-queries.txt") do
  if line ~= "" and line:sub(1, 1) ~= "#" then paths[#paths + 1] = line end
end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["X-API-Key"] = os.getenv("AC_BENCH_KEY") })
end
