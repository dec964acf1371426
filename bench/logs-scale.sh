#!/usr/bin/env bash
# The audit and access log lists at scale (1,000,000 audit rows, 5,000,000 access rows by
# default): `tingshu-bench logs-seed` fills a SQLite file, `logs-plan` prints each list query's
# plan (the index it uses) and time, then a release server on loopback answers `tingshu-bench
# logs` (first and deep keyset pages, unfiltered and with each filter) as an administrator.
# Usage: bench/logs-scale.sh [audit rows] [access rows] [clients] [seconds]. Needs a release
# build (`cargo build --release -p tingshu-server -p tingshu-bench`); BENCH_BIN_DIR names another
# folder of binaries (the debug build: a small size only). LOGS_DATA_DIR=/some/dir reuses (or
# creates once) the data.
set -euo pipefail
cd "$(dirname "$0")/.."
audit="${1:-1000000}"
access="${2:-5000000}"
clients="${3:-4}"
seconds="${4:-20}"
work="$(mktemp -d /tmp/tingshu-logs-bench.XXXXXX)"
data="${LOGS_DATA_DIR:-$work/data}"
. bench/common.sh
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ ! -f "$data/tingshu.db" ]; then
  echo "== generating $audit audit rows and $access access rows into $data"
  "$bin_dir/tingshu-bench" logs-seed --data-dir "$data" --audit-rows "$audit" --access-rows "$access"
fi
echo "== query plans (best of 5 on the file, no server)"
"$bin_dir/tingshu-bench" logs-plan --data-dir "$data" --audit-rows "$audit" --access-rows "$access"

email="bench-admin@example.com"
password="Bench-console-2026"
printf '%s\n' "$password" | DATA_DIR="$data" "$bin_dir/tingshu" create-admin \
  --email "$email" --username bench-admin > /dev/null 2>&1 || true

port="$(free_port)"
DATA_DIR="$data" PORT="$port" DEMO=0 RUST_LOG=warn LOCALES_DIR=locales \
  "$bin_dir/tingshu" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 6000); do
  if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.1
done
run_logs() {
  printf '%s' "$password" | "$bin_dir/tingshu-bench" logs --base-url "http://127.0.0.1:$port" \
    --email "$email" --audit-rows "$audit" --access-rows "$access" "$@"
}
echo "== warm-up: 2 clients, 3 s (not reported)"
run_logs --clients 2 --seconds 3 > /dev/null
echo "== log lists: $clients clients, $seconds s"
run_logs --clients "$clients" --seconds "$seconds"
