#!/usr/bin/env bash
# The script lint side by side with ESLint, whole process, on the same
# pinned real-world JavaScript (bench/fetch-js.sh): lodash, jQuery,
# three.js, react-dom and d3, full and minified. ESLint runs the three rules
# that overlap with the lint's eval family (no-eval, no-implied-eval,
# no-new-func), installed with npm into bench/.cache. Each tool checks all
# the files in one process, RUNS times; the best run of each is compared.
#
# Not part of the tests: run it by hand.   bench/eslint.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-5}
cache=.cache
eslint_version=9.39.1

./fetch-js.sh >/dev/null

if [ ! -x "$cache/eslint/node_modules/.bin/eslint" ]; then
  mkdir -p "$cache/eslint"
  npm install --silent --no-audit --no-fund --prefix "$cache/eslint" --cache "$cache/npm" "eslint@$eslint_version" >/dev/null
fi
cat > "$cache/eslint/eslint.config.mjs" <<'CONFIG'
export default [{
  languageOptions: { ecmaVersion: "latest", sourceType: "module" },
  linterOptions: { reportUnusedDisableDirectives: "off" },
  rules: { "no-eval": "error", "no-implied-eval": "error", "no-new-func": "error" },
}];
CONFIG

# The lint reads stored remixlets: one folder per file, with a manifest.
# script.js is capped at 1 MiB, so files over the cap are left out of both
# runs (three.module.js, react-dom.development.js; their minified builds
# are in).
rm -rf "$cache/remixlets"
files=()
for js in "$cache"/js/*.js; do
  [ "$(stat -c %s "$js")" -le 1048576 ] || continue
  name=$(basename "$js" .js)
  mkdir -p "$cache/remixlets/$name"
  cp "$js" "$cache/remixlets/$name/script.js"
  printf '{"name": "%s", "api": "1.0.2", "matches": ["https://example.com/*"]}\n' "$name" > "$cache/remixlets/$name/manifest.json"
  files+=("$cache/remixlets/$name/script.js")
done
bytes=$(cat "${files[@]}" | wc -c)

go build -o "$cache/remixlet" ../cmd/remixlet

best() { # best wall time in seconds of RUNS runs of the command
  local best=
  for _ in $(seq "$runs"); do
    local start end t
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true # both tools exit non-zero on findings
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

echo "files: ${#files[@]} ($bytes bytes): $(for f in "${files[@]}"; do basename "$(dirname "$f")"; done | tr '\n' ' ')"
lint=$(best "$cache/remixlet" lint "$cache"/remixlets/*)
eslint=$(best node "$cache/eslint/node_modules/.bin/eslint" --no-config-lookup -c "$cache/eslint/eslint.config.mjs" "${files[@]}")
printf 'remixlet lint: %.3f s   eslint %s (no-eval, no-implied-eval, no-new-func): %.3f s\n' "$lint" "$eslint_version" "$eslint"
printf 'ratio: the lint is %.1fx as fast as ESLint, whole process (best of %d)\n' "$(echo "$eslint / $lint" | bc -l)" "$runs"
