#!/usr/bin/env bash
# Fetch pinned real-world JavaScript from npm into bench/.cache/js, for the
# script lint's benchmarks (go test -bench Script ./scriptlint) and eslint.sh.
# Only npm's own client is used; the packages are pinned by version (npm
# checks each tarball against the integrity the registry records).
set -euo pipefail
cd "$(dirname "$0")"
cache=.cache
mkdir -p "$cache/npm" "$cache/js" "$cache/unpack"

# package@version  file-in-package  name-in-cache
files=(
  "lodash@4.17.21 package/lodash.js lodash.js"
  "lodash@4.17.21 package/lodash.min.js lodash.min.js"
  "jquery@3.7.1 package/dist/jquery.js jquery.js"
  "jquery@3.7.1 package/dist/jquery.min.js jquery.min.js"
  "three@0.160.0 package/build/three.module.js three.module.js"
  "three@0.160.0 package/build/three.module.min.js three.module.min.js"
  "react-dom@18.3.1 package/umd/react-dom.development.js react-dom.development.js"
  "react-dom@18.3.1 package/umd/react-dom.production.min.js react-dom.production.min.js"
  "d3@7.9.0 package/dist/d3.js d3.js"
  "d3@7.9.0 package/dist/d3.min.js d3.min.js"
)

for entry in "${files[@]}"; do
  read -r pkg path name <<<"$entry"
  [ -s "$cache/js/$name" ] && continue
  dir="$cache/unpack/$pkg"
  if [ ! -d "$dir/package" ]; then
    mkdir -p "$dir"
    tgz=$(npm pack "$pkg" --silent --pack-destination "$dir" --cache "$cache/npm")
    tar -xzf "$dir/$tgz" -C "$dir"
  fi
  cp "$dir/$path" "$cache/js/$name"
done
# A 2 MiB bundle of real libraries for BenchmarkLibraryBundle: the full
# builds of d3, lodash and react-dom, each in a block of its own.
mkdir -p "$cache/bundle"
if [ ! -s "$cache/bundle/libraries-2mib.js" ]; then
  for f in d3.js lodash.js react-dom.development.js; do
    printf '{\n'; cat "$cache/js/$f"; printf '\n}\n'
  done > "$cache/bundle/libraries-2mib.js"
fi
ls -l "$cache/js" "$cache/bundle"
