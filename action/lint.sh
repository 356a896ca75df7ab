#!/usr/bin/env bash
# The Lint step of the remixlet GitHub Action (action.yml, docs/ci.md).
#
# Reads the inputs from INPUT_* variables and the runner's variables
# (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP,
# GITHUB_STEP_SUMMARY). Runs remixlet lint once with three outputs:
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
action_path="${GITHUB_ACTION_PATH:?the runner sets GITHUB_ACTION_PATH}"
workspace="${GITHUB_WORKSPACE:-$PWD}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"

bin="${INPUT_REMIXLET:-}"
if [ -z "$bin" ]; then
  bin="$tmp/remixlet-action/remixlet"
  echo "::group::Build remixlet"
  if ! (cd "$action_path" && go build -trimpath -o "$bin" ./cmd/remixlet); then
    echo "::endgroup::"
    fail "could not build remixlet from $action_path: see the log above"
  fi
  echo "::endgroup::"
fi
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
