#!/usr/bin/env bash
# Catalogue and search latency on a large generated catalogue (100,000 books, 2,000,000
# chapters), release server on loopback, in two client models: closed loop (saturation)
# and paced (think time between requests). Usage: bench/catalog-scale.sh [clients] [seconds].
# Needs a release build (`cargo build --release -p tingshu-server -p tingshu-bench`).
# CATALOG_DATA_DIR=/some/dir reuses (or creates once) the generated data there instead of a
# throwaway folder; THINK_MS sets the paced model's think time (default 1000 ms);
# SHOW_SLOWEST=N also lists the N slowest requests of each run; BENCH_BIN_DIR names another
# folder of binaries (server and load generator alike), as for bench/full.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
clients="${1:-200}"
seconds="${2:-30}"
think_ms="${THINK_MS:-1000}"
slowest="${SHOW_SLOWEST:-0}"
work="$(mktemp -d /tmp/tingshu-catalog-bench.XXXXXX)"
data="${CATALOG_DATA_DIR:-$work/data}"
. bench/common.sh
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT

if [ -f "$data/tingshu.db" ]; then
  echo "== reusing the catalogue in $data"
else
  echo "== generating the catalogue into $data"
  "$bin_dir/tingshu-bench" catalog-seed --data-dir "$data" --books 100000 --chapters-per-book 20
fi
sqlite_bytes="$(stat -c %s "$data/tingshu.db")"
echo "database: $((sqlite_bytes / 1024 / 1024)) MiB"

port="$(free_port)"
# The generated catalogue only (DEMO=0), with the per-address search budget lifted (every
# client is 127.0.0.1); the other budgets (REGISTER_PER_HOUR, FEEDBACK_PER_HOUR) are not
# spent by this load.
start_catalogue_server "$port" "$data" "$work/server.log"
# The search index is built before the server listens, so this is start-up including any
# index (re)build (a missing index is built from the database).
echo "server ready after $startup_s s (includes building the search index when it was missing)"

# The plans of the list shapes on this database (the server has applied its migrations by
# now), as Python's SQLite sees them, with the time of each query alone (fastest of five): a
# book list walks an index in its order, so a plan may not sort beside an index of books
# ("USE TEMP B-TREE" next to "… books USING … INDEX idx_…") nor read every book's row
# ("SCAN books" without an index), and a page's rows are read by id; a tag's books looked up
# by id may be sorted. The same check on the server's own SQLite, for every query the
# catalogue sends, is server/tests/api/catalog_plans.rs.
echo "== query plans (SQLite $(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)')), page 200 of 20 unless said"
python3 - "$data/tingshu.db" <<'PLANS'
import sqlite3, sys, time

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
db.execute("PRAGMA cache_size = -16384")
page = "LIMIT 20 OFFSET 3980"
arm = "SELECT id, play_count FROM books WHERE published = 1 AND category_id IN"
shapes = [
    (f"all, by {sort}", f"SELECT id FROM books WHERE published = 1 ORDER BY {sort} DESC, id DESC {page}")
    for sort in ["play_count", "created_at", "updated_at", "rating_avg DESC, rating_count"]
] + [
    ("status", f"SELECT id FROM books WHERE published = 1 AND status = 'finished' ORDER BY updated_at DESC, id DESC {page}"),
    ("access", f"SELECT id FROM books WHERE published = 1 AND access = 'vip' ORDER BY created_at DESC, id DESC {page}"),
    ("status and access", f"SELECT id FROM books WHERE published = 1 AND status = 'finished' AND (access || '') = 'free' ORDER BY play_count DESC, id DESC {page}"),
    ("one category and access, page 2", "SELECT id FROM books WHERE published = 1 AND category_id IN (10) AND (access || '') = 'vip' ORDER BY rating_avg DESC, rating_count DESC, id DESC LIMIT 20 OFFSET 20"),
    ("a category and its subcategories", f"SELECT id FROM ({arm} (1) UNION ALL {arm} (9) UNION ALL {arm} (10) UNION ALL {arm} (11) ORDER BY play_count DESC, id DESC {page}) AS page"),
    ("tag, walked, page 50", "SELECT id FROM books WHERE published = 1 AND id + 0 IN (SELECT book_id FROM book_tags WHERE tag_id = 7) ORDER BY play_count DESC, id DESC LIMIT 20 OFFSET 980"),
    ("tag, looked up", f"SELECT books.id FROM book_tags CROSS JOIN books WHERE book_tags.tag_id = 7 AND books.id = book_tags.book_id AND books.published = 1 ORDER BY books.play_count DESC, books.id DESC {page}"),
    # The page's twenty rows must be read by id, not found by walking the list again.
    ("a page's rows, by id", f"SELECT books.id, books.title FROM books WHERE books.published = 1 AND books.id IN (SELECT id FROM books WHERE published = 1 ORDER BY play_count DESC, id DESC {page}) ORDER BY books.play_count DESC, books.id DESC"),
    ("count, all", "SELECT count(*) FROM books WHERE published = 1"),
    ("count, status", "SELECT count(*) FROM books WHERE published = 1 AND status = 'finished'"),
    ("count, tag", "SELECT count(*) FROM book_tags WHERE tag_id = 7"),
    ("count, tag and status", "SELECT count(*) FROM books WHERE published = 1 AND status = 'finished' AND id IN (SELECT book_id FROM book_tags WHERE tag_id = 7)"),
]
flagged = 0
for label, sql in shapes:
    plan = db.execute("EXPLAIN QUERY PLAN " + sql).fetchall()
    fastest = min(
        (lambda t: (db.execute(sql).fetchall(), time.perf_counter() - t)[1])(time.perf_counter())
        for _ in range(5)
    )
    by_index = {p for (_, p, _, d) in plan if d.startswith(("SEARCH books USING", "SCAN books USING")) and " INDEX idx" in d}
    bad = any(d == "SCAN books" for (_, _, _, d) in plan) or any(
        d.startswith("USE TEMP B-TREE") and p in by_index for (_, p, _, d) in plan
    )
    if label.startswith("a page's rows"):
        bad |= 0 in by_index
    flagged += bad
    print(f"{label:<34} {fastest * 1000:7.2f} ms{'  <- WRONG PLAN' if bad else ''}")
    for (_, _, _, detail) in plan:
        print(f"      {detail}")
print(f"wrong plans: {flagged} of {len(shapes)}")
PLANS

echo "== warm-up: 50 clients, 5 s (not reported; fills the page caches and the search index's)"
"$bin_dir/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients 50 --seconds 5 > "$work/warm-up.txt" || { cat "$work/warm-up.txt"; exit 1; }
echo "== closed loop: $clients clients, no think time, $seconds s"
"$bin_dir/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients "$clients" --seconds "$seconds" --show-slowest "$slowest"
echo "== paced: $clients clients, think time $think_ms ms ± 50%, $seconds s"
"$bin_dir/tingshu-bench" catalog --base-url "http://127.0.0.1:$port" --clients "$clients" --seconds "$seconds" --think-ms "$think_ms" --show-slowest "$slowest"
