#!/usr/bin/env bash
# The release binary is the whole product: copied alone into an empty folder and started
# there (no STATIC_DIR, no LOCALES_DIR, no checkout), it serves the app, its files and the
# translations, and answers 404 for a file that does not exist.
# Usage: scripts/check-one-binary.sh path/to/tingshu (a build without debug assertions: release,
# or binary-check as `make test` builds it)
set -euo pipefail
binary="$(realpath "$1")"
work="$(mktemp -d /tmp/tingshu-one-binary.XXXXXX)"
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
cp "$binary" "$work/tingshu"
. "$(dirname "$0")/../bench/common.sh"
port="$(free_port)"
base="http://127.0.0.1:$port"
(cd "$work" && exec env -u STATIC_DIR -u LOCALES_DIR DATA_DIR=data PORT="$port" DEMO=1 RUST_LOG=warn \
  ./tingshu > server.log 2>&1) &
server_pid=$!
for _ in $(seq 300); do curl -fs "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/readyz" >/dev/null || { echo "the binary did not start from $work:"; cat "$work/server.log"; exit 1; }

failures=0
# expect PATH STATUS CONTENT-TYPE (a regular expression for its start) [TEXT THE BODY CONTAINS]
expect() {
  local path="$1" status="$2" type="$3" text="${4:-}"
  local got
  got="$(curl -s -o "$work/body" -w '%{http_code} %{content_type}' "$base$path")"
  if ! [[ "$got" =~ ^$status\ $type ]] || { [ -n "$text" ] && ! grep -qF -- "$text" "$work/body"; }; then
    echo "FAIL $path: got '$got', wanted '$status $type…'${text:+ containing '$text'}"
    failures=$((failures + 1))
  else
    echo "ok   $path: $got"
  fi
}
expect / 200 text/html '<div id="root">'
expect /books/1 200 text/html '<div id="root">'
cp "$work/body" "$work/page.html"
script="$(grep -o '/assets/[^"]*\.js' "$work/page.html" | head -1 || true)"
[ -n "$script" ] || { echo "FAIL: the page names no script"; failures=$((failures + 1)); }
[ -z "$script" ] || expect "$script" 200 '(text|application)/javascript'
# The build's brotli copy of the shell script, to a browser that accepts brotli: the same script,
# whole (with its length: compression on the fly would stream it without one).
script="$(grep -o '/assets/shell-[^"]*\.js' "$work/page.html" | head -1 || true)"
[ -n "$script" ] || { echo "FAIL: the page names no shell script"; failures=$((failures + 1)); }
if [ -n "$script" ]; then
  curl -s -o "$work/plain.js" "$base$script"
  curl -s -D "$work/br-headers" -H 'Accept-Encoding: br' -o "$work/script.br" "$base$script"
  if grep -qi '^content-encoding: br' "$work/br-headers" && grep -qiE '^content-type: (text|application)/javascript' "$work/br-headers" \
    && grep -qi '^content-length: ' "$work/br-headers" \
    && curl -s --compressed -H 'Accept-Encoding: br' "$base$script" | cmp -s - "$work/plain.js"; then
    echo "ok   $script with Accept-Encoding: br: the build's brotli copy"
  else
    echo "FAIL $script with Accept-Encoding: br:"; cat "$work/br-headers"
    failures=$((failures + 1))
  fi
fi
expect /_i18n/en/app.json 200 application/json '"app"'
expect /_i18n/ja/pages.json 200 application/json '"pages"'
expect /robots.txt 200 text/plain 'User-agent'
expect /favicon.ico 200 image/x-icon
expect /favicon.svg 200 'image/svg\+xml'
expect /manifest.webmanifest 200 'application/manifest\+json' '"start_url"'
expect /builds/latest.json 200 application/json '"version"'
expect /nope.js 404 application/json '"statusCode":404'
expect /assets/nope-123.css 404 application/json
expect /api/books 200 application/json '"items"'
[ "$failures" -eq 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "the release binary serves everything from an empty folder"
