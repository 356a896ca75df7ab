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

# shellcheck source=release.sh
. "$action_path/action/release.sh"

build() { # fall back to building from the action's source
  echo "remixlet: $1; building remixlet from the action's source instead"
  out path ""
  out build true
  out go-sum "$(sha256_of "$action_path/go.sum")"
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

version="${INPUT_VERSION:-}"
if [ -z "$version" ]; then
  if [[ "${ACTION_REF:-}" =~ $release_pattern ]]; then
    version="$ACTION_REF"
  else
    build "the action runs from ${ACTION_REF:-a local copy}, which is no release"
  fi
fi
[[ "$version" =~ $release_pattern ]] || stop "version is \"$version\": write a release, such as v1.2.3"

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
base="${INPUT_DOWNLOAD_URL:-https://github.com/remixlet/remixlet/releases/download}"
errors="$tmp/fetch-errors"
path=$(fetch_release "$version" "$goos" "$goarch" "$base" "$tmp/$version" 2>"$errors")
case $? in
  0) ;;
  2) stop "$(tail -n 1 "$errors")" ;;
  *) build "$(tail -n 1 "$errors")" ;;
esac
echo "remixlet: $(tail -n 1 "$errors")"
out path "$path"
out build false
out error ""
