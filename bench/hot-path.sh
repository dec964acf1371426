#!/usr/bin/env bash
# The hot path and memory, release server on loopback with the demo catalogue:
#   1. idle memory (RSS a few seconds after start);
#   2. `/api/books` page 1 at 50 connections against nginx serving the same answer saved as
#      a small file, in the same run (target: at least 0.15× nginx's requests/s);
#   3. memory under a mixed load (listeners registering, browsing, searching, saving
#      progress, toggling favourites), sampled every 0.2 s (target: under 100 MB).
# Usage: bench/hot-path.sh [seconds] [mixed clients]. Needs a release build
# (`cargo build --release -p tingshu-server -p tingshu-bench`), or BENCH_BIN_DIR naming the
# folder of other binaries; nginx is optional.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
clients="${2:-16}"
work="$(mktemp -d /tmp/tingshu-hot-path.XXXXXX)"
. bench/common.sh
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

port="$(free_port)"
base="http://127.0.0.1:$port"
# Budgets raised so the load's own registrations and searches are not refused.
DATA_DIR="$work/data" PORT="$port" DEMO=1 RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales \
  REGISTER_PER_HOUR=100000 SEARCH_PER_MINUTE=1000000 "$bin_dir/tingshu" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 300); do curl -fs "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/readyz" >/dev/null || { echo "the server did not start:"; cat "$work/server.log"; exit 1; }
sleep 3
idle="$(rss_mib "$server_pid")"
echo "== idle RSS with the demo catalogue: $idle MiB (target: under 40)"

url="$base/api/books"
curl -fs "$url" > "$work/books.json"
echo "== warm-up (2 s, not reported)"
"$bin_dir/tingshu-bench" get --url "$url" --concurrency 50 --seconds 2 > /dev/null
echo "== tingshu: GET /api/books page 1 ($(stat -c %s "$work/books.json") bytes), 50 connections, $seconds s"
"$bin_dir/tingshu-bench" get --url "$url" --concurrency 50 --seconds "$seconds" | tee "$work/tingshu.out"
after_list="$(rss_mib "$server_pid")"

if have_nginx; then
  nginx_port="$(free_port)"
  mkdir -p "$work/www"
  cp "$work/books.json" "$work/www/books.json"
  start_nginx "$work" "$work/www" "$nginx_port"
  echo "== nginx: the same answer as a small file, 50 connections, $seconds s"
  "$bin_dir/tingshu-bench" get --url "http://127.0.0.1:$nginx_port/books.json" --concurrency 50 --seconds "$seconds" | tee "$work/nginx.out"
  kill "$(cat "$work/nginx.pid")"; rm -f "$work/nginx.pid"
  echo "== tingshu / nginx requests/s: $(rate_of "$work/tingshu.out") / $(rate_of "$work/nginx.out") = $(python3 -c "print(f'{$(rate_of "$work/tingshu.out") / $(rate_of "$work/nginx.out"):.2f}')")× (target: at least 0.15×)"
else
  echo "nginx is not installed: apt-get install nginx to compare"
fi

echo "== mixed load: $clients listeners, $seconds s; RSS sampled every 0.2 s"
peak="$(rss_mib "$server_pid")"
"$bin_dir/tingshu-bench" mixed --base-url "$base" --clients "$clients" --seconds "$seconds" > "$work/mixed.out" 2>&1 &
load_pid=$!
while kill -0 "$load_pid" 2>/dev/null; do
  now="$(rss_mib "$server_pid")"
  peak="$(python3 -c "print(max($peak, $now))")"
  sleep 0.2
done
wait "$load_pid" || { cat "$work/mixed.out"; exit 1; }
cat "$work/mixed.out"
echo "== RSS: idle $idle MiB, after the list load $after_list MiB, peak under the mixed load $peak MiB (target: under 100), after it $(rss_mib "$server_pid") MiB"
