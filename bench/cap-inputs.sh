#!/usr/bin/env bash
# The lint of each pathological cap-size input (lint/capinputs_test.go:
# long data: addresses in every place an address goes, long chains, deep
# nesting, floods, escapes, files at their caps) against the bare parse of
# the same bytes (esbuild's parse for script.js, tdewolff's lexer for
# style.css, the JSON tokenizer for rules.json and manifest.json), from
# BenchmarkCapInputs in lint/.
#
#   bench/cap-inputs.sh [COUNT] [FILTER]           wall clock: median of COUNT runs
#   bench/cap-inputs.sh --instructions [FILTER]    instructions under callgrind,
#                                                  GC off: repeatable under load
#
# FILTER is a regular expression on the input names. The ratio is the
# lint's time (or instructions) over the bare parse's; "lint" is one whole
# lint of the input: load, every check, the text report.
# Not part of the tests (TestCapInputs runs each input once): run it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=$work/lint.test
CGO_ENABLED=0 go test -c -o "$bin" ./lint

# metric LINE UNIT: the value a benchmark line reports in UNIT.
metric='function metric(unit,   i) { for (i = 4; i <= NF; i++) if ($i == unit) return $(i - 1); return "" }'

# table UNIT: reads "name kind value KiB" lines, prints the table.
table() {
  awk -v unit="$1" '
    { v[$1, $2] = $3; if ($4 != "") size[$1] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
    END {
      printf "%-30s %6s %14s %14s %12s %8s\n", "input", "KiB", "lint " unit "/KiB", "bare " unit "/KiB", (unit == "ns" ? "lint ms" : "lint M"), "ratio"
      for (i = 1; i <= n; i++) {
        name = order[i]; kib = size[name]; l = v[name, "lint"]; p = v[name, "bare"]
        if (p == "") { printf "%-30s %6.0f %14.0f %14s %12.1f %8s\n", name, kib, l / kib, "-", l / 1e6, "-"; continue }
        printf "%-30s %6.0f %14.0f %14.0f %12.1f %7.2fx\n", name, kib, l / kib, p / kib, l / 1e6, l / p
      }
    }'
}

if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  filter=${2:-.}
  count() { # instructions for N iterations of one sub-benchmark
    (cd "$root/lint" && GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 GOGC=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" -test.run '^$' -test.bench "CapInputs/^$1\$/^$2\$" -test.benchtime "${3}x" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  }
  (cd lint && "$bin" -test.run '^$' -test.bench "CapInputs/($filter)/lint" -test.benchtime 1x) |
    awk "$metric"' /^BenchmarkCapInputs\// { split($1, p, "/"); print p[2], metric("KiB") }' > "$work/sizes"
  while read -r name kib; do
    for kind in lint bare; do
      # The difference between 3 and 1 iterations cancels start-up costs.
      n3=$(count "$name" "$kind" 3)
      [ -n "$n3" ] || continue # no bare parse (nested too deep for esbuild)
      echo "$name $kind $(( (n3 - $(count "$name" "$kind" 1)) / 2 )) $kib"
    done
  done < "$work/sizes" | table instr
  exit 0
fi

count=${1:-5}
filter=${2:-.}
(cd lint && "$bin" -test.run '^$' -test.bench "CapInputs/($filter)/" -test.count "$count") |
  awk "$metric"'
    /^BenchmarkCapInputs\// {
      split($1, part, "/"); name = part[2]; kind = part[3]; sub(/-[0-9]+$/, "", kind)
      key = name " " kind; n[key]++; t[key, n[key]] = metric("ns/op"); size[name] = metric("KiB")
      if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    }
    function median(key,   i, j, m, tmp, a) {
      m = n[key]; for (i = 1; i <= m; i++) a[i] = t[key, i]
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] + 0 < a[i] + 0) { tmp = a[i]; a[i] = a[j]; a[j] = tmp }
      return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    END { for (i = 1; i <= k; i++) { split(order[i], p, " "); print p[1], p[2], median(order[i]), size[p[1]] } }' | table ns
