#!/usr/bin/env bash
# Renders public/favicon.svg at 48×48 with Debian's headless Chromium and wraps the PNG in
# public/favicon.ico (an icon file may hold PNG data), for clients that ask for /favicon.ico.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/icon.html" <<HTML
<!doctype html><html><body style="margin:0;background:transparent">
<img src="file://$here/../public/favicon.svg" width="48" height="48" style="display:block">
</body></html>
HTML
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --default-background-color=00000000 --user-data-dir="$work/profile" --window-size=48,48 \
  --screenshot="$work/icon.png" "file://$work/icon.html" 2>/dev/null
python3 - "$work/icon.png" "$here/../public/favicon.ico" <<'PY'
import struct, sys
png = open(sys.argv[1], "rb").read()
assert png[:8] == b"\x89PNG\r\n\x1a\n", "chromium wrote no PNG"
width, height = struct.unpack(">II", png[16:24])
# ICONDIR (reserved, type 1 = icon, one image), then its ICONDIRENTRY (0 means 256).
header = struct.pack("<HHH", 0, 1, 1)
entry = struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(png), 6 + 16)
open(sys.argv[2], "wb").write(header + entry + png)
print(f"favicon.ico: {width}x{height}, {len(png)} bytes of PNG")
PY
