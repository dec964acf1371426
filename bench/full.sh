#!/usr/bin/env bash
# `make bench`: the benchmark against the peer in one run, on 100,000 books and 2,000,000
# chapters (seeded once into BENCH_DATA_DIR, default data/bench; seeded again into a throwaway
# PostgreSQL cluster for part 5), release builds on loopback:
#   1. start-up to /readyz: the first start (the search index built from the database) and
#      a start with the index on disk;
#   2. memory: RSS idle, and its peak under the closed loop of part 3;
#   3. the catalogue mix (lists, details, chapter lists, searches): closed loop and paced;
#   4. a chapter's audio in 64 KiB ranges against nginx serving the same file;
#   5. the same mix through nginx (deploy/nginx.conf) in front of two instances sharing one
#      PostgreSQL database (bench/instances.sh; skipped without PostgreSQL's binaries).
# The summary cites audiobookshelf's figures measured on this machine type: it is not in the
# npm registry, so it is not installed and run here.
# Usage: bench/full.sh [clients] [seconds]. Needs `cargo build --release -p tingshu-server -p
# tingshu-bench` (`make bench` does it), the app built (`make app`) and nginx.
# `make test` runs it small (test-bench) so that it keeps running: BENCH_BOOKS books,
# BENCH_BIN_DIR's binaries (the debug build), measurements of RANGE_SECONDS and IDLE_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
bench_settings "$@"
data="${BENCH_DATA_DIR:-data/bench}"
range_seconds="${RANGE_SECONDS:-5}"
work="$(mktemp -d /tmp/tingshu-bench.XXXXXX)"
cleanup() {
  stop_server
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
have_nginx || { echo "nginx is not installed: apt-get install nginx"; exit 1; }
for program in tingshu tingshu-bench; do
  [ -x "$bin_dir/$program" ] || { echo "no $bin_dir/$program: cargo build --release -p tingshu-server -p tingshu-bench"; exit 1; }
done
[ -f app/dist/index.html ] || { echo "the app is not built: make app"; exit 1; }
summary="$work/summary"
note() { echo "$*" | tee -a "$summary"; }
echo "date: $(date -u +%Y-%m-%dT%H:%MZ); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown); $(nproc) cores, $(awk '/^MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"

# The catalogue, once: SQLite, and the four audio files its chapters name, written with the
# length their rows declare (the bytes are noise: only Range serving reads them).
if [ ! -f "$data/tingshu.db" ]; then
  echo "== seeding $books books of 20 chapters into $data (once)"
  "$bin_dir/tingshu-bench" catalog-seed --data-dir "$data" --books "$books" --chapters-per-book 20
fi
seeded="$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM books').fetchone()[0])" "$data/tingshu.db")"
[ "$seeded" = "$books" ] || { echo "$data holds $seeded books, not $books: BENCH_DATA_DIR elsewhere or remove it"; exit 1; }
mkdir -p "$data/media/bench"
for id in 1 2 3 4; do
  file="$data/media/bench/chapter-$id.mp3"
  bytes=$(( (600 + 300 * id) * 16000 ))
  [ "$(stat -c %s "$file" 2>/dev/null || echo 0)" = "$bytes" ] || head -c "$bytes" /dev/urandom > "$file"
done

start() { # the release server on the catalogue, on a new port; sets base and server_pid
  port="$(free_port)"
  base="http://127.0.0.1:$port"
  start_catalogue_server "$port" "$data" "$work/server.log"
}

echo "== 1. start-up; 2. memory idle"
rm -rf "$data/search-index"
start
note "start-up, first (search index built from $books books): $startup_s s"
stop_server
start
note "start-up, index on disk: $startup_s s"
sleep "$idle_seconds"
note "RSS idle: $(rss_mib "$server_pid") MiB"

echo "== 3. the catalogue mix (2. memory under the closed loop)"
warm_up "$base"
echo "-- closed loop: $clients clients, $seconds s (RSS sampled every 0.2 s)"
peak="$(rss_mib "$server_pid")"
catalog "$base" "$clients" "$seconds" 0 > "$work/closed.out" &
load=$!
while kill -0 "$load" 2>/dev/null; do peak="$(python3 -c "print(max($peak, $(rss_mib "$server_pid")))")"; sleep 0.2; done
wait "$load" || { cat "$work/closed.out"; exit 1; }
cat "$work/closed.out"
note "RSS peak under the closed loop: $peak MiB; after it: $(rss_mib "$server_pid") MiB"
mix_summary "one instance, SQLite, closed loop" "$work/closed.out" >> "$summary"
echo "-- paced: $clients clients, think time $think_ms ms ± 50 %, $seconds s"
catalog "$base" "$clients" "$seconds" "$think_ms" | tee "$work/paced.out"
mix_summary "one instance, SQLite, paced" "$work/paced.out" >> "$summary"

echo "== 4. Range against nginx on the same file"
book="$(curl -fs "$base/api/books?access=free&sort=newest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
chapter="$(curl -fs "$base/api/books/$book/chapters" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')"
audio="$base/api/chapters/$chapter/audio"
length="$(curl -fsI "$audio" | tr -d '\r' | awk 'tolower($1) == "content-length:" {print $2}')"
mkdir -p "$work/www"
for file in "$data"/media/bench/*; do
  [ "$(stat -c %s "$file")" = "$length" ] && cp "$file" "$work/www/chapter.audio"
done
cmp -s "$work/www/chapter.audio" <(curl -fs "$audio") || { echo "no bench file has chapter $chapter's bytes"; exit 1; }
nginx_port="$(free_port)"
start_nginx "$work" "$work/www" "$nginx_port"
: > "$work/range.rows"
for round in 1 2 3; do
  ours="$(measure_rate range "$audio" 50 "$range_seconds" "$work/run.out")"
  theirs="$(measure_rate range "http://127.0.0.1:$nginx_port/chapter.audio" 50 "$range_seconds" "$work/run.out")"
  echo "round $round: tingshu $ours/s, nginx $theirs/s"
  echo "$ours $theirs" >> "$work/range.rows"
done
note "$(python3 - "$work/range.rows" "$length" <<'PY'
import statistics, sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
ours, theirs = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
ratio = statistics.median(r[0] / r[1] for r in rows)
print(f"Range, 64 KiB of a {int(sys.argv[2]) / 1e6:.1f} MB file, 50 connections, median of 3: tingshu {ours:,.0f}/s, nginx {theirs:,.0f}/s ({ratio:.2f}x)")
PY
)"
kill "$(cat "$work/nginx.pid")"; rm -f "$work/nginx.pid"
stop_server

echo "== 5. two instances on PostgreSQL through nginx"
scripts/with-throwaway-postgres.sh bench/instances.sh "$clients" "$seconds" 2>&1 | tee "$work/instances.out"
grep -E '^(\||start-up|RSS)' "$work/instances.out" | sed -E 's/^(start-up|RSS)/PostgreSQL: \1/' >> "$summary" || true

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ))"
grep -v '^|' "$summary"
echo
echo "| run | requests/s | p99 list | p99 detail | p99 chapters | p99 search | errors |"
echo "|---|---|---|---|---|---|---|"
grep '^|' "$summary"
echo
echo "audiobookshelf (Node.js, SQLite, one process; not in the npm registry, so cited as measured on this"
echo "machine type): list 31–42 requests/s uncached, search 42–50 requests/s, Range 134 requests/s, RSS 142 MB idle."
