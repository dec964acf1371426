#!/usr/bin/env bash
# Renders scripts/og-image.html to public/og-image.png (1200×630) with Debian's headless Chromium.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --window-size=1200,630 \
  --screenshot="$here/../public/og-image.png" "file://$here/og-image.html"
