package scriptlint

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/site"
)

// ScriptFile is the code's name in a stored remixlet.
const ScriptFile = "script.js"

// Analyzer checks script.js on esbuild's AST (see the package doc for what
// it refuses and why), and the manifest's permissions against what the
// code uses.
var Analyzer = &analysis.Analyzer{
	Name: "script",
	Doc:  "checks script.js: remote code, eval and its kin, script elements, HTML and addresses handed to the page, replaced globals, permissions, hard-coded secrets",
	File: ScriptFile,
	// The stylesheet guard's loads count as uses of fetch: hosts; a
	// remixlet without a stylesheet it could read has none.
	Requires:    []*analysis.Analyzer{manifest.Analyzer, cssguard.Analyzer},
	RunsWithout: []*analysis.Analyzer{cssguard.Analyzer},
	Run:         runScript,
}

// maxSyntaxFindings caps how many of esbuild's errors are reported one by
// one (the parse stops soon after: see esb.MaxErrors); the rest are summed
// up in the last finding.
const maxSyntaxFindings = esb.MaxErrors

func runScript(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf(manifest.Analyzer).(*manifest.Manifest)
	src, present := pass.Package.File(ScriptFile)
	sp := newScriptPass(pass, m, src)
	if present {
		sp.analyse()
		for _, f := range sp.findings {
			pass.Report(f)
		}
	} else if !scriptRefused(pass.Package) {
		sp.decided = true // no code: it uses nothing
	}
	if sp.decided {
		sp.reportPermissions()
	}
	return nil, nil
}

// scriptRefused reports a script.js the loader would not hand on (too
// large, not UTF-8, a link): nothing can be said about what it uses.
func scriptRefused(p *analysis.Package) bool {
	if p.Has(ScriptFile) {
		return true
	}
	for _, f := range p.Findings {
		if f.File == ScriptFile {
			return true
		}
	}
	return false
}

// analyse guards, parses and checks the script. It leaves sp.decided false
// when the code could not be read, so that nothing is concluded about
// which permissions it uses.
func (sp *scriptPass) analyse() {
	nest := esb.GuardNesting(sp.src, esb.MaxNesting)
	sp.nest = nest
	if nest.Exceeded {
		sp.report(RuleTooDeep, nest.Offset,
			"the code is nested more than %d levels deep here (brackets, operator chains, arrows, conditionals, statements inside statements): split it into named steps", esb.MaxNesting)
		return
	}
	sp.checkInvisible()
	res := esb.ParseModule(sp.src)
	if res.Panic != nil {
		sp.findings = append(sp.findings, finding.New(analysis.RuleNotAnalysed, ScriptFile, finding.Position{},
			"script.js could not be analysed: the parser failed (%v); please report this, and simplify the code around recent changes", res.Panic))
		return
	}
	var errs []esb.Message
	for _, msg := range res.Messages {
		if msg.Error {
			errs = append(errs, msg)
		}
	}
	// Any logged error refuses the file, not only a failed parse: esbuild
	// logs module-goal violations (with, <!--, var eval, legacy octal)
	// and carries on.
	if res.Stopped && len(errs) == 0 {
		sp.findings = append(sp.findings, finding.New(analysis.RuleNotAnalysed, ScriptFile, finding.Position{},
			"script.js draws more than %d warnings from the parser (the first: %s), so it was not analysed: fix them, then lint again", esb.MaxWarnings, syntaxText(res.Messages[0].Text)))
		return
	}
	for i, msg := range errs {
		if i == maxSyntaxFindings-1 && len(errs) > maxSyntaxFindings {
			more := fmt.Sprintf("%d more errors", len(errs)-i-1)
			if res.Stopped {
				more = "more errors: the parser stopped counting"
			}
			sp.report(RuleSyntax, msg.Offset, "%s (and %s): fix these first, then lint again", syntaxText(msg.Text), more)
			break
		}
		sp.report(RuleSyntax, msg.Offset, "%s", syntaxText(msg.Text))
	}
	if len(errs) > 0 || !res.OK {
		if len(errs) == 0 {
			sp.report(RuleSyntax, 0, "script.js does not parse as an ECMAScript module: fix the syntax")
		}
		return
	}
	sp.res = res
	sp.run()
	sp.checkPrologueSecrets()
	sp.checkCommentSecrets(nest.Comments)
	sp.checkReadable()
	sp.flushOverflow()
	if sp.unknownNode != "" {
		sp.findings = []finding.Finding{finding.New(analysis.RuleNotAnalysed, ScriptFile, finding.Position{},
			"script.js uses syntax this checker does not know (%s), so it was not checked: please report this", sp.unknownNode)}
		return
	}
	sp.decided = true
}

// checkPrologueSecrets scans the module's directive prologue, which
// esbuild keeps apart from the statements and without positions: a string
// there is in the file like any other. A directive is found in the text by
// its value; one written with escapes is reported at the file's start.
func (sp *scriptPass) checkPrologueSecrets() {
	for _, d := range sp.res.AST.Directives {
		lit := 0
		if i := strings.Index(sp.src, d); i > 0 && (sp.src[i-1] == '"' || sp.src[i-1] == '\'') {
			lit = i - 1
		}
		sp.checkSecretString(&esb.EString{Value: utf16.Encode([]rune(d))}, lit)
	}
}

// syntaxText turns esbuild's wording into a message that says what to do.
func syntaxText(text string) string {
	text = strings.TrimSuffix(text, ".")
	switch {
	case strings.Contains(text, "ECMAScript module"):
		return text + ": script.js runs as a module (strict mode); rewrite it without this"
	case strings.HasPrefix(text, "Expected") || strings.HasPrefix(text, "Unexpected"):
		return text + ": fix the syntax"
	}
	return text
}

// scriptPass is one run of the script analyzer over one file.
type scriptPass struct {
	// liveGuards are the guarded regions (deadcode.go's start sites) the
	// site checkSites is checking is in, outermost first.
	liveGuards []*checkSite
	pass       *analysis.Pass
	m          *manifest.Manifest
	src        string
	srcBytes   []byte
	lines      *finding.Lines // built on the first finding: most files have few
	res        *esb.Result
	nest       esb.Nesting // the guard's reading, whose literals the checks reuse

	findings []finding.Finding
	reported map[reportKey]bool
	perRule  map[*finding.Rule]int
	overflow []overflowNote
	// unknownNode names a node kind the visitor has no case for (a newer
	// esbuild); the file is then refused as not analysed.
	unknownNode string
	decided     bool // the code was read; its permission use is known

	collecting  bool        // the walk records what bindings hold (run sets it for the walk)
	sites       []checkSite // what the checks look at, in the order they take them (sites.go)
	siteTargets []siteTarget
	useFrom     int32 // the walk: the member read whose key decides useOfIndex
	// calleeUse: the walk's use of the call whose callee it is in;
	// indexCallUse, that use for the computed reads called (targetUse).
	calleeUse       use
	indexCallUse    map[*esb.EIndex]use
	infos           []symInfo     // by index in esbuild's symbol table
	infoAt          []*symInfo    // by a reference's index: its symbol's (merged symbols followed), nil for none
	sourceBlock     []valueSource // where bindings' first values are kept (addSource)
	inBundlerHelper bool          // checking one of esbuild's own helpers (bundlerhelpers.go)
	fnStack         []fnFrame     // collecting: the enclosing non-arrow functions and class bodies
	usesThis        map[*esb.Fn]bool
	valueFlow       // the abstract interpretation's state (bindings.go, transfer.go)
	methodState     // methods called by name (methods.go)
	// In the code a literal eval runs (evalcode.go): how deep, and the
	// names the module around it declares.
	evalNesting int
	outerNames  map[string]bool

	// heldParams: what local functions' parameters are given
	// (sinkvalues.go), built on first use.
	heldParams map[*symInfo]*heldParam
	aliased    map[*symInfo]bool // bindings whose value is also held elsewhere (sinkvalues.go)
	// elementsHeld: bindings whose elements a loop's head holds (sinkvalues.go).
	elementsHeld map[*symInfo]bool

	uses      map[string]int // permission kind (sandboxapi's) → offset of the first use of an API needing it
	fetchUse  map[string]int // fetch host → offset of first use; "" for unknown hosts
	observe   map[string]int // network:observe host → offset; "" for unknown
	rmxEscape bool           // rmx passed where the check cannot follow it
	// reachesAPI: a member of dom or rmx is read somewhere; without one
	// there is no page read and no sink (pageflow.go).
	reachesAPI bool
	hostsSeen  map[string]bool
	labels     map[*esb.EString]string // strings written under a name (secrets)
	advice     map[string]string       // what to use instead of an unknown global, by name
}

type reportKey struct {
	rule *finding.Rule
	off  int
}

func newScriptPass(pass *analysis.Pass, m *manifest.Manifest, src []byte) *scriptPass {
	return &scriptPass{
		pass: pass, m: m, src: string(src), srcBytes: src,
		reported:  map[reportKey]bool{},
		uses:      map[string]int{},
		fetchUse:  map[string]int{},
		observe:   map[string]int{},
		hostsSeen: map[string]bool{},
		labels:    map[*esb.EString]string{},
	}
}

// position turns a byte offset into a line and column.
func (sp *scriptPass) position(off int) finding.Position {
	if sp.lines == nil {
		sp.lines = finding.NewLines(sp.srcBytes)
	}
	return sp.lines.Position(off)
}

// maxPerRule caps the findings of one rule in one file: past it, one more
// finding says how many were left out (minified libraries can hold
// thousands, and the first ones are enough to act on).
const maxPerRule = 100

// report records a finding at a byte offset, once per rule and place.
func (sp *scriptPass) report(rule *finding.Rule, off int, format string, args ...any) {
	k := reportKey{rule, off}
	if sp.reported[k] || !sp.admit(rule, off) {
		return
	}
	sp.reported[k] = true
	sp.findings = append(sp.findings, finding.New(rule, ScriptFile, sp.position(off), format, args...))
}

// admit counts a finding of rule and reports whether it is within the cap.
func (sp *scriptPass) admit(rule *finding.Rule, off int) bool {
	if sp.perRule == nil {
		sp.perRule = map[*finding.Rule]int{}
	}
	n := sp.perRule[rule]
	sp.perRule[rule] = n + 1
	if n < maxPerRule {
		return true
	}
	if n == maxPerRule {
		sp.overflow = append(sp.overflow, overflowNote{rule, off})
	}
	return false
}

// pastCap reports a rule whose findings passed the cap in this file (the
// overflow notes list exactly those).
func (sp *scriptPass) pastCap(rule *finding.Rule) bool {
	for _, o := range sp.overflow {
		if o.rule == rule {
			return true
		}
	}
	return false
}

type overflowNote struct {
	rule *finding.Rule
	off  int
}

// flushOverflow adds one finding per capped rule saying how many more
// there were.
func (sp *scriptPass) flushOverflow() {
	for _, o := range sp.overflow {
		sp.findings = append(sp.findings, finding.New(o.rule, ScriptFile, sp.position(o.off),
			"and more findings like the ones above from here on, not listed one by one (past %d, the check stops looking): fix those first, then lint again", maxPerRule))
	}
	sp.overflow = nil
}

// reportSpan is report with an end (none when end < 0), for findings
// whose text the outputs must not print (a secret).
func (sp *scriptPass) reportSpan(rule *finding.Rule, start, end int, format string, args ...any) {
	k := reportKey{rule, start}
	if sp.reported[k] || !sp.admit(rule, start) {
		return
	}
	sp.reported[k] = true
	f := finding.New(rule, ScriptFile, sp.position(start), format, args...)
	if end >= 0 {
		f = f.WithEnd(sp.position(end))
	}
	sp.findings = append(sp.findings, f)
}

// run walks the tree once, recording what bindings hold and the sites
// the checks look at, then checks the sites and the import records.
func (sp *scriptPass) run() {
	sp.collect()
	sites := sp.sites
	sp.checkSites()
	sp.importRecords()
	sp.checkPageFlows(sites)
}

// collect is run's walk: what bindings hold, and the sites. When the
// methods it took as called only by name turn out not to be (methods.go),
// everything the walk and the solver worked out is thrown away and made
// again with the names that held, so that no answer given under the
// first guess is kept.
func (sp *scriptPass) collect() {
	// What was reported before the walk (the text's own checks), which a
	// walk made again starts from.
	findings, overflow := len(sp.findings), len(sp.overflow)
	reported, perRule := maps.Clone(sp.reported), maps.Clone(sp.perRule)
	for attempt := 0; ; attempt++ {
		sp.collectOnce()
		if sp.methodsHeld || attempt == maxMethodGuesses {
			return
		}
		fresh := newScriptPass(sp.pass, sp.m, sp.srcBytes)
		fresh.res, fresh.nest, fresh.lines = sp.res, sp.nest, sp.lines
		fresh.evalNesting, fresh.outerNames = sp.evalNesting, sp.outerNames
		fresh.findings, fresh.overflow = slices.Clone(sp.findings[:findings]), slices.Clone(sp.overflow[:overflow])
		fresh.reported, fresh.perRule = maps.Clone(reported), maps.Clone(perRule)
		fresh.methodGuess = sp.closedMethods
		if attempt+1 == maxMethodGuesses {
			fresh.methodGuess = map[string]bool{} // (the last walk follows none)
		}
		*sp = *fresh
	}
}

func (sp *scriptPass) collectOnce() {
	tree := sp.res.AST
	sp.indexSymbols()
	// Real code leaves three to seven sites per symbol, the local names
	// reach.go may refuse among them (room for eight spares the copies of
	// growing), and a pattern or declaration for about every symbol.
	sp.sites = make([]checkSite, 0, 8*len(tree.Symbols)+16)
	sp.argSites = make([]argSite, 0, len(tree.Symbols)/2+16)
	sp.localCalls = make([]*esb.ECall, 0, len(tree.Symbols)/4+16)
	sp.siteTargets = make([]siteTarget, 0, len(tree.Symbols)+16)
	sp.collecting = true
	for _, part := range tree.Parts {
		for _, st := range part.Stmts {
			if local, ok := st.Data.(*esb.SLocal); ok && sp.isBundlerHelper(local) {
				sp.noteBundlerHelper(local)
				sp.addSite(checkSite{kind: siteHelperStart})
				sp.walkingHelper = sp.res.Symbol(local.Decls[0].Binding.Data.(*esb.BIdentifier).Ref).OriginalName
				sp.stmt(st)
				sp.walkingHelper = ""
				sp.addSite(checkSite{kind: siteHelperEnd})
				continue
			}
			if local, ok := st.Data.(*esb.SLocal); ok && sp.noteInteropAlias(local) {
				sp.walkingAlias = true
				sp.stmt(st)
				sp.walkingAlias = false
				continue
			}
			sp.stmt(st)
		}
	}
	sp.fnStack = nil
	sp.collecting = false
	sp.checkHelperUses() // (it may open every member: before anything is decided)
	sp.openDefinedAccessors()
	// The writes by name are sorted first, and what was solved while they
	// were (the kinds of keys, asked with every member read as anything and
	// no member maker trusted) is solved again, as are the prototype
	// decisions made meanwhile; then those decisions are made for good.
	sp.indexFields()
	sp.forgetSolved()
	sp.protoSetsChecked, sp.ownProtoChecked = false, false
	sp.decidePrototypes() // (before anything else asks)
	sp.resolveKeyLists()
	sp.decideMethods()
}

// importRecords refuses every import: static imports and re-exports, and
// import() of a literal (which esbuild turns into a record).
func (sp *scriptPass) importRecords() {
	for _, rec := range sp.res.AST.ImportRecords {
		off := int(rec.Range.Loc.Start)
		path := rec.Path.Text
		switch rec.Kind {
		case esb.ImportDynamic:
			sp.reportDynamicImport(off, path)
		case esb.ImportRequire, esb.ImportRequireResolve:
			sp.report(RuleRemoteCode, off, "require(%q) loads a module at run time: there are none in a remixlet; bundle the code into script.js with `remixlet build`", path)
		default:
			sp.report(RuleRemoteCode, off, "importing %q: the stored form has no modules to import%s; bundle the code into script.js with `remixlet build`", path, remoteNote(path))
		}
	}
}

// reportDynamicImport refuses import() of an address the check knows,
// written as a literal or folded from constants.
func (sp *scriptPass) reportDynamicImport(off int, path string) {
	sp.report(RuleRemoteCode, off, "import(%q) loads code at run time%s: the sandbox blocks it; bundle the code into script.js with `remixlet build`", path, remoteNote(path))
}

func remoteNote(path string) string {
	if isRemoteAddress(path) {
		return " from another host, code nobody reviewed"
	}
	return ""
}

// isRemoteAddress reports an address that reaches the network: an absolute
// http(s) address or a scheme-relative one, read as a browser reads it
// (site.Clean: leading control characters and spaces, tabs and newlines
// do not count).
func isRemoteAddress(s string) bool {
	t := strings.ToLower(site.Clean(s))
	return strings.HasPrefix(t, "http:") || strings.HasPrefix(t, "https:") || site.IsSchemeRelative(t)
}

// reportPermissions compares the permissions the manifest declares with
// what the code uses: a service used without its permission is an error;
// a permission nothing uses is a warning.
func (sp *scriptPass) reportPermissions() {
	for _, ap := range apiPermissions {
		off, used := sp.uses[ap.kind]
		perm, svc := ap.kind, ap.api
		if !used {
			continue
		}
		switch perm {
		case manifest.Fetch:
			if len(sp.m.Hosts(manifest.Fetch)) == 0 {
				sp.reportNow(RuleMissingPermission, off, "rmx.fetch needs a fetch:HOST permission for each host it calls, and the manifest has none: add %s and ask the user", permissionsToAdd(manifest.Fetch, sp.fetchUse))
			}
		case manifest.NetworkObserve:
			if len(sp.m.Hosts(manifest.NetworkObserve)) == 0 {
				sp.reportNow(RuleMissingPermission, off, "rmx.network.observe needs a network:observe:HOST permission for each host it reads, and the manifest has none: add %s and ask the user", permissionsToAdd(manifest.NetworkObserve, sp.observe))
			}
		default:
			if !sp.m.Has(perm) {
				sp.reportNow(RuleMissingPermission, off, "%s needs the %s permission: add {\"permission\": %q, \"reason\": \"…\"} to manifest.json and ask the user", svc, perm, perm)
			}
		}
	}
	styleHosts := sp.stylesheetHosts()
	for _, p := range sp.m.Permissions {
		if sp.permissionUsed(p, styleHosts) {
			continue
		}
		var why string
		switch p.Kind {
		case manifest.Fetch:
			why = fmt.Sprintf("no rmx.fetch call, address or stylesheet load reaches %s", p.Host)
		case manifest.NetworkObserve:
			why = fmt.Sprintf("no rmx.network.observe call reads %s", p.Host)
		default:
			why = "no code uses " + apiOf(p.Kind)
		}
		sp.pass.Report(finding.New(RuleUnusedPermission, manifest.FileName, p.Pos,
			"%q is declared but %s: remove it (least privilege: a remixlet holds only the permissions it uses)", p.Name, why))
	}
}

// permissionsToAdd words the permissions a manifest needs for the hosts
// the calls reach (host → offset, "" for a host the check could not
// read): one entry per host read, sorted, or a HOST to fill in when no
// host could be read.
func permissionsToAdd(kind string, used map[string]int) string {
	var hosts []string
	for h := range used {
		if h != "" {
			hosts = append(hosts, h)
		}
	}
	if len(hosts) == 0 {
		return fmt.Sprintf("{\"permission\": \"%s:HOST\", \"reason\": \"…\"} for the host the call reaches", kind)
	}
	slices.Sort(hosts)
	entries := make([]string, len(hosts))
	for i, h := range hosts {
		entries[i] = fmt.Sprintf("{\"permission\": \"%s:%s\", \"reason\": \"…\"}", kind, h)
	}
	return strings.Join(entries, ", ")
}

// reportNow reports a finding outside the walk (after findings were flushed).
func (sp *scriptPass) reportNow(rule *finding.Rule, off int, format string, args ...any) {
	sp.pass.Report(finding.New(rule, ScriptFile, sp.position(off), format, args...))
}

// stylesheetHosts are the hosts style.css loads from, as the stylesheet
// guard read them (none when there is no stylesheet it could read).
func (sp *scriptPass) stylesheetHosts() map[string]bool {
	res, _ := sp.pass.ResultOf(cssguard.Analyzer).(*cssguard.Result)
	if res == nil {
		return nil
	}
	hosts := map[string]bool{}
	for _, l := range res.Loads {
		if l.Host != "" {
			hosts[l.Host] = true
		}
	}
	return hosts
}

func (sp *scriptPass) permissionUsed(p manifest.Permission, styleHosts map[string]bool) bool {
	switch p.Kind {
	case manifest.NetRules:
		return true // rules.json uses it; the manifest analyzer checks that
	case manifest.Fetch:
		if sp.rmxEscape || sp.hostsSeen[p.Host] || styleHosts[p.Host] {
			return true
		}
		if _, ok := sp.fetchUse[""]; ok {
			return true
		}
		_, ok := sp.fetchUse[p.Host]
		return ok
	case manifest.NetworkObserve:
		if sp.rmxEscape {
			return true
		}
		if _, ok := sp.observe[""]; ok {
			return true
		}
		_, ok := sp.observe[p.Host]
		return ok
	}
	if sp.rmxEscape {
		return true
	}
	_, ok := sp.uses[p.Kind]
	return ok
}

// apiPermissions lists each permission kind the API table names, in the
// table's order, with the API it guards ("rmx.storage"): the first member
// that needs it. The member-to-permission mapping is sandboxapi's.
var apiPermissions = func() (out []apiPermission) {
	seen := map[string]bool{}
	for _, m := range sandboxapi.Members() {
		if m.Permission != "" && !seen[m.Permission] {
			seen[m.Permission] = true
			out = append(out, apiPermission{kind: m.Permission, api: m.Path})
		}
	}
	return out
}()

type apiPermission struct {
	kind string // manifest.Storage, …
	api  string // "rmx.storage"
}

func apiOf(kind string) string {
	for _, p := range apiPermissions {
		if p.kind == kind {
			return p.api
		}
	}
	return kind
}
