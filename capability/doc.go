// Package capability says what a version of a remixlet can do, in words a
// person reads before approving it: the rmx services it calls and the
// hosts it reaches, what it reads on the page and what it does there, the
// image and link addresses it sets, the hosts its stylesheet loads from,
// and its network rules.
//
// The words are the toolchain's own, one fixed phrase per Kind (as the
// dialog's are); only hosts, literal addresses and a rule's values come
// from the remixlet's files, and the outputs print them as data. Every
// sandboxapi member is classified here (a test fails when the API gains
// one that is not).
//
// A summary is made from what the checks already compute: the script
// lint's walk (scriptlint.Uses: the members a script reaches through
// static paths and the literal addresses it passes), the stylesheet
// guard's loads and the network rules as installed (netrules' words).
// It describes; it decides nothing: the activation decision is the
// spec's and does not read it.
//
// Choices:
//   - A handle method counts on any receiver the walk cannot prove is
//     something else (values are untyped), so code that reads a fetch
//     response through a callback (r => r.text()) is said to read page
//     text: the summary may say too much, never too little of what the
//     walk sees.
//   - Code the check cannot read (a syntax error, too deep) is a
//     capability of its own ("runs code the check could not read"), and
//     rmx handed where the walk cannot follow it is "may use any service".
//   - A stylesheet load is listed only when it is allowed: a refused one
//     is never installed.
//   - Compare leaves network rules out: the decision's rule changes say
//     each one, with what it did before.
package capability
