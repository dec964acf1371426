#!/usr/bin/env bash
# Writes words.txt.gz, the segmentation dictionary of the search index: the words of
# jieba's own dictionary (jieba-rs, MIT licence) seen at least MIN_FREQ times in its
# corpus, as "word frequency" lines: 52,178 of its 349,046 words at the default of 50.
# The rarer ones (names, long set phrases, rare compounds) cost about 31 MiB of resident
# memory and change little in what a search finds: the index also keeps every Han/kana
# character and pinyin keys, and jieba's HMM still cuts unknown words. Usage: server/src/search/dictionary/make.sh [jieba dict.txt]
set -euo pipefail
cd "$(dirname "$0")"
min_freq="${MIN_FREQ:-50}"
source="${1:-$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/jieba-rs-0.11.*/src/data/dict.txt | head -1)}"
[ -f "$source" ] || { echo "jieba's dict.txt not found (cargo fetch first, or pass its path)"; exit 1; }
awk -v min="$min_freq" '$2 >= min { print $1 " " $2 }' "$source" | gzip -9n > words.txt.gz
echo "words.txt.gz: $(gzip -dc words.txt.gz | wc -l) words of $(wc -l < "$source") with frequency >= $min_freq"
