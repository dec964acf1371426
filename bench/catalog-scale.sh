#!/usr/bin/env bash
# Catalogue and search latency on a large generated catalogue (100,000 books, 2,000,000
# chapters), release server on loopback, in two client models: closed loop (saturation)
# and paced (think time between requests). Usage: bench/catalog-scale.sh [clients] [seconds].
# Needs a release build (`cargo build --release -p tingshu-server -p tingshu-bench`).
# CATALOG_DATA_DIR=/some/dir reuses (or creates once) the generated data there instead of a
# throwaway folder; THINK_MS sets the paced model's think time (default 1000 ms);
# SHOW_SLOWEST=N also lists the N slowest requests of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
clients="${1:-200}"
seconds="${2:-30}"
think_ms="${THINK_MS:-1000}"
slowest="${SHOW_SLOWEST:-0}"
target="${CARGO_TARGET_DIR:-target}/release"
work="$(mktemp -d /tmp/tingshu-catalog-bench.XXXXXX)"
data="${CATALOG_DATA_DIR:-$work/data}"
. bench/common.sh
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ -f "$data/tingshu.db" ]; then
  echo "== reusing the catalogue in $data"
else
  echo "== generating the catalogue into $data"
  "$target/tingshu-bench" catalog-seed --data-dir "$data" --books 100000 --chapters-per-book 20
fi
sqlite_bytes="$(stat -c %s "$data/tingshu.db")"
echo "database: $((sqlite_bytes / 1024 / 1024)) MiB"

port="$(free_port)"
started="$(date +%s.%N)"
# DEMO=0: the generated catalogue only, no demo books or accounts.
DATA_DIR="$data" PORT="$port" DEMO=0 RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales \
  "$target/tingshu" > "$work/server.log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 6000); do
  if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$ready" ]; then
  echo "the server did not become ready:"; cat "$work/server.log"; exit 1
fi
# The search index is built before the server listens, so this is start-up including any
# index (re)build (a missing index is built from the database).
echo "server ready after $(python3 -c "import time; print(f'{time.time() - $started:.1f}')") s (includes building the search index when it was missing)"

echo "== warm-up: 50 clients, 5 s (not reported; fills the page caches and the search index's)"
"$target/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients 50 --seconds 5 > "$work/warm-up.txt" || { cat "$work/warm-up.txt"; exit 1; }
echo "== closed loop: $clients clients, no think time, $seconds s"
"$target/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients "$clients" --seconds "$seconds" --show-slowest "$slowest"
echo "== paced: $clients clients, think time $think_ms ms ± 50%, $seconds s"
"$target/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients "$clients" --seconds "$seconds" --think-ms "$think_ms" --show-slowest "$slowest"
