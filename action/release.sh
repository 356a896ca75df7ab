# Shared by action/install.sh (the GitHub Action) and action/hook.sh (the
# pre-commit hook): download a release's binary for this computer with the
# release's SHA256SUMS, and keep it only if its SHA-256 is the one listed.
#
#   fetch_release VERSION GOOS GOARCH BASE DIR
#
# prints the binary's path and returns 0; returns 1 when the release has no
# such binary or it cannot be downloaded (build from source instead), 2
# when the download is not the published file (stop: never run it). It
# says why on standard error.

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

release_pattern='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$'

fetch_release() {
  local version=$1 goos=$2 goarch=$3 base=$4 dir=$5
  local name="remixlet-$goos-$goarch"
  [ "$goos" = windows ] && name="$name.exe"
  mkdir -p "$dir" || return 1
  local get=(curl --fail --silent --show-error --location --retry 3 --retry-delay 2 --proto '=https,http')
  if ! "${get[@]}" -o "$dir/SHA256SUMS" "$base/$version/SHA256SUMS"; then
    echo "could not download SHA256SUMS of $version" >&2
    return 1
  fi
  local want
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$dir/SHA256SUMS")
  if [ -z "$want" ]; then
    echo "$version's SHA256SUMS lists no $name" >&2
    return 1
  fi
  if ! "${get[@]}" -o "$dir/$name.download" "$base/$version/$name"; then
    echo "could not download $name of $version" >&2
    return 1
  fi
  local got
  got=$(sha256_of "$dir/$name.download")
  if [ "$got" != "$want" ]; then
    rm -f "$dir/$name.download"
    echo "$name of $version has SHA-256 $got, but the release's SHA256SUMS says $want: the download is not the published file" >&2
    return 2
  fi
  chmod +x "$dir/$name.download" && mv "$dir/$name.download" "$dir/$name" || return 1
  echo "$name of $version, SHA-256 $got as SHA256SUMS lists it" >&2
  echo "$dir/$name"
}
