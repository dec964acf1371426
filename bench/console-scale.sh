#!/usr/bin/env bash
# The console's book list on a large generated catalogue (100,000 books): release server on
# loopback, an administrator created with `tingshu create-admin`, then `tingshu-bench console`
# (editors sorting, filtering, paging deep and searching). Usage:
# bench/console-scale.sh [clients] [seconds]. Needs a release build
# (`cargo build --release -p tingshu-server -p tingshu-bench`). CATALOG_DATA_DIR=/some/dir
# reuses (or creates once) the generated data there, as bench/catalog-scale.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
clients="${1:-8}"
seconds="${2:-20}"
work="$(mktemp -d /tmp/tingshu-console-bench.XXXXXX)"
data="${CATALOG_DATA_DIR:-$work/data}"
. bench/common.sh
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ ! -f "$data/tingshu.db" ]; then
  echo "== generating the catalogue into $data"
  "$bin_dir/tingshu-bench" catalog-seed --data-dir "$data" --books 100000 --chapters-per-book 20
fi
email="bench-admin@example.com"
password="Bench-console-2026"
# An existing account with this address is kept (create-admin refuses to overwrite it).
printf '%s\n' "$password" | DATA_DIR="$data" "$bin_dir/tingshu" create-admin \
  --email "$email" --username bench-admin > /dev/null 2>&1 || true

port="$(free_port)"
DATA_DIR="$data" PORT="$port" DEMO=0 RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales \
  "$bin_dir/tingshu" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 6000); do
  if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.1
done
echo "== warm-up: 2 clients, 3 s (not reported)"
printf '%s' "$password" | "$bin_dir/tingshu-bench" console --base-url "http://127.0.0.1:$port" \
  --email "$email" --clients 2 --seconds 3 > /dev/null
echo "== console book list: $clients clients, $seconds s"
printf '%s' "$password" | "$bin_dir/tingshu-bench" console --base-url "http://127.0.0.1:$port" \
  --email "$email" --clients "$clients" --seconds "$seconds"
