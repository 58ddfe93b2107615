#!/usr/bin/env bash
# Drives both Agent Commerce MCP doors with the MCP Inspector's CLI mode
# (@modelcontextprotocol/inspector-cli, `mcp-inspector-cli --cli <url> --transport http ...`)
# and asserts on the JSON it prints.
#
#   tools/mcp-clients/inspector.sh <base-url> [api-key]
#     <base-url>  e.g. http://127.0.0.1:8080   (open door <base>/mcp, keyed door <base>/commerce/mcp)
#     [api-key]   value for X-API-Key (or env MCP_API_KEY); without it the keyed-door checks
#                 that need a key are skipped
#
# Prints PASS/FAIL/SKIP per check and a closing "inspector: N passed, N failed" line;
# exit 1 if any check failed, 2 on usage error. Installs on demand (npm ci).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -lt 1 || "$1" == -h || "$1" == --help ]]; then
  sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
base="${1%/}"
key="${2:-${MCP_API_KEY:-}}"
open_url="$base/mcp"
keyed_url="$base/commerce/mcp"

if [[ ! -f "$here/node_modules/@modelcontextprotocol/inspector-cli/build/cli.js" ]]; then
  echo "inspector.sh: installing pinned clients (npm ci) ..." >&2
  (cd "$here" && npm ci --no-audit --no-fund >&2) || exit 2
fi
cli_dir="$here/node_modules/@modelcontextprotocol/inspector-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0

# inspector <name> <args...>: runs the CLI; stdout -> $work/<name>.json, stderr -> $work/<name>.err.
# The CLI is run from its own build/ directory: inspector-cli 1.0.3 locates its package.json
# relative to the current directory (it looks for ../package.json) and crashes elsewhere.
inspector() {
  local name="$1"; shift
  (cd "$cli_dir/build" && timeout 60 node "$cli_dir/build/cli.js" --cli "$@") \
    >"$work/$name.json" 2>"$work/$name.err"
}

# expect_json <label> <name> <js-expression>: the expression sees `r` (the parsed output)
# and `text(i)` (content[i].text parsed as JSON); it must evaluate to true, anything else
# (false, a string, an exception) is the failure reason.
expect_json() {
  local label="$1" name="$2" expr="$3"
  if node -e '
    const fs = require("fs");
    const [file, err, expr] = process.argv.slice(1);
    let r;
    try { r = JSON.parse(fs.readFileSync(file, "utf8")); }
    catch (e) { console.log(`output is not JSON (${e.message}); stderr: ${fs.readFileSync(err, "utf8").trim().split("\n").slice(-3).join(" | ")}`); process.exit(1); }
    const text = (i = 0) => JSON.parse(r.content[i].text);
    let res;
    try { res = eval(expr); } catch (e) { res = `${e.name}: ${e.message}`; }
    if (res !== true) { console.log(res === false ? "assertion is false" : String(res)); process.exit(1); }
  ' "$work/$name.json" "$work/$name.err" "$expr" >"$work/$name.why"; then
    echo "PASS $label"; passed=$((passed + 1))
  else
    echo "FAIL $label: $(cat "$work/$name.why")"; failed=$((failed + 1))
  fi
}

# run_and_expect <label> <name> <js-expression> -- <inspector args...>
run_and_expect() {
  local label="$1" name="$2" expr="$3"; shift 4
  if ! inspector "$name" "$@"; then
    echo "FAIL $label: inspector exited non-zero: $(grep -v '^\s*$' "$work/$name.err" | grep -v 'deprecated\|Upgrade:\|security fixes' | tail -3 | tr '\n' ' ')"
    failed=$((failed + 1)); return
  fi
  expect_json "$label" "$name" "$expr"
}

names='r.tools.map((t) => t.name).sort()'

# ---- open door, no credential
run_and_expect "open: tools/list lists exactly the 4 tools" open-list \
  "(n => JSON.stringify(n) === JSON.stringify(['get_alternatives','get_intel','get_product','search_catalog']) || 'tools: ' + n)($names)" \
  -- "$open_url" --transport http --method tools/list

run_and_expect "open: tools/call search_catalog query=serum -> structuredContent.products and the same JSON as text" open-search \
  "!r.isError && Array.isArray(r.structuredContent?.products) && r.structuredContent.products.length > 0 && JSON.stringify(text(0)) === JSON.stringify(r.structuredContent) || 'result: ' + JSON.stringify(r).slice(0, 300)" \
  -- "$open_url" --transport http --method tools/call --tool-name search_catalog --tool-arg query=serum

# ---- keyed door without the key: the CLI must fail to connect on an HTTP error answer
# (the SDK's message carries the response body, not the status, so the status is checked
# with a plain POST of the same initialize request)
status="$(node -e '
  fetch(process.argv[1], { method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "inspector.sh", version: "1" } } }) })
    .then((r) => console.log(r.status), (e) => console.log(`no answer: ${e.cause?.code ?? e.message}`));
' "$keyed_url")"
if inspector keyed-nokey "$keyed_url" --transport http --method tools/list; then
  echo "FAIL keyed: tools/list without X-API-Key must fail, but the CLI succeeded"; failed=$((failed + 1))
elif [[ "$status" == 401 ]] && grep -q "Failed to connect to MCP server: Streamable HTTP error: Error POSTing to endpoint" "$work/keyed-nokey.err"; then
  echo "PASS keyed: tools/list without X-API-Key fails to connect; initialize POST answers HTTP 401"
  passed=$((passed + 1))
else
  echo "FAIL keyed: without X-API-Key want HTTP 401 and a connect failure; initialize POST got '$status', CLI said: $(grep -v '^\s*$' "$work/keyed-nokey.err" | grep -v 'deprecated\|Upgrade:\|security fixes' | tail -2 | tr '\n' ' ')"
  failed=$((failed + 1))
fi

# ---- keyed door with the key
if [[ -z "$key" ]]; then
  for c in "keyed: tools/list with X-API-Key" "keyed: tools/call search_catalog with X-API-Key" "ucp: tools/list with UCP-Agent" "ucp: tools/call search_catalog with UCP-Agent"; do
    echo "SKIP $c: no api key given (2nd argument or MCP_API_KEY)"
  done
else
  run_and_expect "keyed: tools/list with X-API-Key lists the 14 tools (create_payment_link, not list_merchants)" keyed-list \
    "(n => (n.length === 14 && n.includes('create_payment_link') && !n.includes('list_merchants')) || 'tools: ' + n)($names)" \
    -- "$keyed_url" --transport http --method tools/list --header "X-API-Key: $key"

  run_and_expect "keyed: tools/call search_catalog query=serum with X-API-Key -> content[0].text is JSON with products" keyed-search \
    "!r.isError && Array.isArray(text(0).products) && text(0).products.length > 0 || 'result: ' + JSON.stringify(r).slice(0, 300)" \
    -- "$keyed_url" --transport http --method tools/call --tool-name search_catalog --tool-arg query=serum --header "X-API-Key: $key"

  run_and_expect "ucp: tools/list with X-API-Key + UCP-Agent has search_catalog and lookup_catalog, no recommend_products" ucp-list \
    "(n => (n.includes('search_catalog') && n.includes('lookup_catalog') && !n.includes('recommend_products')) || 'tools: ' + n)($names)" \
    -- "$keyed_url" --transport http --method tools/list --header "X-API-Key: $key" 'UCP-Agent: profile="https://agent.example/profile"'

  run_and_expect "ucp: tools/call search_catalog query=serum with UCP-Agent -> integer minor-unit prices" ucp-search \
    "!r.isError && text(0).products.length > 0 && text(0).products.every((p) => Number.isInteger(p.price_range.min.amount) && p.variants.every((v) => Number.isInteger(v.price.amount))) || 'result: ' + JSON.stringify(r).slice(0, 300)" \
    -- "$keyed_url" --transport http --method tools/call --tool-name search_catalog --tool-arg query=serum --header "X-API-Key: $key" 'UCP-Agent: profile="https://agent.example/profile"'
fi

echo "inspector: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
