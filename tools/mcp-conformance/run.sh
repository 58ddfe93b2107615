#!/usr/bin/env bash
# Runs the pinned MCP conformance suite's SERVER scenarios against one MCP endpoint
# and compares the outcome with expected-failures.yml (the suite's own baseline format).
#
#   tools/mcp-conformance/run.sh <mcp-url> [scenario ...]
#
#   <mcp-url>    e.g. http://127.0.0.1:8080/mcp  (the open door: the suite cannot send
#                X-API-Key, and dns-rebinding-protection needs a localhost URL)
#   scenario     optional: run only these scenarios (default: every server scenario,
#                i.e. `--suite all`, pending ones included)
#
# Exit status: 0 when every must-pass scenario passes and every scenario listed in
# expected-failures.yml fails; 1 on an unexpected failure OR an unexpected pass of a
# listed scenario (stale baseline: delete the line); 2 on a usage/setup problem.
# Installs on demand (npm ci) and runs the suite with the Node 22 binary from the
# pinned `node` package, because the suite's dependencies need Node >= 22.
#
# Environment:
#   CONFORMANCE_RESULTS_DIR  where the suite's checks.json files and suite.log go
#                            (default: tools/mcp-conformance/results/<timestamp>)
#   CONFORMANCE_VERBOSE=1    also stream the suite's own output to the terminal
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -lt 1 || "$1" == -h || "$1" == --help ]]; then
  sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
url="$1"; shift

cd "$here"
if [[ ! -x node_modules/node/bin/node || ! -f node_modules/@modelcontextprotocol/conformance/dist/index.js ]]; then
  echo "run.sh: installing pinned suite (npm ci) ..." >&2
  npm ci --no-audit --no-fund >&2
fi
node22="$here/node_modules/node/bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
major="$("$node22" -p 'process.versions.node.split(".")[0]')"
if [[ "$major" != 22 ]]; then
  echo "run.sh: expected Node 22 from the pinned node package, got $("$node22" -v)" >&2
  exit 2
fi

listing="$("$node22" "$suite" list --server)"
"$node22" baseline.mjs preflight <<<"$listing"
mapfile -t all_scenarios < <(sed -n 's/^[[:space:]]*-[[:space:]]\{1,\}\([a-z0-9-]\{1,\}\).*/\1/p' <<<"$listing")

results="${CONFORMANCE_RESULTS_DIR:-$here/results/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$results"
log="$results/suite.log"
echo "run.sh: suite $("$node22" "$suite" --version) on node $("$node22" -v) against $url"
echo "run.sh: suite output -> $log"

run_suite() {
  if [[ "${CONFORMANCE_VERBOSE:-0}" == 1 ]]; then
    "$node22" "$suite" server --url "$url" --expected-failures expected-failures.yml -o "$results" "$@" 2>&1 | tee -a "$log"
    return "${PIPESTATUS[0]}"
  else
    "$node22" "$suite" server --url "$url" --expected-failures expected-failures.yml -o "$results" "$@" >>"$log" 2>&1
  fi
}

suite_rc=0
if [[ $# -gt 0 ]]; then
  scenarios=("$@")
  for s in "${scenarios[@]}"; do
    run_suite --scenario "$s" || suite_rc=1
  done
else
  scenarios=("${all_scenarios[@]}")
  run_suite --suite all || suite_rc=1
fi

report_rc=0
"$node22" baseline.mjs report "$results" "${scenarios[@]}" || report_rc=$?
if [[ $suite_rc -ne 0 && $report_rc -eq 0 ]]; then
  echo "run.sh: the suite itself exited non-zero although every scenario matched the baseline; see $log" >&2
  exit 1
fi
exit "$report_rc"
