#!/usr/bin/env bash
# Part 5 of `make bench` (bench/full.sh): the catalogue mix through nginx in front of two
# release instances sharing one PostgreSQL database, the proxy configured as deploy/nginx.conf
# (upstream keep-alive; the instances trust its X-Forwarded-For). The database is the one
# TEST_DATABASE_URL names, empty: run it under scripts/with-throwaway-postgres.sh, which
# makes one on loopback. It is seeded with the same 100,000 books and 2,000,000 chapters.
# Each instance keeps its own data folder (search index); audio is not part of this mix, so
# the store stays local. Prints Markdown rows (`| …`) for the summary.
# Usage: bench/instances.sh [clients] [seconds]; BENCH_BOOKS, BENCH_BIN_DIR and IDLE_SECONDS
# as bench/full.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
bench_settings "$@"
url="${TEST_DATABASE_URL:?run under scripts/with-throwaway-postgres.sh}"
case "$url" in
  postgres://*@127.0.0.1:*|postgres://*@localhost:*|postgres://*@\[::1\]:*) ;;
  *) echo "refusing a database off loopback: $url"; exit 1 ;;
esac
work="$(mktemp -d /tmp/tingshu-instances.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "-- seeding PostgreSQL"
"$bin_dir/tingshu-bench" catalog-seed --database-url "$url" --books "$books" --chapters-per-book 20

ports=()
for n in 1 2; do
  port="$(free_port)"
  ports+=("$port")
  mkdir -p "$work/instance-$n"
  start_catalogue_server "$port" "$work/instance-$n" "$work/instance-$n.log" DATABASE_URL="$url" \
    JWT_SECRET=one-secret-for-both-instances-of-the-bench TRUSTED_PROXIES=127.0.0.1
  pids+=("$server_pid")
  echo "start-up of instance $n on PostgreSQL (its search index built from the database): $startup_s s"
done

# deploy/nginx.conf with loopback addresses, its files in the work folder and no access log.
proxy_port="$(free_port)"
{
  echo "pid $work/nginx.pid; error_log $work/nginx-error.log; worker_processes 2;"
  sed -e "s/tingshu-1:8080/127.0.0.1:${ports[0]}/; s/tingshu-2:8080/127.0.0.1:${ports[1]}/" \
    -e "s/listen 80;/listen 127.0.0.1:$proxy_port;/" \
    -e "s|^http {|http { access_log off; client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi; uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;|" \
    deploy/nginx.conf
} > "$work/nginx.conf"
grep -q "127.0.0.1:${ports[1]}" "$work/nginx.conf" && grep -q "listen 127.0.0.1:$proxy_port;" "$work/nginx.conf" \
  || { echo "deploy/nginx.conf changed shape: the bench cannot point it at the instances"; exit 1; }
"$(command -v nginx || echo /usr/sbin/nginx)" -c "$work/nginx.conf"
proxy="http://127.0.0.1:$proxy_port"
for _ in $(seq 50); do curl -fs "$proxy/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

sleep "$idle_seconds"
echo "RSS idle: instance 1 $(rss_mib "${pids[0]}") MiB, instance 2 $(rss_mib "${pids[1]}") MiB"
warm_up "$proxy"
echo "-- closed loop through nginx: $clients clients, $seconds s"
catalog "$proxy" "$clients" "$seconds" 0 | tee "$work/closed.out"
echo "RSS after the closed loop: instance 1 $(rss_mib "${pids[0]}") MiB, instance 2 $(rss_mib "${pids[1]}") MiB"
echo "-- paced through nginx: $clients clients, think time $think_ms ms ± 50 %, $seconds s"
catalog "$proxy" "$clients" "$seconds" "$think_ms" | tee "$work/paced.out"
echo "-- closed loop on instance 1 alone, no proxy: $clients clients, $seconds s"
catalog "http://127.0.0.1:${ports[0]}" "$clients" "$seconds" 0 | tee "$work/alone.out"
mix_summary "two instances, PostgreSQL, nginx, closed loop" "$work/closed.out"
mix_summary "two instances, PostgreSQL, nginx, paced" "$work/paced.out"
mix_summary "one instance, PostgreSQL, no proxy, closed loop" "$work/alone.out"
