#!/usr/bin/env bash
# Schemathesis against the server's own OpenAPI document: every operation, generated valid
# and invalid input, signed in as the demo administrator (who passes every guard). The run
# fails on any 5xx, an error not in the JSON error shape, or an answer the document does not
# describe. Bounded: at most FUZZ_SECONDS (default 120) of generation.
# Usage: scripts/fuzz-contract.sh path/to/tingshu path/to/schemathesis
set -euo pipefail
binary="$(realpath "$1")"
schemathesis="$2"
seconds="${FUZZ_SECONDS:-120}"
work="$(mktemp -d /tmp/tingshu-fuzz.XXXXXX)"
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
. "$(dirname "$0")/../bench/common.sh"
port="$(free_port)"
base="http://127.0.0.1:$port"
# Budgets far above what the run sends, so generated requests reach the handlers.
(cd "$work" && DATA_DIR=data PORT="$port" DEMO=1 RUST_LOG=error \
  REGISTER_PER_HOUR=1000000 PASSWORD_RESET_PER_HOUR=1000000 FEEDBACK_PER_HOUR=1000000 \
  SEARCH_PER_MINUTE=1000000 ANTI_CRAWLER_REPORTS_PER_MINUTE=1000000 \
  PASSWORD_HASH_MEMORY_KIB=1024 PASSWORD_HASH_ITERATIONS=1 \
  exec "$binary" > server.log 2>&1) &
server_pid=$!
for _ in $(seq 300); do curl -fs "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/readyz" >/dev/null || { echo "the server did not start:"; cat "$work/server.log"; exit 1; }

sign_in() {
  curl -fs -H 'content-type: application/json' \
    -d '{"email":"admin@demo.tingshu.app","password":"Tingshu-demo-2026"}' \
    "$base/api/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["tokens"]["accessToken"])'
}
# Two sessions up front: the fuzzed profile updates may change the account's email.
token="$(sign_in)"
logout_token="$(sign_in)"
# Raw bodies of the upload protocol (scripts/fuzz_hooks.py).
export PYTHONPATH="$(realpath "$(dirname "$0")")${PYTHONPATH:+:$PYTHONPATH}"
export SCHEMATHESIS_HOOKS=fuzz_hooks
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
# One worker: Python 3.11's parser breaks when two threads parse source at once, which
# hypothesis does as it first describes a strategy ("AST constructor recursion depth mismatch").
common=(--checks "$checks" --workers 1 --request-timeout 10 --suppress-health-check all --no-color)

# Every operation but signing out (which would end the session the others run in).
"$schemathesis" run "$base/api/openapi.json" "${common[@]}" --max-time "$seconds" \
  --exclude-path /api/auth/logout -H "Authorization: Bearer $token" | tee "$work/run.log"
# The document states every rule of a single request (lengths, patterns, ranges, choices,
# required fields), so generated input gets past validation. Schemathesis names the operations
# that still mostly refused it; only these may be among them, for rules about stored records
# that no schema can state.
expected_refusals=(
  "POST /api/admin/uploads"                      # the file name inside base64 tus metadata
  "POST /api/auth/change-password"               # the account's current password
  "POST /api/admin/books"                        # an existing category
  "PUT /api/admin/books/{id}"                    # an existing category
  "POST /api/admin/categories"                   # an existing parent
  "PUT /api/admin/categories/{id}"               # an existing parent, not itself
  "DELETE /api/admin/categories/{id}"            # an existing category to move its books to
  "POST /api/admin/books/{id}/chapters"          # an uploaded audio file
  "POST /api/admin/books/{id}/chapters/batch"    # uploaded audio files
  "PUT /api/admin/chapters/{id}"                 # an uploaded audio file
  "PUT /api/admin/books/{id}/chapters/order"     # exactly the book's chapters
  "PUT /api/admin/books/{id}/cover"              # an uploaded image
  "POST /api/payments/{provider}/webhook"        # the provider's signature of the body
  "GET /api/admin/analytics"                     # a real date range: from <= to, 366 days at most
  "GET /api/admin/search-analytics"              # a real date range: from <= to, 366 days at most
  "GET /api/admin/visitor-analytics"             # a real date range: from <= to, 366 days at most
  "GET /api/admin/reports"                       # a real date range: from <= to, 366 days at most
  "POST /api/admin/promotions"                   # existing books or categories; the end after the start, in the future
  "POST /api/admin/ads"                          # the end after the start; an allowed external link
  "POST /api/auth/password-reset"                # a live reset link
  "PUT /api/admin/users/{id}/roles"              # existing roles; not the caller's own last way in
  "PUT /api/admin/users/{id}/status"             # not the caller, not the last administrator
  "PUT /api/admin/users/{id}/type"               # not the caller, not the last administrator
)
unexpected="$(sed 's/\x1b\[[0-9;]*m//g' "$work/run.log" \
  | awk '/^Schema validation mismatch:/ {on=1; next} on && /^ *- / {sub(/^ *- /, ""); print; next} on && /^💡/ {on=0}' \
  | grep -vxF -f <(printf '%s\n' "${expected_refusals[@]}") || true)"
if [ -n "$unexpected" ]; then
  echo "schemathesis: these operations mostly refused input their documented schema allows:"
  echo "$unexpected"
  echo "state the rule in the document (core::contract, routes::constraints) or fix the check"
  exit 1
fi
# Signing out, in a session of its own.
"$schemathesis" run "$base/api/openapi.json" "${common[@]}" --max-time 20 \
  --include-path /api/auth/logout -H "Authorization: Bearer $logout_token"
if grep -q "panicked" "$work/server.log"; then
  echo "the server panicked during the run:"; grep -A5 panicked "$work/server.log"; exit 1
fi
echo "schemathesis: every operation answered as documented, no 5xx"
