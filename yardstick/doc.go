// Package yardstick holds the script lint's measures, in its tests: a
// witnessed corpus of dangerous and benign scripts, a generator of small
// programs, and real npm libraries built into remixlets. Every label is
// witnessed by running the script in the dynamic oracle
// (scriptlint/oracle), and the lint judges each case through the entry
// the command line uses for a stored remixlet (decision.Check). Each
// measure keeps a ratchet in testdata: the cases the lint gets wrong
// today, by name, so that a new miss fails and so does a fixed one still
// listed. docs/script-lint.md ("Measured") records the figures.
package yardstick
