package store

// A check of store.db's page structure, made on the file's bytes before
// bbolt reads them. bbolt trusts its file: a damaged page can make it
// recurse forever (a branch that points back at itself), allocate without
// bound (a freelist count), or read records that are not where the tree
// says. This walk is bounded and iterative and reads only through bounds
// checks, so a damaged file is reported as damage and never reaches
// bbolt's reader.
//
// It checks what a bbolt writer always leaves behind: two valid meta
// pages one commit apart, a freelist of distinct pages, a tree whose every
// page is reached exactly once, of the right kind, with its elements and
// keys inside the page and in order, and every page below the high-water
// mark either reached, free or the freelist. The layout is bbolt's file
// format version 2 (go.etcd.io/bbolt, internal/common), in the machine's
// byte order, as bbolt writes it.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
)

const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16 // id u64, flags u16, count u16, overflow u32
	elementSize      = 16 // branch: pos, ksize u32, pgid u64; leaf: flags, pos, ksize, vsize u32
	bucketHeaderSize = 16 // root pgid u64, sequence u64
	metaSize         = 64 // magic, version, pageSize, flags u32; root, seq, freelist, pgid, txid, checksum u64
	metaChecksumAt   = 56

	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10
	flagBucket   = 0x01 // on a leaf element

	noFreelist = ^uint64(0)
	maxDepth   = 64 // buckets within buckets and tree levels together
)

var ne = binary.NativeEndian

// meta is one of the file's two meta pages.
type meta struct {
	pageSize uint32
	root     uint64
	freelist uint64
	hwm      uint64 // pages below it are in use, free or the freelist
	txid     uint64
}

// readMeta reads and checks the meta page at offset off, which must be
// page number want.
func readMeta(file []byte, off int, want uint64) (*meta, error) {
	if len(file) < off+pageHeaderSize+metaSize {
		return nil, fmt.Errorf("it is %d bytes long: it was cut short inside header %d", len(file), want)
	}
	p := file[off:]
	m := p[pageHeaderSize : pageHeaderSize+metaSize]
	h := fnv.New64a()
	h.Write(m[:metaChecksumAt])
	switch {
	case allZero(p[:pageHeaderSize+metaSize]):
		return nil, fmt.Errorf("header %d is all zeros: its contents were lost", want)
	case ne.Uint32(m[0:]) != boltMagic:
		return nil, fmt.Errorf("header %d is not the header of a store (the file is not a store, or its first bytes were overwritten)", want)
	case ne.Uint32(m[4:]) != boltVersion:
		return nil, fmt.Errorf("header %d names file format %d, not %d", want, ne.Uint32(m[4:]), boltVersion)
	case ne.Uint64(m[metaChecksumAt:]) != h.Sum64():
		return nil, fmt.Errorf("header %d does not match its checksum", want)
	}
	mt := &meta{
		pageSize: ne.Uint32(m[8:]), root: ne.Uint64(m[16:]), freelist: ne.Uint64(m[32:]),
		hwm: ne.Uint64(m[40:]), txid: ne.Uint64(m[48:]),
	}
	switch {
	case ne.Uint64(p[0:]) != want || ne.Uint16(p[8:]) != flagMeta || ne.Uint16(p[10:]) != 0 || ne.Uint32(p[12:]) != 0:
		return nil, fmt.Errorf("the page header of header %d is damaged", want)
	case ne.Uint32(m[12:]) != 0 || ne.Uint64(m[24:]) != 0:
		return nil, fmt.Errorf("header %d has flags set that this store never sets", want)
	case mt.pageSize < 512 || mt.pageSize > 1<<16 || mt.pageSize&(mt.pageSize-1) != 0:
		return nil, fmt.Errorf("header %d gives a page size of %d bytes", want, mt.pageSize)
	case mt.txid%2 != want:
		return nil, fmt.Errorf("header %d holds transaction %d, which belongs in the other one", want, mt.txid)
	}
	return mt, nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// pageWalk is the state of one check.
type pageWalk struct {
	file []byte
	ps   uint64 // page size
	hwm  uint64
	seen []byte // per page: 0 unaccounted, 1 in the tree, 2 free, 3 the freelist
}

type pageVisit struct {
	id     uint64
	depth  int
	lo, hi []byte // the keys of the page must be in [lo, hi); nil is open
	// first, for a branch's child, is the key the branch holds for it,
	// which bbolt keeps equal to the child's first key and relies on when
	// it writes the branch again.
	first []byte
}

// checkPages checks the whole structure of a store file and returns its
// page size. The error says what is damaged, in words for a person. It
// reads the two headers and the pages the newer one's tree and freelist
// name, nothing else: a large or sparse file costs only what it holds.
func checkPages(file []byte) (int, error) {
	m0, err := readMeta(file, 0, 0)
	if err != nil {
		return 0, err
	}
	m1, err := readMeta(file, int(m0.pageSize), 1)
	if err != nil {
		return 0, err
	}
	if m0.pageSize != m1.pageSize {
		return 0, fmt.Errorf("the two headers give different page sizes")
	}
	cur := m0
	if m1.txid > m0.txid {
		cur = m1
	}
	if d := int64(m0.txid) - int64(m1.txid); d != 1 && d != -1 {
		return 0, fmt.Errorf("the two headers are not one commit apart (transactions %d and %d)", m0.txid, m1.txid)
	}
	w := &pageWalk{file: file, ps: uint64(cur.pageSize), hwm: cur.hwm}
	if w.hwm < 4 {
		return 0, fmt.Errorf("the header counts %d pages, fewer than a store has", w.hwm)
	}
	if w.hwm > uint64(len(file))/w.ps {
		return 0, fmt.Errorf("the header counts %d pages, the file holds %d: it was cut short", w.hwm, uint64(len(file))/w.ps)
	}
	w.seen = make([]byte, w.hwm)
	w.seen[0], w.seen[1] = 3, 3
	if cur.freelist == noFreelist {
		return 0, fmt.Errorf("the header names no freelist, which this store always writes")
	}
	if err := w.checkFreelist(cur.freelist); err != nil {
		return 0, err
	}
	if err := w.walk(cur.root); err != nil {
		return 0, err
	}
	for id, s := range w.seen {
		if s == 0 {
			return 0, fmt.Errorf("page %d is neither in use nor free", id)
		}
	}
	return int(w.ps), nil
}

// page returns the bytes of page id and its span in pages, checked to lie
// below the high-water mark and to name itself.
func (w *pageWalk) page(id uint64) ([]byte, uint64, error) {
	if id < 2 || id >= w.hwm {
		return nil, 0, fmt.Errorf("a reference to page %d, outside the file's %d pages", id, w.hwm)
	}
	head := w.file[id*w.ps:]
	if got := ne.Uint64(head); got != id {
		if allZero(head[:pageHeaderSize]) {
			return nil, 0, fmt.Errorf("page %d is all zeros where a page of the store should be: its contents were lost", id)
		}
		return nil, 0, fmt.Errorf("page %d names itself page %d", id, got)
	}
	span := uint64(ne.Uint32(head[12:])) + 1
	if span > w.hwm-id {
		return nil, 0, fmt.Errorf("page %d runs past the end of the file", id)
	}
	return w.file[id*w.ps : (id+span)*w.ps], span, nil
}

func (w *pageWalk) mark(id, span uint64, as byte) error {
	for i := id; i < id+span; i++ {
		if w.seen[i] != 0 {
			return fmt.Errorf("page %d is used twice", i)
		}
		w.seen[i] = as
	}
	return nil
}

func (w *pageWalk) checkFreelist(id uint64) error {
	p, span, err := w.page(id)
	if err != nil {
		return fmt.Errorf("the freelist: %v", err)
	}
	if ne.Uint16(p[8:]) != flagFreelist {
		return fmt.Errorf("page %d should be the freelist and is not", id)
	}
	if err := w.mark(id, span, 3); err != nil {
		return err
	}
	count, at := uint64(ne.Uint16(p[10:])), uint64(pageHeaderSize)
	if count == 0xFFFF {
		count, at = ne.Uint64(p[at:]), at+8
	}
	if count > (uint64(len(p))-at)/8 {
		return fmt.Errorf("the freelist counts %d pages, more than its page holds", count)
	}
	for i := range count {
		free := ne.Uint64(p[at+8*i:])
		if free < 2 || free >= w.hwm {
			return fmt.Errorf("the freelist names page %d, outside the file's %d pages", free, w.hwm)
		}
		if err := w.mark(free, 1, 2); err != nil {
			return err
		}
	}
	return nil
}

// walk visits every page of the tree that starts at the root bucket's
// page, with its buckets, without recursion.
func (w *pageWalk) walk(root uint64) error {
	stack := []pageVisit{{id: root}}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v.depth > maxDepth {
			return fmt.Errorf("the tree is deeper than %d levels", maxDepth)
		}
		p, span, err := w.page(v.id)
		if err != nil {
			return err
		}
		if err := w.mark(v.id, span, 1); err != nil {
			return err
		}
		children, err := w.elements(p, v)
		if err != nil {
			return fmt.Errorf("page %d: %v", v.id, err)
		}
		stack = append(stack, children...)
	}
	return nil
}

// elements checks the elements of a branch or leaf page (p may be an
// inline bucket's page, inside its value) and returns the pages they lead
// to: a branch's children and the root pages of buckets. Buckets stored
// inline are checked in place.
func (w *pageWalk) elements(p []byte, v pageVisit) ([]pageVisit, error) {
	if len(p) < pageHeaderSize {
		return nil, fmt.Errorf("a page shorter than its header")
	}
	flags, count := ne.Uint16(p[8:]), int(ne.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		return nil, fmt.Errorf("%d elements do not fit in the page", count)
	}
	var out []pageVisit
	var prev []byte
	key := func(i int, at, size uint32) ([]byte, error) {
		start := uint64(pageHeaderSize+i*elementSize) + uint64(at)
		if size == 0 || start+uint64(size) > uint64(len(p)) {
			return nil, fmt.Errorf("element %d lies outside the page", i)
		}
		k := p[start : start+uint64(size)]
		if (prev != nil && bytes.Compare(prev, k) >= 0) || (v.lo != nil && bytes.Compare(k, v.lo) < 0) || (v.hi != nil && bytes.Compare(k, v.hi) >= 0) {
			return nil, fmt.Errorf("element %d is out of order", i)
		}
		if i == 0 && v.first != nil && !bytes.Equal(k, v.first) {
			return nil, fmt.Errorf("its first key is not the one its branch holds for it")
		}
		prev = k
		return k, nil
	}
	if count == 0 && v.first != nil {
		return nil, fmt.Errorf("a page its branch points to holds no elements")
	}
	switch flags {
	case flagBranch:
		if count == 0 {
			return nil, fmt.Errorf("a branch page with no elements")
		}
		keys := make([][]byte, count)
		ids := make([]uint64, count)
		for i := range count {
			e := p[pageHeaderSize+i*elementSize:]
			k, err := key(i, ne.Uint32(e[0:]), ne.Uint32(e[4:]))
			if err != nil {
				return nil, err
			}
			keys[i], ids[i] = k, ne.Uint64(e[8:])
		}
		for i := range count {
			hi := v.hi
			if i+1 < count {
				hi = keys[i+1]
			}
			out = append(out, pageVisit{id: ids[i], depth: v.depth + 1, lo: keys[i], hi: hi, first: keys[i]})
		}
	case flagLeaf:
		for i := range count {
			e := p[pageHeaderSize+i*elementSize:]
			eflags, pos, ksize, vsize := ne.Uint32(e[0:]), ne.Uint32(e[4:]), ne.Uint32(e[8:]), ne.Uint32(e[12:])
			if _, err := key(i, pos, ksize); err != nil {
				return nil, err
			}
			start := uint64(pageHeaderSize+i*elementSize) + uint64(pos) + uint64(ksize)
			if start+uint64(vsize) > uint64(len(p)) {
				return nil, fmt.Errorf("the value of element %d lies outside the page", i)
			}
			value := p[start : start+uint64(vsize)]
			switch eflags {
			case 0:
				continue
			case flagBucket:
			default:
				return nil, fmt.Errorf("element %d has unknown flags %#x", i, eflags)
			}
			if len(value) < bucketHeaderSize || ne.Uint64(value[8:]) != 0 {
				return nil, fmt.Errorf("the bucket header of element %d is damaged", i)
			}
			if root := ne.Uint64(value); root != 0 {
				out = append(out, pageVisit{id: root, depth: v.depth + 1})
				continue
			}
			inline := value[bucketHeaderSize:]
			if len(inline) < pageHeaderSize || ne.Uint64(inline) != 0 || ne.Uint16(inline[8:]) != flagLeaf || ne.Uint32(inline[12:]) != 0 {
				return nil, fmt.Errorf("the inline bucket of element %d is damaged", i)
			}
			if v.depth+1 > maxDepth {
				return nil, fmt.Errorf("buckets nest deeper than %d levels", maxDepth)
			}
			more, err := w.elements(inline, pageVisit{depth: v.depth + 1})
			if err != nil {
				return nil, fmt.Errorf("the inline bucket of element %d: %v", i, err)
			}
			out = append(out, more...)
		}
	default:
		return nil, fmt.Errorf("not a branch or leaf page (kind %#x)", flags)
	}
	return out, nil
}
