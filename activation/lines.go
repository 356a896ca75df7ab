package activation

// LineChange says how one text file changed between two versions.
type LineChange struct {
	File    string `json:"file"`
	Status  string `json:"status"` // "unchanged", "added", "removed" or "changed"
	Added   int    `json:"linesAdded"`
	Removed int    `json:"linesRemoved"`
	// Approximate is set when the files differ too much for an exact
	// count in bounded time: Added and Removed then count lines by content,
	// ignoring order, which is a lower bound.
	Approximate bool `json:"approximate,omitempty"`
}

// maxEdits bounds the exact line diff; beyond it the count is approximate.
const maxEdits = 2000

func compareText(file string, old, new []byte, hadOld, hasNew bool) LineChange {
	c := LineChange{File: file}
	switch {
	case !hadOld && !hasNew:
		c.Status = "absent"
		return c
	case !hadOld:
		c.Status, c.Added = "added", len(splitLines(new))
		return c
	case !hasNew:
		c.Status, c.Removed = "removed", len(splitLines(old))
		return c
	case string(old) == string(new):
		c.Status = "unchanged"
		return c
	}
	c.Status = "changed"
	c.Added, c.Removed, c.Approximate = countLineEdits(splitLines(old), splitLines(new))
	return c
}

// splitLines splits at "\n", "\r\n" and "\r", the breaks editors show; a
// final line break does not start another line.
func splitLines(src []byte) []string {
	var lines []string
	start := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines = append(lines, string(src[start:i]))
			start = i + 1
		case '\r':
			lines = append(lines, string(src[start:i]))
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(src) {
		lines = append(lines, string(src[start:]))
	}
	return lines
}

// countLineEdits returns how many lines a shortest edit script adds and
// removes (Myers' O((N+M)D) algorithm on interned lines, after the common
// prefix and suffix are set aside).
func countLineEdits(a, b []string) (added, removed int, approximate bool) {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	ids := map[string]int{}
	intern := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	x, y := intern(a), intern(b)
	n, m := len(x), len(y)
	d, ok := shortestEdit(x, y, maxEdits)
	if !ok {
		added, removed = countByContent(x, y)
		return added, removed, true
	}
	// d = additions + removals and m - n = additions - removals.
	return (d + m - n) / 2, (d - m + n) / 2, false
}

func shortestEdit(a, b []int, limit int) (int, bool) {
	n, m := len(a), len(b)
	maxD := min(n+m, limit)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return d, true
			}
		}
	}
	return 0, false
}

func countByContent(a, b []int) (added, removed int) {
	count := map[int]int{}
	for _, l := range a {
		count[l]++
	}
	for _, l := range b {
		if count[l] > 0 {
			count[l]--
		} else {
			added++
		}
	}
	for _, c := range count {
		removed += c
	}
	return added, removed
}
