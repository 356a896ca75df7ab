// Package store is the version store: every remixlet's versions and the
// approvals that activate them. Activation is the only way files reach it;
// a stored manifest is the record of what was approved. docs/approvals.md
// describes the whole flow; this is the store's part.
//
// # One bbolt database
//
// The store is one bbolt database (go.etcd.io/bbolt), store.db, in the
// store folder, and beside it a commit record, store.commit. Activation
// must use up the approval and store the version in one atomic step, and
// exactly one of any number of concurrent activations with one approval
// may succeed. A bbolt read-write transaction is that step: the file is
// locked (flock) by one writer at a time, and a commit happens whole or
// not at all (copy-on-write pages, then one of two checksummed header
// pages, each synced), so a process killed at any point leaves the last
// committed state. Every command opens the database, runs one transaction
// and closes it; a process that finds it locked waits at most
// Options.Timeout.
//
// # Creation and replacement are atomic
//
// store.db only ever appears whole. The first approval builds a complete
// store holding it in a temporary file in the same folder
// (store.db.tmp-…), syncs it, links it into place (a link fails when
// another process got there first, so two first approvals cannot both
// create: the second then records its approval in the first one's store)
// and syncs the folder; a creation that fails after the link takes the
// file back, so it changes nothing. Delete rewrites the database the same
// way, compactly, so none of the deleted remixlet's bytes stay behind in
// free pages, and renames the new file over the old one while holding the
// old one's lock. Every process checks, once it holds the lock, that the
// file it locked is still the one named store.db, and starts again if
// not. Every temporary file is locked by the process that makes it from
// the moment it exists; the next command removes those nobody holds.
// Links inside the store folder are refused (the folder itself may be a
// link).
//
// # Damage is never silent
//
// A store.db that exists is a store or damage: since creation is atomic,
// an empty file, one cut short, or one of zeros can only be damage, and no
// command replaces it. Before bbolt reads a byte, checkPages walks the
// file's page structure (both headers, the freelist, every branch and
// leaf, inline buckets) with bounds checks and without recursion, so a
// damaged file is reported and never makes bbolt loop, crash or read a
// record from the wrong place. The file is read through a memory map, as
// bbolt reads it, so only the pages the structure names are read; a file
// over MaxSize is refused before anything is read. Then every command
// reads every record and checks it:
//   - each record is stored as the SHA-256 of its place and canonical
//     JSON, then the JSON; a record that does not match, or is moved, is
//     damage;
//   - each version names the checksum of the version before it, a chain
//     that shows a dropped or reordered version, and versions are numbered
//     1, 2, 3 … without gaps; its files must be exactly those it lists,
//     with its digest;
//   - an index record numbers the store's changes (1, 2, 3 …) and holds
//     the number of approvals and a checksum over them all, and each
//     remixlet's version count and newest checksum, so a record that
//     disappears or comes back from an older state is seen;
//   - the records are cross-checked both ways: every version made by an
//     approval names an approval used for that version, every used
//     approval names a version that holds it, every restored version has
//     the digest of the version it came from, and every approval decided
//     against a running version names one that exists with that digest.
//
// Any mismatch is a DamagedError that says what was found and what to do;
// nothing is read from a damaged store as valid, and a damaged approval is
// reported as damage, never used up.
//
// # A lost change is seen
//
// The checks above hold for any state the store was ever in, so a
// store.db that went back to an earlier state would pass them: a disk that
// did not keep the newest header page (the older valid one then counts),
// a write the disk lost, or an older copy of the file put back by
// accident. The commit record names the last change (its number and the
// checksum of the index it wrote) outside the database; it is written to a
// temporary file and synced before the commit, renamed into place after
// it, and compared at every open. A store.db older than its record is
// damage ("the last change was lost"); one at the record's change with
// other contents, or more than one change ahead of it, is damage too. One
// change ahead is what a process stopped between the commit and the
// rename leaves, so it is accepted, and the next write brings the record
// up to date before its own change, so the record is never two behind. A
// missing record is accepted and written by the next change (a backup put
// into a new folder has none); removing it is how an older store.db put
// back on purpose is accepted. A store created where a record remains (the
// old store.db moved aside) numbers its changes after it, so the old file
// put back is seen as older.
//
// The record defends against accidents, not against a person: someone who
// can write the store folder can rewrite store.db and its record together,
// or remove the record. That is why the store refuses a folder, store.db
// or record that another user owns or that its group or other users can
// write (as OpenSSH's StrictModes does), naming the chmod or chown that
// fixes it; it never changes a mode itself, and what it creates is 0700
// and 0600.
//
// # Failures say what is true
//
// A write that fails before its commit is a CannotWriteError ("nothing
// was changed"), with the reason in a person's words; commands that only
// read still work. An error after the commit point (syncing the header
// bbolt just wrote, renaming the record into place, syncing the folder
// after a rename) is an AfterChangeError: the change was made, and the
// error says whether it is known to be kept. When bbolt's commit fails,
// the header pages are read back to tell which of the two is true, never
// guessed.
//
// # Fault figures
//
// The fault suite in this package (fault_test.go, syscall_test.go,
// damage_test.go, namespace_test.go, run by go test and CI) flips bytes of
// a store and of its commit record and runs 19 commands against each copy;
// kills each write (creation, approve, activate, restore, delete, and a
// write after a stopped one) before each system call that creates,
// writes, syncs, links, renames or removes, and makes each system call of
// those writes fail with an I/O error, by strace's fault injection, and
// checks each answer against the store; cuts store.db to every length
// below a page, zeroes each page it reads, rolls back its newest header,
// puts older copies back, gives it 20 GiB of sparse tail, and loosens its
// modes; runs creation, approvals, activations and deletes on small and
// full tmpfs mounts and a read-only one; and runs concurrent first
// approvals, deletes and activations. docs/approvals.md keeps the figures
// of the last large run.
//
// Tokens are 128 random bits, printed once; the store keeps only their
// SHA-256, so reading the store does not reveal a usable token.
package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/internal/safetext"
)

// FileName is the database's name in the store folder.
const FileName = "store.db"

// tempPrefix starts the name of every temporary file the store makes in
// its folder.
const tempPrefix = FileName + ".tmp-"

// DefaultTimeout is how long an operation waits for another process that
// holds the store's lock.
const DefaultTimeout = 30 * time.Second

const format = "remixlet store 3"

var (
	bucketMeta      = []byte("meta")
	bucketApprovals = []byte("approvals")
	bucketRemixlets = []byte("remixlets")
	keyFormat       = []byte("format")
	keyIndex        = []byte("index")
	keyRecord       = []byte("record")
)

// Options configure a store.
type Options struct {
	// Timeout bounds the wait for another process's lock (DefaultTimeout
	// when zero).
	Timeout time.Duration
	// Now is the clock (time.Now when nil); tests inject one.
	Now func() time.Time
	// Origin says where the folder's name came from when it was not
	// given ("$HOME (/home/u)"), for a message that cannot create it.
	Origin string
}

// Store is a version store in one folder.
type Store struct {
	Dir     string
	timeout time.Duration
	now     func() time.Time
	origin  string
}

// DefaultDir is where the store lives when no --store is given:
// $REMIXLET_STORE, else $XDG_STATE_HOME/remixlet, else
// ~/.local/state/remixlet. A relative XDG_STATE_HOME is ignored, as the
// XDG Base Directory specification says.
func DefaultDir() (string, error) {
	dir, _, err := DefaultDirOrigin()
	return dir, err
}

// DefaultDirOrigin is DefaultDir and the environment variable it came
// from, with its value, for messages ("$HOME (/home/u)").
func DefaultDirOrigin() (dir, origin string, err error) {
	if dir := os.Getenv("REMIXLET_STORE"); dir != "" {
		return dir, "$REMIXLET_STORE", nil
	}
	if dir := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "remixlet"), fmt.Sprintf("$XDG_STATE_HOME (%s)", safetext.Clean(dir)), nil
	}
	home := os.Getenv("HOME")
	if home == "" {
		return "", "", fmt.Errorf("no store folder: $HOME is not set; give --store PATH, or set REMIXLET_STORE")
	}
	return filepath.Join(home, ".local", "state", "remixlet"), fmt.Sprintf("$HOME (%s)", safetext.Clean(home)), nil
}

// New returns the store in dir. Nothing is created until the first
// approval.
func New(dir string, opts Options) *Store {
	s := &Store{Dir: dir, timeout: opts.Timeout, now: opts.Now, origin: opts.Origin}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Path is the database file's path.
func (s *Store) Path() string { return filepath.Join(s.Dir, FileName) }

// snapshot is the whole store as read and checked in one transaction.
type snapshot struct {
	approvals map[string]*Approval
	sums      map[string]string     // approval key → its record's checksum
	remixlets map[string][]*Version // versions, oldest first
	// change is the number of the last change made to the store (its
	// index counts them, 1, 2, 3 …), and indexSum the checksum of the
	// index record it wrote: what the commit record names.
	change   int
	indexSum string
}

func emptySnapshot() *snapshot {
	return &snapshot{approvals: map[string]*Approval{}, sums: map[string]string{}, remixlets: map[string][]*Version{}}
}

func (snap *snapshot) current(id string) *Version {
	vs := snap.remixlets[id]
	if len(vs) == 0 {
		return nil
	}
	return vs[len(vs)-1]
}

func (snap *snapshot) ids() []string {
	ids := make([]string, 0, len(snap.remixlets))
	for id := range snap.remixlets {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func (snap *snapshot) index() *index {
	idx := &index{Change: snap.change, Approvals: len(snap.approvals), ApprovalsSum: approvalsSum(snap.sums), Remixlets: []indexEntry{}}
	for _, id := range snap.ids() {
		vs := snap.remixlets[id]
		idx.Remixlets = append(idx.Remixlets, indexEntry{ID: id, Versions: len(vs), Head: vs[len(vs)-1].sum})
	}
	return idx
}

// load reads every record of the store and checks them, alone and
// together. Nothing in a store that fails is used.
func (s *Store) load(tx *bolt.Tx) (*snapshot, error) {
	snap := emptySnapshot()
	err := tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		if !slices.ContainsFunc([][]byte{bucketMeta, bucketApprovals, bucketRemixlets}, func(b []byte) bool { return string(b) == string(name) }) {
			return fmt.Errorf("it holds a bucket %q that a remixlet store does not have", name)
		}
		return nil
	})
	if err != nil {
		return nil, s.damaged("%v", err)
	}
	meta, approvals, remixlets := tx.Bucket(bucketMeta), tx.Bucket(bucketApprovals), tx.Bucket(bucketRemixlets)
	if meta == nil || approvals == nil || remixlets == nil {
		return nil, s.damaged("a part of the store is missing")
	}
	if got := string(meta.Get(keyFormat)); got != format {
		if strings.HasPrefix(got, "remixlet store ") {
			return nil, fmt.Errorf("the store %s was written by another version of remixlet (format %q; this one reads %q): use that version, or move the store aside to start a new one", s.Path(), got, format)
		}
		return nil, s.damaged("its format record is missing or damaged")
	}
	var idx index
	if err := meta.ForEach(func(k, v []byte) error {
		if v == nil || (string(k) != string(keyFormat) && string(k) != string(keyIndex)) {
			return fmt.Errorf("an unknown entry %q in its meta records", k)
		}
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	raw := meta.Get(keyIndex)
	if raw == nil {
		return nil, s.damaged("its index record is missing")
	}
	indexSum, err := unseal(kindIndex, "the store", raw, &idx)
	if err != nil {
		return nil, s.damaged("the index: %v", err)
	}
	if idx.Change < 1 {
		return nil, s.damaged("the index numbers its change %d (changes are numbered 1, 2, 3 …)", idx.Change)
	}
	snap.change, snap.indexSum = idx.Change, indexSum
	if err := approvals.ForEach(func(k, v []byte) error {
		if v == nil {
			return fmt.Errorf("a bucket among the approvals")
		}
		a, err := decodeApproval(string(k), v)
		if err != nil {
			return err
		}
		sum, _, _ := strings.Cut(string(v), " ")
		snap.approvals[a.Key], snap.sums[a.Key] = a, sum
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	if err := remixlets.ForEach(func(id, v []byte) error {
		b := remixlets.Bucket(id)
		if v != nil || b == nil || CheckID(string(id)) != nil {
			return fmt.Errorf("an entry %q among the remixlets that is not a remixlet", id)
		}
		versions, err := readVersions(string(id), b)
		if err != nil {
			return err
		}
		snap.remixlets[string(id)] = versions
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	if err := snap.crossCheck(&idx); err != nil {
		return nil, s.damaged("%v", err)
	}
	return snap, nil
}

// readVersions reads a remixlet's versions in order, checking the
// numbering and the chain.
func readVersions(id string, b *bolt.Bucket) ([]*Version, error) {
	var out []*Version
	err := b.ForEach(func(k, v []byte) error {
		want := len(out) + 1
		vb := b.Bucket(k)
		if v != nil || vb == nil || len(k) != 8 {
			return fmt.Errorf("%s: an entry among its versions that is not a version", id)
		}
		if n := binary.BigEndian.Uint64(k); n != uint64(want) {
			if want == 1 {
				return fmt.Errorf("%s: its first version is numbered %d (versions are numbered 1, 2, 3 … without gaps)", id, n)
			}
			return fmt.Errorf("%s: version %d follows version %d (versions are numbered without gaps)", id, n, want-1)
		}
		record := slices.Clone(vb.Get(keyRecord))
		if record == nil {
			return fmt.Errorf("%s has no record", versionPlace(id, want))
		}
		var files []analysis.File
		err := vb.ForEach(func(name, data []byte) error {
			if string(name) == string(keyRecord) {
				return nil
			}
			if data == nil {
				return fmt.Errorf("%s holds a bucket %q", versionPlace(id, want), name)
			}
			files = append(files, analysis.File{Name: string(name), Data: slices.Clone(data)})
			return nil
		})
		if err != nil {
			return err
		}
		ver, err := decodeVersion(id, want, record, files)
		if err != nil {
			return err
		}
		prev := ""
		if len(out) > 0 {
			prev = out[len(out)-1].sum
		}
		if ver.Prev != prev {
			return fmt.Errorf("%s does not follow the version stored before it (the chain of versions is broken)", versionPlace(id, want))
		}
		out = append(out, ver)
		return nil
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("%s has no versions", id)
	}
	return out, err
}

// crossCheck checks the records against the index and one another.
func (snap *snapshot) crossCheck(idx *index) error {
	want := snap.index()
	switch {
	case idx.Approvals != want.Approvals:
		return fmt.Errorf("the index counts %d approvals, the store holds %d", idx.Approvals, want.Approvals)
	case idx.ApprovalsSum != want.ApprovalsSum:
		return fmt.Errorf("the approvals are not the ones the index records")
	case len(idx.Remixlets) != len(want.Remixlets):
		return fmt.Errorf("the index lists %d remixlets, the store holds %d", len(idx.Remixlets), len(want.Remixlets))
	}
	for i, e := range idx.Remixlets {
		w := want.Remixlets[i]
		switch {
		case e.ID != w.ID:
			return fmt.Errorf("the index lists the remixlet %s where the store holds %s", e.ID, w.ID)
		case e.Versions != w.Versions:
			return fmt.Errorf("the index counts %d versions of %s, the store holds %d", e.Versions, e.ID, w.Versions)
		case e.Head != w.Head:
			return fmt.Errorf("the newest version of %s is not the one the index records", e.ID)
		}
	}
	for _, id := range snap.ids() {
		vs := snap.remixlets[id]
		for _, v := range vs {
			if v.RestoredFrom > 0 {
				if from := vs[v.RestoredFrom-1]; from.Digest != v.Digest {
					return fmt.Errorf("%s was restored from version %d, but their files differ", versionPlace(id, v.Number), v.RestoredFrom)
				}
				continue
			}
			a := snap.approvals[v.Approval]
			switch {
			case a == nil:
				return fmt.Errorf("%s names an approval the store does not have", versionPlace(id, v.Number))
			case a.Used == nil:
				return fmt.Errorf("%s was stored with an approval that is still unused", versionPlace(id, v.Number))
			case a.Used.Version != v.Number || a.Remixlet != id || a.Digest != v.Digest:
				return fmt.Errorf("%s and its approval disagree", versionPlace(id, v.Number))
			}
		}
	}
	for _, key := range slices.Sorted(mapKeys(snap.approvals)) {
		a := snap.approvals[key]
		vs := snap.remixlets[a.Remixlet]
		if a.Running > 0 && (a.Running > len(vs) || vs[a.Running-1].Digest != a.RunningDigest) {
			return fmt.Errorf("approval %s was decided against version %d of %s, which the store does not hold", shortKey(key), a.Running, a.Remixlet)
		}
		if a.Used != nil && a.Used.Version > 0 && (a.Used.Version > len(vs) || vs[a.Used.Version-1].Approval != key) {
			return fmt.Errorf("approval %s activated version %d of %s, which the store does not hold", shortKey(key), a.Used.Version, a.Remixlet)
		}
	}
	return nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// writer changes the store in one transaction and keeps the snapshot in
// step, so the index written at the end describes what was written.
type writer struct {
	tx    *bolt.Tx
	snap  *snapshot
	dirty bool // a record was written or removed
}

func (w *writer) putApproval(a *Approval) error {
	data, err := sealApproval(a)
	if err != nil {
		return err
	}
	if err := w.tx.Bucket(bucketApprovals).Put([]byte(a.Key), data); err != nil {
		return err
	}
	sum, _, _ := strings.Cut(string(data), " ")
	w.snap.approvals[a.Key], w.snap.sums[a.Key] = a, sum
	w.dirty = true
	return nil
}

func (w *writer) dropApproval(key string) error {
	delete(w.snap.approvals, key)
	delete(w.snap.sums, key)
	w.dirty = true
	return w.tx.Bucket(bucketApprovals).Delete([]byte(key))
}

// addVersion stores v as the remixlet's next version, linked to the one
// before.
func (w *writer) addVersion(v *Version) error {
	vs := w.snap.remixlets[v.Remixlet]
	v.Number, v.Prev = len(vs)+1, ""
	if len(vs) > 0 {
		v.Prev = vs[len(vs)-1].sum
	}
	record, err := sealVersion(v)
	if err != nil {
		return err
	}
	b, err := w.tx.Bucket(bucketRemixlets).CreateBucketIfNotExists([]byte(v.Remixlet))
	if err != nil {
		return err
	}
	if err := putVersion(b, v, record); err != nil {
		return err
	}
	w.snap.remixlets[v.Remixlet] = append(vs, v)
	w.dirty = true
	return nil
}

func putVersion(b *bolt.Bucket, v *Version, record []byte) error {
	vb, err := b.CreateBucket(versionKey(v.Number))
	if err != nil {
		return err
	}
	if err := vb.Put(keyRecord, record); err != nil {
		return err
	}
	for _, f := range v.Files {
		if err := vb.Put([]byte(f.Name), f.Data); err != nil {
			return err
		}
	}
	return nil
}

// writeIndex writes the index as the store's next change.
func (w *writer) writeIndex() error {
	w.snap.change++
	data, sum, err := seal(kindIndex, "the store", w.snap.index())
	if err != nil {
		return err
	}
	w.snap.indexSum = sum
	return w.tx.Bucket(bucketMeta).Put(keyIndex, data)
}

func versionKey(n int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }

// newToken returns 128 random bits in hex.
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}
