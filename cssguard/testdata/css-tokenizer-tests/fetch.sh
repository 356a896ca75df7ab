#!/usr/bin/env bash
# Regenerates corpus.json from the pinned npm package (needs node and npm).
# The integrity below is npm's own; a different tarball is refused.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version=1.4.0
integrity=sha512-vQstlz0BOhWz5fxKXm0lnmgDuXLmi0ZozUDwBreXV5vY2K/k2SY02iaGygj9jr+qaEQse1YalJ+2pPNdReef7Q==
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "@rmenke/css-tokenizer-tests@$version" >/dev/null
tarball=rmenke-css-tokenizer-tests-$version.tgz
got="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [ "$got" != "$integrity" ]; then
  echo "integrity mismatch: got $got" >&2
  exit 1
fi
tar xzf "$tarball"
node -e '
import("./package/index.mjs").then(m => {
  const c = m.testCorpus, out = {};
  for (const k of Object.keys(c).sort()) out[k] = c[k];
  require("fs").writeFileSync(process.argv[1], JSON.stringify(out, null, 1) + "\n");
});' "$here/corpus.json"
echo "wrote $here/corpus.json"
