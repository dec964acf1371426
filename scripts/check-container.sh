#!/usr/bin/env bash
# The container image, built and run for real where a container engine answers: it becomes
# healthy (its own `tingshu healthcheck`), serves /healthz with the version, runs as a user
# that is not root, and holds nothing but the binary and the data folder. Where no engine
# answers (this project's machines have only a docker client), or answers but cannot start a
# container, says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=""
for candidate in docker podman; do
  if command -v "$candidate" >/dev/null && "$candidate" info >/dev/null 2>&1; then
    engine="$candidate"
    break
  fi
done
if [[ -z "$engine" ]]; then
  echo "container image: skipped — no container engine answers here (docker info / podman info)"
  exit 0
fi

tag="tingshu:check-$$"
name="tingshu-check-$$"
scripts/container-image.sh "$tag"
cleanup() {
  "$engine" rm -f "$name" >/dev/null 2>&1 || true
  "$engine" rmi -f "$tag" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# An engine may build images yet be unable to start a container (a sandbox that forbids
# setting resource limits: "crun: setrlimit … Operation not permitted"): that is a skip too.
if ! started="$("$engine" run -d --name "$name" -p 127.0.0.1::8080 "$tag" 2>&1)"; then
  echo "container image: built; its run skipped — $engine cannot start a container here:"
  echo "  $(printf '%s\n' "$started" | grep -v 'level=' | tail -1)"
  exit 0
fi
port="$("$engine" port "$name" 8080/tcp | head -1 | sed 's/.*://')"
for _ in $(seq 1 60); do
  status="$("$engine" inspect --format '{{.State.Health.Status}}' "$name")"
  [[ "$status" == healthy ]] && break
  sleep 1
done
[[ "$status" == healthy ]] || { echo "the container is $status, not healthy" >&2; exit 1; }

version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
answer="$(curl -fsS "http://127.0.0.1:$port/healthz")"
[[ "$answer" == *"\"version\":\"$version\""* ]] || { echo "healthz: $answer" >&2; exit 1; }

user="$("$engine" exec "$name" /tingshu --version >/dev/null && "$engine" inspect --format '{{.Config.User}}' "$name")"
[[ "${user%%:*}" != 0 && -n "$user" ]] || { echo "the image runs as '$user'" >&2; exit 1; }

files="$("$engine" export "$name" | tar -t | grep -v '/$' | grep -Ev '^(\.dockerenv|etc/(hosts|hostname|resolv.conf|mtab)|proc/|sys/|dev/)' || true)"
[[ "$files" == "tingshu" ]] || { echo "the image holds more than the binary: $files" >&2; exit 1; }

echo "container image: healthy, /healthz says $version, runs as $user, holds only /tingshu"
