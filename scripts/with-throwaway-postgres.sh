#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster on
# loopback, started from the machine's PostgreSQL binaries and removed afterwards.
# Usage: scripts/with-throwaway-postgres.sh <command> [args…]
set -euo pipefail

bin_dir=""
for candidate in /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/initdb" ] && bin_dir="$candidate"
done
if [ -z "$bin_dir" ] && command -v initdb >/dev/null; then
  bin_dir="$(dirname "$(readlink -f "$(command -v initdb)")")"
fi
if [ -z "$bin_dir" ]; then
  echo "with-throwaway-postgres: no PostgreSQL server binaries found; skipping: $*" >&2
  exit 0
fi

cluster="$(mktemp -d /tmp/tingshu-pg.XXXXXX)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# PostgreSQL refuses to run as root: as root, run it as the postgres (or nobody) user.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  owner=postgres
  getent passwd postgres >/dev/null || owner=nobody
  chown "$owner" "$cluster"
  as_owner=(runuser -u "$owner" --)
fi
stop() {
  "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop EXIT

"${as_owner[@]}" "$bin_dir/initdb" -D "$cluster/data" -U tingshu --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off -c max_connections=300" start >/dev/null
echo "with-throwaway-postgres: PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
TEST_DATABASE_URL="postgres://tingshu@127.0.0.1:$port/postgres" "$@"
