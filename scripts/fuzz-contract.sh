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

sign_in() { # email password
  curl -fs -H 'content-type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" \
    "$base/api/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["tokens"]["accessToken"])'
}
register() { # name: prints the new account's id
  curl -fs -H 'content-type: application/json' \
    -d "{\"email\":\"$1@fuzz.test\",\"username\":\"$1\",\"password\":\"Fuzz-pass-2026\"}" \
    "$base/api/auth/register" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["user"]["id"])'
}
admin_password="Tingshu-demo-2026"
token="$(sign_in admin@demo.tingshu.app "$admin_password")"
# A member's operations (offline downloads) need a member: the administrator is made one.
admin_id="$(curl -fs -H "Authorization: Bearer $token" "$base/api/auth/me" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')"
monthly="$(curl -fs "$base/api/plans" \
  | python3 -c 'import json,sys; print([p["id"] for p in json.load(sys.stdin)["data"]["items"] if p["code"] == "monthly"][0])')"
curl -fs -o /dev/null -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"term\":\"plan\",\"planId\":$monthly,\"reason\":\"fuzz: a member's operations\"}" \
  "$base/api/admin/users/$admin_id/membership"
# Signing out runs last, in an account of its own: the fuzzed password and profile changes
# sign the administrator's other sessions out and may change its email.
register fuzz-logout >/dev/null
logout_token="$(sign_in fuzz-logout@fuzz.test Fuzz-pass-2026)"
# What the steering hooks need (scripts/fuzz_hooks.py): the server, the administrator's
# session and password, and an account of no importance for the user operations to act on.
export FUZZ_BASE="$base" FUZZ_TOKEN="$token" FUZZ_PASSWORD="$admin_password"
FUZZ_TARGET_USER="$(register fuzz-target)"
export FUZZ_TARGET_USER
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
# required fields), and the hooks steer the valid cases past the rules about stored records
# that no schema can state (existing ids, a member, a pending order…), so generated input
# reaches every handler. Schemathesis names the operations that still mostly refused it, only
# ever answered 401/403 or mostly 404; only these may be among them.
expected_refusals=(
  "POST /api/payments/{provider}/webhook"        # the provider's signature of the exact body
)
# A call that ended the run's own session would leave every later one at 401, testing nothing.
if ! curl -fs -o /dev/null -H "Authorization: Bearer $token" "$base/api/auth/me"; then
  echo "schemathesis: a fuzzed call ended the run's own session; the hooks must keep it (fuzz_hooks.py)"
  exit 1
fi
flagged() { # run log: the operations its WARNINGS name, but the expected refusals
  sed 's/\x1b\[[0-9;]*m//g' "$1" \
    | awk '/= WARNINGS =/ {on=1; next} /= SUMMARY =/ {on=0} on && /^ *- [A-Z]+ \// {sub(/^ *- /, ""); print}' \
    | sort -u \
    | grep -vxF -f <(printf '%s\n' "${expected_refusals[@]}") || true
}
unexpected="$(flagged "$work/run.log")"
if [ -n "$unexpected" ]; then
  # Schemathesis names an operation when none of its calls was accepted. Each is run again
  # alone: a steering hole or a wrong rule is named again, while an operation the run merely
  # happened not to reach with a valid case gets past.
  echo "schemathesis: once more, alone: $(echo "$unexpected" | paste -sd ';')"
  again=()
  while read -r operation; do again+=(--include-name "$operation"); done <<< "$unexpected"
  "$schemathesis" run "$base/api/openapi.json" "${common[@]}" --max-time 30 "${again[@]}" \
    -H "Authorization: Bearer $token" | tee "$work/again.log"
  unexpected="$(flagged "$work/again.log")"
fi
if [ -n "$unexpected" ]; then
  echo "schemathesis: these operations mostly refused input their documented schema allows,"
  echo "or never got past a missing record or a refused permission (its WARNINGS above):"
  echo "$unexpected"
  echo "state the rule in the document (core::contract, routes::constraints), steer the valid"
  echo "cases to stored records (scripts/fuzz_hooks.py), or fix the check"
  exit 1
fi
# Signing out, in a session of its own.
"$schemathesis" run "$base/api/openapi.json" "${common[@]}" --max-time 20 \
  --include-path /api/auth/logout -H "Authorization: Bearer $logout_token"
if grep -q "panicked" "$work/server.log"; then
  echo "the server panicked during the run:"; grep -A5 panicked "$work/server.log"; exit 1
fi
echo "schemathesis: every operation answered as documented, no 5xx"
