// Package site is the one home for sites and addresses: Chrome match
// patterns (ParsePattern, MatchesURL, EverySite), their containment
// (Covers), the one URL parser every address goes through (Parse: the URL
// Standard's parser, as browsers read addresses), the one host
// canonicaliser (Chrome's, used by Parse, by the patterns and by
// CanonicalHost), and the address rule the stylesheet guard and the script
// lint share (Reach.CheckLoad).
//
// Package manifest reads a manifest and calls this package for its match
// patterns and permission hosts; cssguard, scriptlint, netrules and
// activation call it for every address and host they judge.
package site
