#!/usr/bin/env bash
# Whole-process peak memory and parallelism of `remixlet lint` over many
# remixlets: for each count N, a folder of N remixlets (the four stored
# examples and, in every second folder, a real library as script.js:
# jQuery 3.7.1 or lodash 4.17.21, minified, from scriptlint/testdata), one
# `remixlet lint` of it writing every format (text to standard output,
# json, sarif, github and agent to files), under /usr/bin/time.
#
#   bench/lint-many.sh [N...]      (default 1 10 100 1000 10000)
#
# Prints the peak resident memory, the CPU time (user + system), the wall
# time and their ratio (wall / CPU: 0.5 is both cores busy throughout).
# The folders are made once in ${REMIXLET_BENCH_CACHE:-~/.cache/remixlet-bench}/many.
# Not part of the tests: run it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1 10 100 1000 10000)
cache="${REMIXLET_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/remixlet-bench}/many"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/remixlet" ./cmd/remixlet

examples=("$root"/testdata/examples/*/)
libraries=("$root"/scriptlint/testdata/realworld/jquery-3.7.1.min.js "$root"/scriptlint/testdata/realworld/lodash-4.17.21.min.js)
library_manifest='{"name": "Library", "api": "1.0.2", "matches": ["https://news.example.com/*"]}'

make_corpus() { # N → the folder holding N remixlets
  local n=$1 dir="$cache/$1"
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    for ((i = 0; i < n; i++)); do
      local d
      d=$(printf '%s/r%05d' "$dir" "$i")
      mkdir -p "$d"
      if ((i % 2 == 0)); then
        cp "${examples[$(((i / 2) % ${#examples[@]}))]}"* "$d/"
      else
        printf '%s\n' "$library_manifest" > "$d/manifest.json"
        cp "${libraries[$(((i / 2) % 2))]}" "$d/script.js"
      fi
    done
    touch "$dir/.complete"
  fi
  echo "$dir"
}

printf '%8s %12s %10s %10s %10s\n' remixlets peak-MiB cpu-s wall-s wall/cpu
for n in "${counts[@]}"; do
  dir=$(make_corpus "$n")
  /usr/bin/time -f '%M %U %S %e' -o "$work/time" "$work/remixlet" lint "$dir" \
    --format json="$work/out.json" --format sarif="$work/out.sarif" --format github="$work/out.github" \
    --format agent="$work/out.agent" --format text >"$work/out.text" 2>/dev/null || true
  read -r rss user sys wall < <(tail -n 1 "$work/time")
  awk -v n="$n" -v rss="$rss" -v u="$user" -v s="$sys" -v w="$wall" \
    'BEGIN { cpu = u + s; printf "%8d %12.1f %10.2f %10.2f %10.2f\n", n, rss / 1024, cpu, w, (cpu > 0 ? w / cpu : 0) }'
done
