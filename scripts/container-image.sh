#!/usr/bin/env bash
# Builds the `tingshu` container image from the Dockerfile: a static (musl) release binary and
# an empty data folder laid out as the build context; no base image is pulled. Needs the musl
# target (`rustup target add x86_64-unknown-linux-musl`), musl-gcc (Debian's musl-tools) for
# the C parts (SQLite, mimalloc, ring), and docker or podman.
# Usage: container-image.sh [TAG]   (default tingshu:latest)
#        container-image.sh --context-only DIR   (the context alone, no engine needed)
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
triple=x86_64-unknown-linux-musl

context_only=""
if [[ "${1:-}" == "--context-only" ]]; then
  context_only="${2:?a folder for the context}"
fi
tag="${1:-tingshu:latest}"

rustup target list --installed | grep -qx "$triple" || rustup target add "$triple"
command -v musl-gcc >/dev/null || {
  echo "musl-gcc is missing: apt-get install musl-tools" >&2
  exit 1
}
# The app is built into the binary: build it first (as `make run` does).
make --no-print-directory app
CC_x86_64_unknown_linux_musl=musl-gcc \
  cargo build --release --locked --target "$triple" -p tingshu-server --bin tingshu
binary="$target_dir/$triple/release/tingshu"

context="${context_only:-$(mktemp -d)}"
mkdir -p "$context/data"
cp "$binary" "$context/tingshu"
cp Dockerfile "$context/Dockerfile"
if [[ -n "$context_only" ]]; then
  echo "image context in $context"
  exit 0
fi
trap 'rm -rf "$context"' EXIT
engine="$(command -v docker || command -v podman || true)"
[[ -n "$engine" ]] || {
  echo "neither docker nor podman is installed" >&2
  exit 1
}
# Docker's image format: the OCI format has no HEALTHCHECK, and podman would drop it.
format=()
[[ "$(basename "$engine")" == podman ]] && format=(--format docker)
"$engine" build "${format[@]}" --tag "$tag" "$context"
echo "built $tag"
