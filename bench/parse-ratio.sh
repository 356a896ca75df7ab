#!/usr/bin/env bash
# The script lint's throughput as a share of esbuild's bare parse, on the
# same pinned real-world files (bench/fetch-js.sh), from Go benchmarks that
# run both on each file in one process (BenchmarkScript in scriptlint/).
#
#   bench/parse-ratio.sh [COUNT]            wall clock: median of COUNT runs
#   bench/parse-ratio.sh --instructions     instructions under callgrind,
#                                           GC off: repeatable under load
#
# Not part of the tests: run it by hand.
set -euo pipefail
cd "$(dirname "$0")"
./fetch-js.sh >/dev/null
root=$(cd .. && pwd)

if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  bin=$(mktemp -d)/lint.test
  (cd "$root" && CGO_ENABLED=0 go test -c -o "$bin" ./scriptlint)
  count() { # instructions for N iterations of one sub-benchmark
    (cd "$root/scriptlint" && GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 GOGC=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" -test.run '^$' -test.bench "Script/^$1\$/$2\$" -test.benchtime "${3}x" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  }
  total_p=0 total_l=0
  for js in .cache/js/*.js; do
    name=$(basename "$js" .js)
    name_re=${name//./\\.}
    # The difference between 3 and 1 iterations cancels start-up costs.
    p=$(( $(count "$name_re" esbuild-parse 3) - $(count "$name_re" esbuild-parse 1) ))
    l=$(( $(count "$name_re" lint 3) - $(count "$name_re" lint 1) ))
    total_p=$((total_p + p)) total_l=$((total_l + l))
    awk -v n="$name" -v p="$p" -v l="$l" 'BEGIN { printf "%-28s parse %6.0fM  lint %6.0fM instructions  lint at %5.1f%% of parse throughput\n", n, p/2e6, l/2e6, 100*p/l }'
  done
  awk -v p="$total_p" -v l="$total_l" 'BEGIN { printf "all files: lint at %.1f%% of bare esbuild parse throughput (instructions)\n", 100*p/l }'
  exit 0
fi

count=${1:-10}
out=$(cd "$root" && go test -run '^$' -bench Script -count "$count" ./scriptlint)
echo "$out" | awk '
  /^BenchmarkScript\// {
    split($1, part, "/"); name = part[2]; kind = part[3]; sub(/-[0-9]+$/, "", kind)
    key = name SUBSEP kind; n[key]++; v[key, n[key]] = $3; names[name] = 1
  }
  function median(key,   i, j, t, m, a) {
    m = n[key]; for (i = 1; i <= m; i++) a[i] = v[key, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    for (name in names) {
      p = median(name SUBSEP "esbuild-parse"); l = median(name SUBSEP "lint"); tp += p; tl += l
      printf "%-28s parse %7.1f ms  lint %7.1f ms  lint at %5.1f%% of parse throughput\n", name, p / 1e6, l / 1e6, 100 * p / l
    }
    printf "all files: lint at %.1f%% of bare esbuild parse throughput (median of runs)\n", 100 * tp / tl
  }' | sort
