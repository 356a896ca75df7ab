// Package approval is the approval flow: files are checked, decided on,
// approved, activated and stored, in that order, and nothing reaches the
// version store another way.
//
//	digest  ─ Check / CheckDir: every lint analyzer over the exact bytes, and
//	          their digest (package digest)
//	decide  ─ Decide: today's checks, then the activation decision against the
//	          running version (package activation): activate, ask first, or
//	          refuse; files lint refuses are always refused
//	approve ─ Flow.Approve: an approval bound to the digest, single use, ten
//	          minutes; a dialog needs the person's confirmation
//	activate ─ Flow.Activate: the folder checked again, then the approval
//	          checked and used up and the version stored in one transaction
//	          (package store)
//	store   ─ Flow.List, History, Version, Export, PlanRestore/Restore,
//	          Delete
//
// Check, Decide and the Decision's output use no store and no file
// system, so the WebAssembly build of the checks can decide over files in
// memory (analysis.LoadFiles, then Check and Decide); Flow, which needs the store and with it bbolt, is left out of
// that build (flow.go's build constraint). Refusals are *Refusal errors
// whose findings say why; a command exits 1 for them. The command line
// (cmd/remixlet) parses flags, asks on a terminal and prints.
//
// docs/approvals.md describes the flow end to end.
package approval
