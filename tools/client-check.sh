#!/usr/bin/env bash
# Generates a TypeScript client (openapi-generator, typescript-fetch) from the OpenAPI document a
# running server serves, compiles it with tsc in strict mode, and runs a few calls with it against
# that server: register an agent, list merchants, search products, build a brief and read it back,
# get a quote, order it, read and list the order.
#
#   tools/client-check.sh <base-url>        e.g. http://127.0.0.1:8080
#
# Needs Java (the generator is a Java program), Node and npm. The generator CLI and TypeScript are
# installed on first use from tools/client-check/package-lock.json (npm registry); the generator
# jar version is pinned in tools/client-check/openapitools.json (downloaded from Maven Central).
# Exit status: 0 when the client compiles and every call answers as documented, 1 otherwise,
# 2 on a usage or setup problem.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/client-check" && pwd)"
base="${1:-}"
if [[ -z "$base" || "$base" == -* ]]; then
  sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
for tool in java node npm curl; do
  command -v "$tool" >/dev/null || { echo "client-check: $tool is not on the PATH" >&2; exit 2; }
done
cd "$here"
if [[ ! -x node_modules/.bin/openapi-generator-cli || ! -x node_modules/.bin/tsc ]]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
rm -rf build
mkdir -p build
curl -fsS "$base/agent/v1/openapi.json" -o build/openapi.json
echo "client-check: generating a typescript-fetch client from $base/agent/v1/openapi.json"
node_modules/.bin/openapi-generator-cli generate -g typescript-fetch -i build/openapi.json \
  -o build/generated --additional-properties=supportsES6=true >build/generate.log 2>&1 \
  || { tail -40 build/generate.log; echo "client-check: generation failed" >&2; exit 1; }
cp check.ts build/check.ts
echo "client-check: compiling the client (tsc --strict)"
node_modules/.bin/tsc -p tsconfig.json || { echo "client-check: the client does not compile" >&2; exit 1; }
node build/out/check.js "$base"
