#!/usr/bin/env bash
# Start-up cost: `remixlet version` (package initialisation, the command
# tree, the version facts) against a hello-world Go program built with the
# same toolchain and flags as a release (-trimpath -buildvcs=false,
# CGO_ENABLED=0). Both run N times, interleaved, so load on the machine
# hits both alike; each run's CPU time (user + system, perf's task-clock)
# is taken, and the ratio is of the medians. The target is at
# most 3.
#
#   bench/startup.sh [N]              (default 300; needs perf)
#   bench/startup.sh --instructions   instructions under callgrind, which
#                                     do not depend on load (needs valgrind)
#
# Not part of the tests: run it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CGO_ENABLED=0
go build -trimpath -buildvcs=false -o "$work/remixlet" ./cmd/remixlet
mkdir "$work/hello"
printf 'module hello\n\ngo 1.22\n' >"$work/hello/go.mod"
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello, world") }\n' >"$work/hello/main.go"
(cd "$work/hello" && GOWORK=off go build -trimpath -buildvcs=false -o "$work/hello-world" .)

if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  count() { # asynchronous preemption's signals trip callgrind
    GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  h=$(count "$work/hello-world")
  r=$(count "$work/remixlet" version)
  awk -v h="$h" -v r="$r" 'BEGIN { printf "hello-world %.2fM instructions, remixlet version %.2fM: %.1fx\n", h / 1e6, r / 1e6, r / h }'
  exit 0
fi

command -v perf >/dev/null || { echo "needs perf (apt-get install linux-perf)" >&2; exit 2; }
n=${1:-300}
cpu() { perf stat -x, -e task-clock -- "$@" 2>&1 >/dev/null | awk -F, '$3 == "task-clock" { print $1 }'; }
for ((i = 0; i < n; i++)); do
  echo "hello $(cpu "$work/hello-world")"
  echo "remixlet $(cpu "$work/remixlet" version)"
done | awk '
  { v[$1, ++c[$1]] = $2 }
  function median(k,   i, j, m, t, a) {
    m = c[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    h = median("hello"); r = median("remixlet")
    printf "hello-world %.2f ms CPU, remixlet version %.2f ms (medians of %d): %.2fx\n", h, r, c["hello"], r / h
  }'
