#!/usr/bin/env bash
# The npm package of the core as another developer uses it: installed from its tarball into
# an empty project (no registry: it has no dependencies), the README's example run and every
# vector of core/vectors/rules.json checked through it.
# Usage: scripts/check-core-package.sh dist/tingshu-core-<version>.tgz
set -euo pipefail
tarball="$(realpath "$1")"
root="$(realpath "$(dirname "$0")/..")"
project="$(mktemp -d /tmp/tingshu-core-package.XXXXXX)"
trap 'rm -rf "$project"' EXIT
cd "$project"
npm init -y > /dev/null
npm install --offline --no-audit --no-fund "$tarball" > /dev/null
cp "$root/core/examples/node/example.mjs" "$root/core/examples/node/vectors.mjs" .
said="$(node example.mjs)"
expected="$(printf '01:01:01\ninvalid password\nfalse')"
if [ "$said" != "$expected" ]; then
  echo "the README's example printed:"; echo "$said"; echo "instead of:"; echo "$expected"; exit 1
fi
node vectors.mjs "$root/core/vectors/rules.json"
echo "core package: installed from $(basename "$tarball"), the example and the vectors pass"
