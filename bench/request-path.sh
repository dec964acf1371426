#!/usr/bin/env bash
# The request path against nginx, in one run: `/healthz`, `/api/books` page 1, a book's detail
# and a free chapter's audio in 64 KiB ranges, each beside nginx serving the same bytes as a
# file (the same answer saved, or the same audio file). Rounds are interleaved (tingshu, then
# nginx, for each path, round after round) and each ratio is the median of the rounds.
# Usage: bench/request-path.sh [rounds] [seconds per measurement] [connections].
# Needs a release build (`cargo build --release -p tingshu-server -p tingshu-bench`) and nginx
# (`apt-get install nginx`). Loopback only; every run is bounded by its seconds.
# Targets on a 2-core machine: /healthz >= 0.3x, /api/books page 1 >= 0.15x, Range >= 1.0x.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
seconds="${2:-3}"
connections="${3:-50}"
work="$(mktemp -d /tmp/tingshu-request-path.XXXXXX)"
. bench/common.sh
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
have_nginx || { echo "nginx is not installed: apt-get install nginx"; exit 1; }

port="$(free_port)"
base="http://127.0.0.1:$port"
DATA_DIR="$work/data" PORT="$port" DEMO=1 RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales \
  "$bin_dir/tingshu" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 300); do curl -fs "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/readyz" >/dev/null || { echo "the server did not start:"; cat "$work/server.log"; exit 1; }

# The same bytes for nginx: each JSON answer saved as a file, and the chapter's audio file.
mkdir -p "$work/www"
curl -fs "$base/healthz" > "$work/www/healthz"
curl -fs "$base/api/books" > "$work/www/books.json"
book="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])' < "$work/www/books.json")"
curl -fs "$base/api/books/$book" > "$work/www/book.json"
free_book="$(curl -fs "$base/api/books?access=free&sort=newest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
chapter="$(curl -fs "$base/api/books/$free_book/chapters" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
audio_url="$base/api/chapters/$chapter/audio"
length="$(curl -fsI "$audio_url" | tr -d '\r' | awk 'tolower($1) == "content-length:" {print $2}')"
audio_file=""
for f in "$work"/data/media/demo/*; do
  if [ "$(stat -c %s "$f")" = "$length" ] && cmp -s "$f" <(curl -fs "$audio_url"); then audio_file="$f"; break; fi
done
[ -n "$audio_file" ] || { echo "no demo file has the chapter's bytes"; exit 1; }
cp "$audio_file" "$work/www/chapter.audio"
nginx_port="$(free_port)"
start_nginx "$work" "$work/www" "$nginx_port"
nginx="http://127.0.0.1:$nginx_port"

# name | tool | tingshu URL | nginx URL
paths=(
  "healthz|get|$base/healthz|$nginx/healthz"
  "books page 1|get|$base/api/books|$nginx/books.json"
  "book detail|get|$base/api/books/$book|$nginx/book.json"
  "audio Range|range|$audio_url|$nginx/chapter.audio"
)
for entry in "${paths[@]}"; do
  IFS='|' read -r _ _ ours theirs <<< "$entry"
  case "$ours$theirs" in
    *//127.0.0.1:*//127.0.0.1:*) ;;
    *) echo "refusing a URL off loopback: $ours $theirs"; exit 1 ;;
  esac
done
echo "date: $(date -u +%Y-%m-%dT%H:%MZ); $(nproc) cores; rounds $rounds × $seconds s per measurement; $connections connections"
echo "audio: chapter $chapter, $length bytes, ranges of 64 KiB"

measure() { measure_rate "$1" "$2" "$connections" "$seconds" "$work/run.out"; } # tool url -> requests/s

echo "== warm-up (not reported)"
for entry in "${paths[@]}"; do
  IFS='|' read -r _ tool ours theirs <<< "$entry"
  measure "$tool" "$ours" > /dev/null; measure "$tool" "$theirs" > /dev/null
done
: > "$work/rows"
for round in $(seq "$rounds"); do
  for entry in "${paths[@]}"; do
    IFS='|' read -r name tool ours theirs <<< "$entry"
    a="$(measure "$tool" "$ours")"
    b="$(measure "$tool" "$theirs")"
    echo "round $round  $name: tingshu $a/s, nginx $b/s"
    echo "$name|$a|$b" >> "$work/rows"
  done
done
echo "== medians of $rounds interleaved rounds"
python3 - "$work/rows" <<'PY'
import statistics, sys
targets = {"healthz": 0.3, "books page 1": 0.15, "audio Range": 1.0}
rows = {}
for line in open(sys.argv[1]):
    name, ours, theirs = line.strip().split("|")
    rows.setdefault(name, []).append((float(ours), float(theirs)))
print(f"{'path':<14} {'tingshu req/s':>14} {'nginx req/s':>12} {'ratio':>7}  target")
for name, runs in rows.items():
    ours = statistics.median(r[0] for r in runs)
    theirs = statistics.median(r[1] for r in runs)
    ratio = statistics.median(r[0] / r[1] for r in runs)
    goal = targets.get(name)
    verdict = "" if goal is None else f">= {goal}x {'met' if ratio >= goal else 'NOT met'}"
    print(f"{name:<14} {ours:>14,.0f} {theirs:>12,.0f} {ratio:>6.2f}x  {verdict}")
PY
