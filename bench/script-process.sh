#!/usr/bin/env bash
# Whole-process script lint: `remixlet lint` of a remixlet whose script.js
# is a pinned real library (bench/fetch-js.sh; those under the 1 MiB cap),
# text report to /dev/null, against a program that only reads the file and
# parses it with esbuild through the same bridge (built here from the
# repository's internal/esbuildbridge). The ratio is the lint's CPU time
# over the bare parse's; the target is at most 1.3.
#
#   bench/script-process.sh [N]            CPU time (perf task-clock), medians of N interleaved runs (default 20)
#   bench/script-process.sh --instructions instructions under callgrind (GOMAXPROCS=1)
#   bench/script-process.sh --memory       peak resident memory (GNU time), the largest of 5 runs
#
# Not part of the tests: run it by hand.
set -euo pipefail
cd "$(dirname "$0")"
./fetch-js.sh >/dev/null
root=$(cd .. && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CGO_ENABLED=0
(cd "$root" && go build -trimpath -o "$work/remixlet" ./cmd/remixlet)

# The bare parse: esbuild's parse of the file through the bridge, nothing else.
mkdir "$work/bare"
esbuild=$(cd "$root" && go list -m -f '{{.Version}}' github.com/evanw/esbuild)
cat >"$work/bare/go.mod" <<EOF
module bareparse

go 1.26.0

require (
	github.com/evanw/esbuild $esbuild
	github.com/evanw/esbuild/remixletbridge v0.0.0
)

replace github.com/evanw/esbuild/remixletbridge => $root/internal/esbuildbridge
EOF
cp "$root/internal/esbuildbridge/go.sum" "$work/bare/"
cat >"$work/bare/main.go" <<'EOF'
package main

import (
	"os"

	esb "github.com/evanw/esbuild/remixletbridge"
)

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil || !esb.ParseModule(string(src)).OK {
		os.Exit(1)
	}
}
EOF
(cd "$work/bare" && GOWORK=off GOFLAGS=-mod=mod go build -trimpath -o "$work/bare-parse" . 2>/dev/null)

manifest='{"name": "Library", "api": "1.0.2", "matches": ["https://news.example.com/*"]}'
names=()
for js in .cache/js/*.js; do
  [ "$(wc -c <"$js")" -le 1048576 ] || continue # over the stored form's cap: the lint refuses it unread
  name=$(basename "$js" .js)
  mkdir "$work/$name"
  cp "$js" "$work/$name/script.js"
  printf '%s\n' "$manifest" >"$work/$name/manifest.json"
  names+=("$name")
done

if [ "${1:-}" = "--memory" ]; then
  [ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
  # (lint exits 1 when it refuses something; the figure is still printed)
  peak() { for _ in 1 2 3 4 5; do { /usr/bin/time -f %M "$@" 2>&1 >/dev/null || true; } | tail -n 1; done | sort -n | tail -n 1; }
  printf "%-28s %14s %14s %7s\n" file "bare KiB" "lint KiB" ratio
  for name in "${names[@]}"; do
    b=$(peak "$work/bare-parse" "$work/$name/script.js")
    l=$(peak "$work/remixlet" lint "$work/$name")
    awk -v n="$name" -v b="$b" -v l="$l" 'BEGIN { printf "%-28s %14d %14d %6.2fx\n", n, b, l, l / b }'
  done
  exit 0
fi

if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  count() {
    GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  for name in "${names[@]}"; do
    echo "$name $(count "$work/bare-parse" "$work/$name/script.js") $(count "$work/remixlet" lint "$work/$name")"
  done
else
  command -v perf >/dev/null || { echo "needs perf (apt-get install linux-perf)" >&2; exit 2; }
  n=${1:-20}
  cpu() { perf stat -x, -e task-clock -- "$@" 2>&1 >/dev/null | awk -F, '$3 == "task-clock" { print $1 }'; }
  median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
  for name in "${names[@]}"; do
    for ((i = 0; i < n; i++)); do
      echo "b $(cpu "$work/bare-parse" "$work/$name/script.js")"
      echo "l $(cpu "$work/remixlet" lint "$work/$name")"
    done >"$work/times"
    echo "$name $(awk '$1 == "b" { print $2 }' "$work/times" | median) $(awk '$1 == "l" { print $2 }' "$work/times" | median)"
  done
fi | awk -v unit="$([ "${1:-}" = "--instructions" ] && echo "M instr" || echo "ms CPU")" '
  BEGIN { printf "%-28s %14s %14s %7s\n", "file", "bare " unit, "lint " unit, "ratio" }
  {
    s = (unit == "ms CPU") ? 1 : 1e6
    printf "%-28s %14.1f %14.1f %6.2fx\n", $1, $2 / s, $3 / s, $3 / $2; tb += $2; tl += $3
  }
  END { printf "%-28s %14s %14s %6.2fx\n", "all", "", "", tl / tb }'
