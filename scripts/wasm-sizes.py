#!/usr/bin/env python3
"""What the core's wasm code is made of: the size of every function body, summed by the crate
its (mangled) name mentions first. Read the module cargo builds, before wasm-bindgen and
wasm-opt strip the names:
    python3 scripts/wasm-sizes.py $CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/tingshu_wasm.wasm
"""
import collections
import sys

# The first of these a function's name mentions is the crate it is counted for.
CRATES = ['serde_wasm_bindgen', 'serde_json', 'tingshu_core', 'tingshu_wasm', 'chrono_tz',
          'chrono', 'sha2', 'hmac', 'wasm_bindgen', 'js_sys', 'hashbrown', 'dlmalloc', 'serde',
          '5alloc', '4core']


def leb(data, i):
    """An unsigned LEB128 number at `i`, and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def skip_name(data, i):
    length, i = leb(data, i)
    return i + length


def read(path):
    data = open(path, 'rb').read()
    i, imported, bodies, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        start, end = i, i + size
        if section == 2:  # imports: functions among them shift the indexes of the bodies
            count, j = leb(data, start)
            for _ in range(count):
                j = skip_name(data, skip_name(data, j))
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:
                    flags, j = leb(data, j + 1)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 2:
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                else:
                    j += 2
        elif section == 10:  # code: one body per defined function
            count, j = leb(data, start)
            for _ in range(count):
                length, j = leb(data, j)
                bodies.append(length)
                j += length
        elif section == 0:  # the "name" custom section, function names (subsection 1)
            length, j = leb(data, start)
            if data[j:j + length] == b'name':
                j += length
                while j < end:
                    sub = data[j]
                    sub_size, j = leb(data, j + 1)
                    if sub == 1:
                        count, k = leb(data, j)
                        for _ in range(count):
                            index, k = leb(data, k)
                            length, k = leb(data, k)
                            names[index] = data[k:k + length].decode('utf8', 'replace')
                            k += length
                    j += sub_size
        i = end
    return imported, bodies, names


def main():
    imported, bodies, names = read(sys.argv[1])
    if not names:
        sys.exit('no name section: read the module before wasm-bindgen and wasm-opt')
    by_crate = collections.Counter()
    for index, size in enumerate(bodies):
        name = names.get(index + imported, '')
        crate = next((c for c in CRATES if c in name), 'other (glue, std, intrinsics)')
        by_crate[crate.lstrip('0123456789')] += size
    total = sum(bodies)
    print(f'{total:>9,} bytes of code in {len(bodies):,} functions')
    for crate, size in by_crate.most_common():
        print(f'{size:>9,}  {size / total:5.1%}  {crate}')


main()
