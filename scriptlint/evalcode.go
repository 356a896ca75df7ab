package scriptlint

import (
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/secrets"
)

// The code eval runs. eval of a literal is allowed (the seed's rule: the
// code is in the file for anyone to read), so the literal is linted as
// code, with every check: a literal that itself calls eval, builds a
// Function or reaches the page is refused like the same text outside it.
// Its findings are reported at the eval call. A direct eval runs in the
// module's scope, so the module's own bindings are not unknown globals
// there; and the code may assign any of them (bindings.go's directEval).

// maxEvalNesting bounds eval inside eval inside eval.
const maxEvalNesting = 4

// checkEvalCode lints code, the text of eval's literal argument, as the
// code it is, and reports what it finds at off.
func (sp *scriptPass) checkEvalCode(code string, off int) {
	if sp.evalNesting >= maxEvalNesting {
		sp.report(RuleEval, off, "eval of code that calls eval, %d levels deep: write the code itself", maxEvalNesting)
		return
	}
	inner := newScriptPass(sp.pass, sp.m, []byte(code))
	inner.evalNesting = sp.evalNesting + 1
	inner.outerNames = sp.declaredNames()
	inner.analyse()
	pos := sp.position(off)
	// The code is a string: a credential in it may be quoted by a message
	// as a name (eval("AKIA…") reads an unknown global), and messages are
	// printed unmasked.
	var redact []string
	for _, m := range secrets.Scan(code) {
		redact = append(redact, code[m.Start:m.End], m.Redacted())
	}
	masker := strings.NewReplacer(redact...)
	for _, f := range inner.findings {
		sp.findings = append(sp.findings, finding.Finding{Rule: f.Rule, Severity: f.Severity, File: ScriptFile, Start: pos,
			Message: "in the code eval runs: " + masker.Replace(f.Message)})
	}
	// What the code uses is used by the script.
	for perm := range inner.uses {
		if _, seen := sp.uses[perm]; !seen {
			sp.uses[perm] = off
		}
	}
	for host := range inner.fetchUse {
		if _, seen := sp.fetchUse[host]; !seen {
			sp.fetchUse[host] = off
		}
	}
	for host := range inner.observe {
		if _, seen := sp.observe[host]; !seen {
			sp.observe[host] = off
		}
	}
	for host := range inner.hostsSeen {
		sp.hostsSeen[host] = true
	}
	sp.rmxEscape = sp.rmxEscape || inner.rmxEscape || !inner.decided
}

// declaredNames are the names the module declares (and the names its own
// outer code saw declared, for eval inside eval).
func (sp *scriptPass) declaredNames() map[string]bool {
	out := map[string]bool{}
	for n := range sp.outerNames {
		out[n] = true
	}
	if sp.res != nil {
		for i := range sp.res.AST.Symbols {
			if s := &sp.res.AST.Symbols[i]; s.Kind != esb.SymbolUnbound {
				out[s.OriginalName] = true
			}
		}
	}
	return out
}
