#!/usr/bin/env bash
# The Install step of the remixlet GitHub Action (action.yml, docs/ci.md):
# find the remixlet binary the Lint step runs.
#
#   - INPUT_REMIXLET names one: use it.
#   - Otherwise the release binary for this runner (RUNNER_OS, RUNNER_ARCH)
#     of INPUT_VERSION, or of the action's own ref when that is a release
#     tag (ACTION_REF, vMAJOR.MINOR.PATCH): downloaded from INPUT_DOWNLOAD_URL
#     with the release's SHA256SUMS, and run only if its SHA-256 is the one
#     SHA256SUMS lists. A mismatch stops the job: the file is not what the
#     release published.
#   - A ref that is no release (a branch, a commit), or a release that has
#     no binary for this runner or cannot be downloaded: build=true, and the
#     next steps build from the action's source with Go, its module cache
#     keyed by go-sum (the SHA-256 of the action's go.sum; setup-go's own
#     cache would hash files under the workspace only).
#
# Outputs (GITHUB_OUTPUT): path (the binary, or "" to build), build, go-sum,
# and error ("" or why the job cannot go on). Always exits 0: the Lint step
# reports an error as "could not run" and the Verdict fails the job.
set -uo pipefail

: "${GITHUB_OUTPUT:?the runner sets GITHUB_OUTPUT}"
action_path="${GITHUB_ACTION_PATH:?the runner sets GITHUB_ACTION_PATH}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/remixlet-action"
mkdir -p "$tmp"

out() { echo "$1=$2" >>"$GITHUB_OUTPUT"; }

sha256() { # the SHA-256 of a file, in hex
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

build() { # fall back to building from the action's source
  echo "remixlet: $1; building remixlet from the action's source instead"
  out path ""
  out build true
  out go-sum "$(sha256 "$action_path/go.sum")"
  out error ""
  exit 0
}

stop() { # the job cannot go on
  echo "::error title=remixlet::$1"
  out path ""
  out build false
  out error "$1"
  exit 0
}

if [ -n "${INPUT_REMIXLET:-}" ]; then
  out path "$INPUT_REMIXLET"
  out build false
  out error ""
  exit 0
fi

release='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$'
version="${INPUT_VERSION:-}"
if [ -z "$version" ]; then
  if [[ "${ACTION_REF:-}" =~ $release ]]; then
    version="$ACTION_REF"
  else
    build "the action runs from ${ACTION_REF:-a local copy}, which is no release"
  fi
fi
[[ "$version" =~ $release ]] || stop "version is \"$version\": write a release, such as v1.2.3"

case "${RUNNER_OS:-}" in
  Linux) goos=linux ;;
  macOS) goos=darwin ;;
  Windows) goos=windows ;;
  *) build "no release binary for the runner's system \"${RUNNER_OS:-}\"" ;;
esac
case "${RUNNER_ARCH:-}" in
  X64) goarch=amd64 ;;
  ARM64) goarch=arm64 ;;
  *) build "no release binary for the runner's processor \"${RUNNER_ARCH:-}\"" ;;
esac
name="remixlet-$goos-$goarch"
[ "$goos" = windows ] && name="$name.exe"

base="${INPUT_DOWNLOAD_URL:-https://github.com/remixlet/remixlet/releases/download}"
dir="$tmp/$version"
mkdir -p "$dir"
fetch() { curl --fail --silent --show-error --location --retry 3 --retry-delay 2 --proto '=https,http' -o "$2" "$1"; }
fetch "$base/$version/SHA256SUMS" "$dir/SHA256SUMS" || build "could not download SHA256SUMS of $version"
want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$dir/SHA256SUMS")
[ -n "$want" ] || build "$version's SHA256SUMS lists no $name"
fetch "$base/$version/$name" "$dir/$name" || build "could not download $name of $version"
got=$(sha256 "$dir/$name")
if [ "$got" != "$want" ]; then
  rm -f "$dir/$name"
  stop "$name of $version has SHA-256 $got, but the release's SHA256SUMS says $want: the download is not the published file"
fi
chmod +x "$dir/$name"
echo "remixlet: $name of $version, SHA-256 $got as SHA256SUMS lists it"
out path "$dir/$name"
out build false
out error ""
