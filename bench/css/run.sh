#!/usr/bin/env bash
# Runs the stylesheet guard side by side with stylelint (one url rule) on the
# same real framework CSS, whole process each, and prints the ratio; then
# runs the Go benchmarks on the same sheets and prints the guard's
# throughput against the raw tdewolff lexer's, from the same run.
#
# Inputs are pinned in package.json and package-lock.json beside this file
# and installed with npm into a cache outside the repository:
#   ${REMIXLET_BENCH_CACHE:-~/.cache/remixlet-bench/css}
# Not part of the tests. Needs Go, node and npm. RUNS=N sets the repeats;
# CALLGRIND=1 adds instruction counts (needs valgrind).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${REMIXLET_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/remixlet-bench/css}"
runs="${RUNS:-10}"
mkdir -p "$cache/css"
cp "$here/package.json" "$here/package-lock.json" "$cache/"
if [ ! -x "$cache/node_modules/.bin/stylelint" ] || ! cmp -s "$here/package-lock.json" "$cache/node_modules/.package-lock.json.copy" 2>/dev/null; then
  # npm install with the lock file installs the locked versions (npm ci
  # trips over optional platform packages some dependencies declare).
  (cd "$cache" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error)
  cp "$here/package-lock.json" "$cache/node_modules/.package-lock.json.copy"
fi
nm="$cache/node_modules"
cp "$nm/bootstrap/dist/css/bootstrap.css" "$cache/css/bootstrap-5.3.3.css"
cp "$nm/bulma/css/bulma.css" "$cache/css/bulma-0.9.4.css"
cp "$nm/foundation-sites/dist/css/foundation.css" "$cache/css/foundation-6.8.1.css"
cp "$nm/tachyons/css/tachyons.css" "$cache/css/tachyons-4.12.0.css"
cp "$nm/98.css/dist/98.css" "$cache/css/98-0.1.21.css" # SVG data: addresses throughout

(cd "$repo" && go build -o "$cache/remixlet" ./cmd/remixlet)
stylelint="$nm/.bin/stylelint"

# elapsed runs a command RUNS times and prints the total wall time in ms.
elapsed() {
  local start end
  start=$(date +%s%N)
  for _ in $(seq "$runs"); do "$@" >/dev/null 2>&1 || true; done
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

echo "whole process, $runs runs each (wall time, ms):"
printf '%-24s %10s %10s %8s %7s\n' sheet remixlet stylelint ratio loads
total_g=0; total_s=0
for f in "$cache"/css/*.css; do
  name=$(basename "$f" .css)
  g=$(elapsed "$cache/remixlet" css "$f" --manifest "$here/manifest.json" --format json)
  s=$(elapsed "$stylelint" "$f" --config "$here/stylelint.config.json" --formatter json)
  loads=$("$cache/remixlet" css "$f" --manifest "$here/manifest.json" --format json 2>/dev/null | grep -c '"verdict"' || true)
  total_g=$((total_g + g)); total_s=$((total_s + s))
  printf '%-24s %10d %10d %7.1fx %7s\n' "$name" "$g" "$s" "$(echo "$s / $g" | bc -l)" "$loads"
done
printf '%-24s %10d %10d %7.1fx\n' total "$total_g" "$total_s" "$(echo "$total_s / $total_g" | bc -l)"

echo
echo "Go benchmarks, same run (median ns/op of 5; ratio = the guard's throughput as a share of the raw tdewolff lexer's):"
(cd "$repo" && REMIXLET_BENCH_CSS="$cache/css" go test ./cssguard -run '^$' -bench BenchmarkGuard -benchtime "${runs}x" -count 5) |
  awk '/^BenchmarkGuard/ {
    split($1, p, "/"); sheet = p[2]; kind = p[3]; sub(/-[0-9]+$/, "", kind)
    n[sheet "/" kind]++; v[sheet "/" kind, n[sheet "/" kind]] = $3; sheets[sheet] = 1
  }
  function median(key,   i, j, k, t, a) {
    k = n[key]; for (i = 1; i <= k; i++) a[i] = v[key, i]
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((k + 1) / 2)]
  }
  END {
    printf "%-24s %12s %12s %12s %8s\n", "sheet", "check ns/op", "tdewolff", "tokenizer", "ratio"
    for (s in sheets) {
      c = median(s "/check"); t = median(s "/tdewolff-lexer"); z = median(s "/tokenizer")
      printf "%-24s %12d %12d %12d %7.0f%%\n", s, c, t, z, 100 * t / c
    }
  }'

# Instruction counts are repeatable on a busy machine, where wall time is
# not: with CALLGRIND=1 (and valgrind installed), count the instructions of
# one Check and of one raw tdewolff lexing per sheet (single goroutine, so
# this is the CPU work, without the parallel second reading's help).
if [ "${CALLGRIND:-0}" = 1 ]; then
  echo
  echo "instructions per sheet (callgrind, 11 runs minus 1 run, divided by 10):"
  test_bin="$cache/cssguard.test"
  (cd "$repo" && go test -c -o "$test_bin" ./cssguard)
  count() { # sheet sub-benchmark iterations
    (cd "$repo/cssguard" && REMIXLET_BENCH_CSS="$cache/css" GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off \
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$test_bin" -test.run '^$' \
      -test.bench "BenchmarkGuard/$1/$2\$" -test.benchtime "$3x" 2>&1 | sed -n 's/.*Collected : //p')
  }
  printf '%-24s %14s %14s %8s\n' sheet check tdewolff ratio
  for f in "$cache"/css/*.css; do
    name=$(basename "$f" .css)
    c=$(( ($(count "$name" check 11) - $(count "$name" check 1)) / 10 ))
    t=$(( ($(count "$name" tdewolff-lexer 11) - $(count "$name" tdewolff-lexer 1)) / 10 ))
    printf '%-24s %14d %14d %7.0f%%\n' "$name" "$c" "$t" "$(echo "100 * $t / $c" | bc -l)"
  done
fi
