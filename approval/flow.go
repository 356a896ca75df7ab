package approval

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/store"
)

// Flow runs the approval flow over one version store.
type Flow struct {
	Store *store.Store
}

// Request is what approve decides on: a folder, the remixlet it is for,
// and what the person allowed in the chat.
type Request struct {
	Dir      string
	ID       string
	Allowed  []string
	ChatSite string
}

// StoreDecision is a decision made against the version that runs now.
type StoreDecision struct {
	*decision.Decision
	ID      string
	Current *store.Version // nil for a new remixlet
}

// Decide checks the folder and decides against the remixlet's running
// version.
func (f *Flow) Decide(req Request) (*StoreDecision, error) {
	if err := store.CheckID(req.ID); err != nil {
		return nil, err
	}
	c, err := decision.CheckDir(req.Dir)
	if err != nil {
		return nil, err
	}
	cur, err := f.Store.Current(req.ID)
	if err != nil {
		return nil, err
	}
	p := decision.Proposal{New: c, Allowed: req.Allowed, ChatSite: req.ChatSite}
	if cur != nil {
		p.Running = &activation.Version{Label: fmt.Sprintf("version %d of %s", cur.Number, req.ID), Digest: cur.Digest, Files: cur.Files}
	}
	d, err := decision.Decide(p)
	if err != nil {
		return nil, err
	}
	return &StoreDecision{Decision: d, ID: req.ID, Current: cur}, nil
}

// Approved is a recorded approval and the token that uses it, which is
// shown once and never stored.
type Approved struct {
	Token  string
	Record *store.Approval
}

// Approve records an approval for a decision: at once when the files
// activate without a question, after confirmed when a dialog asks first,
// never when they are refused. A refusal is a *Refusal.
func (f *Flow) Approve(d *StoreDecision, confirmed bool) (*Approved, error) {
	switch d.Outcome() {
	case activation.Refuse:
		return nil, d.Refusal()
	case activation.Ask:
		if !confirmed {
			return nil, decision.Refuse(RuleNotConfirmed, "the dialog was not confirmed, so nothing was approved: read it, then approve again with --yes if the person allows it")
		}
	}
	token, a, err := f.Store.Approve(store.ApproveRequest{Remixlet: d.ID, Digest: d.New.Digest, Permissions: d.Activation.Permissions, Running: d.Current})
	if errors.Is(err, store.ErrRunningChanged) {
		return nil, decision.Refuse(store.RuleRunningChanged, "%v", err)
	}
	if err != nil {
		return nil, err
	}
	return &Approved{Token: token, Record: a}, nil
}

// Activate checks the folder again and activates it with an approval;
// id, when given, is the remixlet the caller means. A refusal is a
// *Refusal that lists today's findings first.
func (f *Flow) Activate(dir, token, id string) (*store.Version, error) {
	if id != "" {
		if err := store.CheckID(id); err != nil {
			return nil, err
		}
	}
	c, err := decision.CheckDir(dir)
	if err != nil {
		return nil, err
	}
	req := store.ActivateRequest{Token: token, Remixlet: id, Digest: c.Digest, Files: c.Result.Package.Files, Permissions: c.Permissions()}
	if len(c.Errors) > 0 {
		r := finding.New(decision.RuleRefused, "", finding.Position{}, "the files do not pass today's checks (%s, first: %s): fix them, then approve again", decision.CountErrors(len(c.Errors)), c.Errors[0])
		req.Refused = &r
	}
	v, err := f.Store.Activate(req)
	var refused *store.Refusal
	if errors.As(err, &refused) {
		r := &decision.Refusal{}
		if req.Refused != nil {
			r.Findings = append(r.Findings, c.Errors...)
		}
		r.Findings = append(r.Findings, refused.Finding)
		// A refusal recorded (the approval used up), then a disk error
		// after it: both are said.
		var after *store.AfterChangeError
		if errors.As(err, &after) {
			return nil, errors.Join(r, after)
		}
		return nil, r
	}
	return v, err
}

// ErrNoRemixlet is returned for a remixlet the store does not hold.
type ErrNoRemixlet struct {
	Store string
	ID    string
	// NoStore is set when the folder holds no store at all.
	NoStore bool
}

func (e *ErrNoRemixlet) Error() string {
	if e.NoStore {
		return fmt.Sprintf("there is no store in %s (nothing was approved there yet), so no remixlet %q: check --store or $REMIXLET_STORE", safetext.Clean(e.Store), e.ID)
	}
	return fmt.Sprintf("the store %s has no remixlet %q: `remixlet list` shows the ones it has", safetext.Clean(e.Store), e.ID)
}

func (f *Flow) noRemixlet(id string) error {
	exists, err := f.Store.Exists()
	if err != nil {
		return err
	}
	return &ErrNoRemixlet{Store: f.Store.Dir, ID: id, NoStore: !exists}
}

// Version returns version n of a remixlet, or the running one for n == 0.
func (f *Flow) Version(id string, n int) (*store.Version, error) {
	if err := store.CheckID(id); err != nil {
		return nil, err
	}
	if n == 0 {
		v, err := f.Store.Current(id)
		if err == nil && v == nil {
			err = f.noRemixlet(id)
		}
		return v, err
	}
	v, err := f.Store.Version(id, n)
	if errors.Is(err, store.ErrNoVersion) {
		if cur, cerr := f.Store.Current(id); cerr != nil || cur == nil {
			return nil, f.noRemixlet(id)
		}
		return nil, fmt.Errorf("the store %s has no version %d of %s: `remixlet history %s` lists its versions", safetext.Clean(f.Store.Dir), n, id, id)
	}
	return v, err
}

// Export writes version n (0: the running one) into the folder out, which
// must not exist or be empty.
func (f *Flow) Export(id string, n int, out string) (*store.Version, error) {
	v, err := f.Version(id, n)
	if err != nil {
		return nil, err
	}
	return v, WriteFiles(v, out)
}

// WriteFiles writes a version's files into dir, which must not exist or be
// empty. No file is overwritten.
func WriteFiles(v *store.Version, dir string) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		switch {
		case errors.Is(err, os.ErrNotExist):
			parent := filepath.Dir(dir)
			if info, err := os.Stat(parent); err == nil && info.IsDir() {
				// /proc/self/x: the folder is there and takes no new ones.
				return fmt.Errorf("cannot create the folder %s: the system does not allow new folders in %s; export into a folder on a disk", safetext.Clean(dir), safetext.Clean(parent))
			}
			return fmt.Errorf("cannot create the folder %s: %s does not exist; create it first, or export elsewhere", safetext.Clean(dir), safetext.Clean(parent))
		case errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("cannot create the folder %s: a part of the path is a file, not a folder", safetext.Clean(dir))
		case errors.Is(err, os.ErrPermission):
			return fmt.Errorf("cannot create the folder %s: permission denied", safetext.Clean(dir))
		case !errors.Is(err, os.ErrExist):
			return fmt.Errorf("cannot create the folder %s: %s", safetext.Clean(dir), plain(err))
		}
		if info, err := os.Stat(dir); err == nil && !info.IsDir() {
			return fmt.Errorf("%s is a file, not a folder: export into a new folder", safetext.Clean(dir))
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("%s exists and %s", safetext.Clean(dir), plainerr.Reason(err))
		}
		if len(entries) > 0 {
			return fmt.Errorf("%s is not empty: export into a new folder", safetext.Clean(dir))
		}
	}
	for _, file := range v.Files {
		out, err := os.OpenFile(filepath.Join(dir, file.Name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return fmt.Errorf("cannot write %s: %s", safetext.Clean(filepath.Join(dir, file.Name)), plain(err))
		}
		_, err = out.Write(file.Data)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("cannot write %s: %s", safetext.Clean(filepath.Join(dir, file.Name)), plain(err))
		}
	}
	return nil
}

// plain keeps the system's words of a file error and drops Go's wrapping.
func plain(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

// RestorePlan is a stored version checked again with today's analyzers,
// ready to be restored once the person confirms.
type RestorePlan struct {
	Version *store.Version
	Checked *decision.Checked
}

// PlanRestore reads version n of a remixlet and checks its files again,
// with the loader's checks for a folder and every analyzer, in memory
// (analysis.LoadFiles): nothing of the remixlet is written anywhere, so
// a restore stopped at any point leaves none of its bytes outside the
// store. Files today's checks refuse cannot be restored: that is a
// *Refusal with the findings.
func (f *Flow) PlanRestore(id string, n int) (*RestorePlan, error) {
	v, err := f.Version(id, n)
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("version %d of %s", v.Number, v.Remixlet)
	files := make(map[string][]byte, len(v.Files))
	for _, file := range v.Files {
		files[file.Name] = file.Data
	}
	c, err := decision.Check(label, analysis.LoadFiles(label, files))
	if err != nil {
		return nil, err
	}
	p := &RestorePlan{Version: v, Checked: c}
	if len(c.Errors) > 0 {
		r := &decision.Refusal{Findings: append([]finding.Finding{}, c.Errors...)}
		r.Findings = append(r.Findings, finding.New(decision.RuleRefused, "", finding.Position{}, "version %d of %s does not pass today's checks (%s above): it cannot be restored; approve and activate a fixed version instead", v.Number, v.Remixlet, decision.CountErrors(len(c.Errors))))
		return p, r
	}
	return p, nil
}

// Restore stores the planned version again as the newest, once confirmed.
func (f *Flow) Restore(p *RestorePlan, confirmed bool) (*store.Version, error) {
	if !confirmed {
		return nil, decision.Refuse(RuleNotConfirmed, "nothing was restored: read the permissions above, then run again with --yes if the person allows them")
	}
	v, err := f.Store.Restore(p.Version.Remixlet, p.Version.Number, p.Checked.Digest)
	if errors.Is(err, store.ErrNoVersion) {
		return nil, fmt.Errorf("version %d of %s is gone: the remixlet was deleted meanwhile", p.Version.Number, p.Version.Remixlet)
	}
	return v, err
}

// Delete removes a remixlet, once confirmed, and returns how many versions
// went with it.
func (f *Flow) Delete(id string, confirmed bool) (int, error) {
	if !confirmed {
		return 0, decision.Refuse(RuleNotConfirmed, "nothing was deleted: read what goes above, then run again with --yes if the person wants it gone")
	}
	n, err := f.Store.Delete(id)
	if err == nil && n == 0 {
		err = f.noRemixlet(id)
	}
	return n, err
}

// Summary is one stored remixlet as `remixlet list` shows it.
type Summary struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Running     int       `json:"running"`
	Versions    int       `json:"versions"`
	Time        time.Time `json:"time"`
	Digest      string    `json:"digest"`
	Sites       []string  `json:"sites"`
	Permissions []string  `json:"permissions"`
}

// List summarises every stored remixlet by its running version.
func (f *Flow) List() ([]Summary, error) {
	rs, err := f.Store.List()
	if err != nil {
		return nil, err
	}
	out := []Summary{}
	for _, r := range rs {
		s := Summary{ID: r.ID, Running: r.Running.Number, Versions: r.Versions, Time: r.Running.Time.UTC(), Digest: r.Running.Digest, Sites: []string{}, Permissions: []string{}}
		if m := store.Manifest(r.Running); m != nil {
			s.Name, s.Sites, s.Permissions = m.Name, m.MatchPatterns(), m.PermissionNames()
		}
		out = append(out, s)
	}
	return out, nil
}

// Entry is one version in a remixlet's history.
type Entry struct {
	Version      int                 `json:"version"`
	Time         time.Time           `json:"time"`
	Digest       string              `json:"digest"`
	RestoredFrom int                 `json:"restoredFrom,omitempty"`
	Running      bool                `json:"running"`
	Permissions  []string            `json:"permissions"`
	Matches      []string            `json:"matches"`
	Changes      *activation.Changes `json:"changes"`
}

// History lists every stored version of a remixlet, oldest first, each
// with what it changed from the one before.
func (f *Flow) History(id string) ([]Entry, error) {
	if err := store.CheckID(id); err != nil {
		return nil, err
	}
	versions, err := f.Store.History(id)
	if err != nil {
		return nil, err
	}
	if len(versions) == 0 {
		return nil, f.noRemixlet(id)
	}
	var entries []Entry
	var prev *activation.Version
	for i, v := range versions {
		cur := &activation.Version{Label: fmt.Sprintf("version %d of %s", v.Number, v.Remixlet), Digest: v.Digest, Files: v.Files}
		changes, err := activation.Compare(prev, cur)
		if err != nil {
			return nil, err
		}
		e := Entry{
			Version: v.Number, Time: v.Time.UTC(), Digest: v.Digest, RestoredFrom: v.RestoredFrom,
			Running: i == len(versions)-1, Changes: changes, Permissions: []string{}, Matches: []string{},
		}
		if m := store.Manifest(v); m != nil {
			e.Permissions, e.Matches = m.PermissionNames(), m.MatchPatterns()
		}
		entries = append(entries, e)
		prev = cur
	}
	return entries, nil
}
