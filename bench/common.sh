# Shared by the bench scripts and scripts/check-one-binary.sh (sourced): a free loopback port, and nginx serving a folder
# on loopback for a side-by-side run.

# A TCP port free on 127.0.0.1 right now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Whether nginx is installed.
have_nginx() { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; }

# start_nginx WORK ROOT PORT: nginx (2 workers, sendfile, no access log) serving ROOT on
# 127.0.0.1:PORT, its pid in WORK/nginx.pid (the caller's cleanup kills it).
start_nginx() {
  local work="$1" root="$2" port="$3"
  # nginx workers run as an unprivileged user: let them read the folder.
  chmod -R a+rX "$work"
  cat > "$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  server { listen 127.0.0.1:$port; root $root; }
}
CONF
  "$(command -v nginx || echo /usr/sbin/nginx)" -c "$work/nginx.conf"
  sleep 0.5
}

# The requests/s a `tingshu-bench` run printed into FILE.
rate_of() { awk '$1 == "rate:" {print $2}' "$1"; }

# The load of a benchmark comes from one address: the anti-crawler budgets are lifted so the
# figures are the server's, not the gate's refusals (bench/anti-crawler.sh measures those,
# setting its own).
export ANTI_CRAWLER_PER_MINUTE=100000000 ANTI_CRAWLER_AUDIO_PER_MINUTE=100000000

# The resident memory of process PID, in MiB.
rss_mib() { awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }

# start_server BASE LOG COMMAND…: COMMAND in the background (its output in LOG), waited for
# until BASE/readyz answers (at most 10 minutes); sets server_pid and startup_s (seconds from
# the start to the first ready answer). stop_server ends it.
start_server() {
  local base="$1" log="$2" started
  shift 2
  started="$(date +%s.%N)"
  "$@" > "$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 6000); do
    if curl -fs "$base/readyz" >/dev/null 2>&1; then
      startup_s="$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")"
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "the server did not become ready:"; cat "$log"; return 1
}
stop_server() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}

# The binaries measured: the release build unless BENCH_BIN_DIR names another.
bin_dir="${BENCH_BIN_DIR:-${CARGO_TARGET_DIR:-target}/release}"

# measure_rate TOOL URL CONNECTIONS SECONDS SCRATCH: the requests/s of one `tingshu-bench
# get|range` run (its output kept in SCRATCH).
measure_rate() {
  "$bin_dir/tingshu-bench" "$1" --url "$2" --concurrency "$3" --seconds "$4" \
    --requests 10000000 > "$5" 2>&1 || { cat "$5" >&2; return 1; }
  rate_of "$5"
}

# catalog BASE CLIENTS SECONDS THINK_MS: the catalogue mix of `tingshu-bench catalog`.
catalog() {
  "$bin_dir/tingshu-bench" catalog --base-url "$1" --clients "$2" \
    --seconds "$3" --think-ms "$4"
}

# bench_settings [CLIENTS] [SECONDS]: the settings of `make bench` (bench/full.sh and its part
# bench/instances.sh): clients, seconds, think_ms (THINK_MS), books (BENCH_BOOKS), idle_seconds
# (IDLE_SECONDS).
bench_settings() {
  clients="${1:-200}"
  seconds="${2:-30}"
  think_ms="${THINK_MS:-1000}"
  books="${BENCH_BOOKS:-100000}"
  idle_seconds="${IDLE_SECONDS:-5}"
}

# start_catalogue_server PORT DATA_DIR LOG [VAR=VALUE…]: the server on a generated catalogue
# (no demo data; the per-address search budget lifted, since every client is 127.0.0.1),
# waited for as start_server does.
start_catalogue_server() {
  local port="$1" data="$2" log="$3"
  shift 3
  start_server "http://127.0.0.1:$port" "$log" env DATA_DIR="$data" HOST=127.0.0.1 PORT="$port" DEMO=0 \
    RUST_LOG=warn STATIC_DIR=app/dist LOCALES_DIR=locales SEARCH_PER_MINUTE=1000000 "$@" "$bin_dir/tingshu"
}

# warm_up BASE: the mix, 50 clients for at most 5 s (the run's seconds when fewer), not reported.
warm_up() { catalog "$1" 50 "$(( ${seconds:-5} < 5 ? ${seconds:-5} : 5 ))" 0 > /dev/null; }

# mix_summary NAME FILE: one Markdown row of a `catalog` report: requests/s, each group's p99,
# errors.
mix_summary() {
  awk -v name="$1" '
    $1 == "all" { rate = $3; errors = $12 }
    $1 == "list" || $1 == "detail" || $1 == "chapters" || $1 == "search" { p99[$1] = $8 " ms" }
    END { printf "| %s | %s | %s | %s | %s | %s | %s |\n", name, rate, p99["list"], p99["detail"], p99["chapters"], p99["search"], errors }
  ' "$2"
}
