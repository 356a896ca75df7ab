// Package decision is the one checked activation decision: every front door
// (the command line's diff and approve, the version store's flow, the
// WebAssembly build the extension calls) decides through it, so none can
// say "activate" for files another refuses.
//
//	check   ─ Check / CheckDir: every lint analyzer over the exact bytes
//	          the loader read, and their digest (package digest)
//	running ─ Running: a folder or files in memory read as the version that
//	          runs now (refused when the loader refuses them)
//	decide  ─ Decide (a proposal whose running version may come from the
//	          store) and Make (both versions as loaded packages): today's
//	          checks, then the activation decision against the running
//	          version (package activation); files lint refuses are always
//	          refused
//	output  ─ Decision.WriteText and WriteJSON: what diff prints
//
// Refusals are *Refusal errors whose findings say why; a command exits 1
// for them. Nothing here uses the version store or the file system beyond
// CheckDir's and LoadRunning's reading of a folder, so the WebAssembly
// build links this package and leaves the store (and bbolt) out. Package
// approval holds the flow over the store (approve, activate, restore).
//
// docs/approvals.md describes the decision end to end.
package decision
