#!/usr/bin/env bash
# Writes the configuration reference (`tingshu config-reference`) into a Markdown file in
# place of the table between its markers. Usage: config-reference.sh TINGSHU_BINARY FILE
set -euo pipefail
binary="$1"
file="$2"
table="$(mktemp)"
trap 'rm -f "$table"' EXIT
"$binary" config-reference > "$table"
python3 - "$file" "$table" <<'PY'
import sys
path, table = sys.argv[1], open(sys.argv[2], encoding="utf-8").read().rstrip("\n")
text = open(path, encoding="utf-8").read()
start, end = "<!-- config-reference:start -->", "<!-- config-reference:end -->"
if start not in text or end not in text:
    sys.exit(f"{path} has no {start} … {end} section")
head, rest = text.split(start, 1)
_, tail = rest.split(end, 1)
open(path, "w", encoding="utf-8").write(head + table + tail)
PY
echo "configuration reference written into $file"
