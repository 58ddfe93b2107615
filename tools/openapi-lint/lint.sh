#!/usr/bin/env bash
# Lints an OpenAPI document (a file or a URL) with the pinned Redocly CLI. Errors fail; warnings
# are printed. Installs the linter from the lockfile on first use (npm registry).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: lint.sh <openapi.json file or URL>}"
if [ ! -x "$here/node_modules/.bin/redocly" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
if [[ "$target" == http* ]]; then
  doc="$(mktemp --suffix=.json)"
  trap 'rm -f "$doc"' EXIT
  curl -fsS "$target" -o "$doc"
  target="$doc"
fi
"$here/node_modules/.bin/redocly" lint "$target" --config "$here/redocly.yaml" --format=stylish
