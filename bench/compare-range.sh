#!/usr/bin/env bash
# Range throughput of the release server against nginx serving the same audio file, both on
# loopback. Usage: bench/compare-range.sh [concurrency] [seconds]. Needs a release build
# (`cargo build --release -p tingshu-server -p tingshu-bench`); nginx is optional.
set -euo pipefail
cd "$(dirname "$0")/.."
concurrency="${1:-50}"
seconds="${2:-10}"
work="$(mktemp -d /tmp/tingshu-range-bench.XXXXXX)"
. bench/common.sh
cleanup() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

port="$(free_port)"
DATA_DIR="$work/data" PORT="$port" DEMO=1 RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales \
  "$bin_dir/tingshu" &
server_pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
chapter="$(curl -fs "http://127.0.0.1:$port/api/books?access=free&sort=newest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
chapter="$(curl -fs "http://127.0.0.1:$port/api/books/$chapter/chapters" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
url="http://127.0.0.1:$port/api/chapters/$chapter/audio"
# The same file for nginx: the demo file whose size is the chapter's audio length.
length="$(curl -fsI "$url" | tr -d '\r' | awk 'tolower($1) == "content-length:" {print $2}')"
file="$(cd "$work/data/audio/demo" && for f in *; do [ "$(stat -c %s "$f")" = "$length" ] && echo "$f" && break; done)"
echo "file: $file, $length bytes; concurrency $concurrency; $seconds s; Range chunks of 64 KiB"
echo "== tingshu ($url)"
"$bin_dir/tingshu-bench" range --url "$url" --concurrency "$concurrency" --seconds "$seconds" --requests 10000000 | tee "$work/tingshu.out"

if have_nginx; then
  nginx_port="$(free_port)"
  start_nginx "$work" "$work/data/audio/demo" "$nginx_port"
  echo "== nginx (http://127.0.0.1:$nginx_port/$file)"
  "$bin_dir/tingshu-bench" range --url "http://127.0.0.1:$nginx_port/$file" --concurrency "$concurrency" --seconds "$seconds" --requests 10000000 | tee "$work/nginx.out"
  echo "== tingshu / nginx requests/s: $(rate_of "$work/tingshu.out") / $(rate_of "$work/nginx.out") = $(python3 -c "print(f'{$(rate_of "$work/tingshu.out") / $(rate_of "$work/nginx.out"):.2f}')")× (target: at least 0.5×)"
else
  echo "nginx is not installed: apt-get install nginx to compare"
fi
