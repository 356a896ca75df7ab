#!/usr/bin/env bash
# The pre-commit hook's entry (.pre-commit-hooks.yaml, docs/ci.md): run
# remixlet with the arguments and files pre-commit passes.
#
# The binary is kept in the hook repository pre-commit cloned (one clone
# per rev, so one binary per version), made once:
#
#   - at a release tag, the release binary for this computer, checked
#     against the release's SHA256SUMS (action/release.sh; a mismatch stops
#     the hook), from REMIXLET_DOWNLOAD_URL (GitHub's releases unless set);
#   - otherwise, or when the release has none for this computer, built from
#     the clone with Go: only cmd/remixlet, with the user's module and
#     build caches (pre-commit's golang language would build every program
#     of the module, with a module cache of its own).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache="$here/.remixlet-hook"
bin="$cache/remixlet"

# shellcheck source=release.sh
. "$here/action/release.sh"

# tag is the release tag the clone is at: git knows it after a complete
# clone; after pre-commit's shallow fetch of one ref, FETCH_HEAD says it.
tag() {
  local head t
  head=$(git -C "$here" rev-parse HEAD 2>/dev/null) || return 0
  t=$(git -C "$here" describe --tags --exact-match HEAD 2>/dev/null) && { echo "$t"; return 0; }
  [ -f "$here/.git/FETCH_HEAD" ] || return 0
  sed -n "s/^$head[[:space:]].*tag '\\([^']*\\)' of .*/\\1/p" "$here/.git/FETCH_HEAD" | head -n 1
}

install() {
  mkdir -p "$cache" || return 1
  local version goos goarch path status
  version=$(tag)
  if [[ "$version" =~ $release_pattern ]]; then
    goos=$(uname -s | tr '[:upper:]' '[:lower:]')
    case "$(uname -m)" in
      x86_64 | amd64) goarch=amd64 ;;
      aarch64 | arm64) goarch=arm64 ;;
      *) goarch=unknown ;;
    esac
    case "$goos" in mingw* | msys* | cygwin*) goos=windows ;; esac
    path=$(fetch_release "$version" "$goos" "$goarch" "${REMIXLET_DOWNLOAD_URL:-https://github.com/remixlet/remixlet/releases/download}" "$cache/release")
    status=$?
    if [ $status -eq 0 ]; then
      ln -sf "$path" "$bin"
      return 0
    fi
    [ $status -eq 2 ] && return 2
  fi
  if ! command -v go >/dev/null; then
    echo "remixlet: no release binary for this computer and no Go to build one: install Go 1.26, or use the hook remixlet-lint-system with remixlet installed (docs/install.md)" >&2
    return 1
  fi
  echo "remixlet: building remixlet (cmd/remixlet) once for this hook version" >&2
  (cd "$here" && go build -trimpath -o "$bin.$$" ./cmd/remixlet) && mv -f "$bin.$$" "$bin"
}

if [ ! -x "$bin" ]; then
  install || exit 2
fi
exec "$bin" "$@"
