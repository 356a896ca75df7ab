// Package approval is the approval flow over the version store: files are
// checked and decided on (package decision), approved, activated and
// stored, in that order, and nothing reaches the version store another way.
//
//	decide   ─ Flow.Decide: decision.CheckDir, then decision.Decide against
//	           the remixlet's running version in the store
//	approve  ─ Flow.Approve: an approval bound to the digest, single use, ten
//	           minutes; a dialog needs the person's confirmation
//	activate ─ Flow.Activate: the folder checked again, then the approval
//	           checked and used up and the version stored in one transaction
//	           (package store)
//	store    ─ Flow.List, History, Version, Export, PlanRestore/Restore,
//	           Delete
//
// Refusals are *decision.Refusal errors whose findings say why; a command
// exits 1 for them. The command line (cmd/remixlet) parses flags, asks on a
// terminal and prints. The WebAssembly build has no store and does not
// import this package.
//
// docs/approvals.md describes the flow end to end.
package approval
