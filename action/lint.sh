#!/usr/bin/env bash
# The Lint step of the remixlet GitHub Action (action.yml, docs/ci.md).
#
# Reads the inputs from INPUT_* variables, the binary from REMIXLET_BIN
# (action/install.sh, or the Build step), and the runner's variables
# (GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP, GITHUB_STEP_SUMMARY). Runs
# remixlet lint once with three outputs:
# workflow annotations (github) on standard output, SARIF to a file, and
# the text report, printed afterwards with workflow commands switched off
# so no line of it is read as one. Always exits 0 and writes the lint's
# exit status to the step's outputs: the Verdict step fails the job after
# the SARIF upload has run.
set -uo pipefail

fail() { # could not run: say so, and let the Verdict step fail the job
  echo "::error title=remixlet::$1"
  echo "exit-code=2" >>"$GITHUB_OUTPUT"
  echo "sarif-file=" >>"$GITHUB_OUTPUT"
  exit 0
}

: "${GITHUB_OUTPUT:?the runner sets GITHUB_OUTPUT}"
workspace="${GITHUB_WORKSPACE:-$PWD}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"

# The Install step found the binary (a release download, checked against
# its SHA256SUMS, or a given one), or the Build step built it.
[ -z "${REMIXLET_INSTALL_ERROR:-}" ] || fail "$REMIXLET_INSTALL_ERROR"
bin="${REMIXLET_BIN:-}"
[ -n "$bin" ] || fail "no remixlet binary: the Install or Build step did not run"
[ -x "$bin" ] || fail "the remixlet binary $bin cannot be run"

args=(lint --format github)
sarif="${INPUT_SARIF_FILE:-remixlet.sarif}"
text="$tmp/remixlet-action/lint.txt"
mkdir -p "$(dirname "$text")"
args+=(--format "sarif=$sarif" --format "text=$text")
[ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
case "${INPUT_FAIL_ON_WARNINGS:-false}" in
  true) args+=(--max-warnings 0) ;;
  false) ;;
  *) fail "fail-on-warnings is \"${INPUT_FAIL_ON_WARNINGS}\": write true or false" ;;
esac

# Paths are separated by spaces or new lines; none means the workspace.
read -r -d '' -a paths <<<"${INPUT_PATHS:-.}" || true
[ "${#paths[@]}" -gt 0 ] || paths=(.)

cd "$workspace" || fail "the workspace $workspace cannot be entered"
rm -f "$sarif" "$text"
mkdir -p "$(dirname "$sarif")" || fail "the folder for $sarif cannot be made"
"$bin" "${args[@]}" -- "${paths[@]}"
code=$?

if [ -f "$text" ]; then
  # The report quotes file names and messages: print it with workflow
  # commands off, under a token nobody can guess.
  token="remixlet-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  echo "::group::remixlet lint report"
  echo "::stop-commands::$token"
  cat "$text"
  echo "::$token::"
  echo "::endgroup::"
fi
echo "exit-code=$code" >>"$GITHUB_OUTPUT"
if [ -f "$sarif" ]; then
  echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"
else
  echo "sarif-file=" >>"$GITHUB_OUTPUT"
fi
exit 0
