#!/usr/bin/env bash
# Installs what the checks after the tests need, so that CI can do it while the tests run:
#
#   tools/ci-prepare.sh
#
# - the pinned npm packages of tools/openapi-lint, tools/client-check, tools/mcp-conformance,
#   tools/mcp-clients and tools/browser (npm ci from their lockfiles, each only when missing);
# - the OpenAPI generator's jar, which its CLI fetches on first use;
# - Debian's chromium for the browser check, when missing (root only; as tools/browser-check.sh).
#
# Each check still installs what it misses by itself: this only moves the waiting earlier.
# Network and disk bound; it builds nothing. Exit status 0 when everything is in place, 1 when any
# install failed (the output says which).
set -uo pipefail
tools="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rc=0

npm_ci() { # $1: the tool directory, $2: a file that is there once installed
  if [[ ! -e "$tools/$1/$2" ]]; then
    echo "ci-prepare: npm ci in tools/$1"
    (cd "$tools/$1" && npm ci --no-audit --no-fund --loglevel=error) || { echo "ci-prepare: FAILED tools/$1"; rc=1; }
  fi
}

npm_ci openapi-lint node_modules/.bin/redocly
npm_ci client-check node_modules/.bin/tsc
npm_ci mcp-conformance node_modules/@modelcontextprotocol/conformance/dist/index.js
npm_ci mcp-clients node_modules/@modelcontextprotocol/sdk
npm_ci browser node_modules/playwright-core

if [[ -x "$tools/client-check/node_modules/.bin/openapi-generator-cli" ]]; then
  echo "ci-prepare: the OpenAPI generator's jar"
  (cd "$tools/client-check" && node_modules/.bin/openapi-generator-cli version) \
    || { echo "ci-prepare: FAILED the generator's jar"; rc=1; }
fi

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [[ ! -x "$chromium" && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "ci-prepare: installing chromium (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; } \
    || { echo "ci-prepare: FAILED chromium"; rc=1; }
fi
exit "$rc"
