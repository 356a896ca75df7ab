package bundle

import (
	"encoding/json"
	"errors"
	"sort"
)

// sourceMap is a decoded source map (version 3): for each generated line,
// its mappings in column order. Columns are UTF-16 code units, 0-based, as
// the format defines them.
type sourceMap struct {
	Sources []string
	lines   [][]mapping
}

// mapping ties a generated column to a place in a source.
type mapping struct {
	genCol  int
	source  int // index into Sources; -1 for a mapping to no source
	srcLine int // 0-based
	srcCol  int // 0-based, UTF-16 code units
}

var errBadMap = errors.New("malformed source map")

func parseSourceMap(data []byte) (*sourceMap, error) {
	var raw struct {
		Version  int      `json:"version"`
		Sources  []string `json:"sources"`
		Mappings string   `json:"mappings"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	if raw.Version != 3 {
		return nil, errBadMap
	}
	m := &sourceMap{Sources: raw.Sources}
	var line []mapping
	var source, srcLine, srcCol, name int
	genCol := 0
	s := raw.Mappings
	for i := 0; i <= len(s); {
		if i == len(s) || s[i] == ';' {
			m.lines = append(m.lines, line)
			line, genCol = nil, 0
			i++
			continue
		}
		if s[i] == ',' {
			i++
			continue
		}
		var fields [5]int
		n := 0
		for i < len(s) && s[i] != ',' && s[i] != ';' {
			if n == len(fields) {
				return nil, errBadMap
			}
			v, next, err := vlq(s, i)
			if err != nil {
				return nil, err
			}
			fields[n], i = v, next
			n++
		}
		genCol += fields[0]
		mp := mapping{genCol: genCol, source: -1}
		switch n {
		case 1:
		case 4, 5:
			source += fields[1]
			srcLine += fields[2]
			srcCol += fields[3]
			name += fields[4]
			if source < 0 || source >= len(m.Sources) || srcLine < 0 || srcCol < 0 {
				return nil, errBadMap
			}
			mp.source, mp.srcLine, mp.srcCol = source, srcLine, srcCol
		default:
			return nil, errBadMap
		}
		line = append(line, mp)
	}
	for _, l := range m.lines {
		sort.SliceStable(l, func(a, b int) bool { return l[a].genCol < l[b].genCol })
	}
	return m, nil
}

// vlq decodes one base64 VLQ value starting at s[i].
func vlq(s string, i int) (value, next int, err error) {
	shift, result := 0, 0
	for {
		if i >= len(s) || shift > 30 {
			return 0, 0, errBadMap
		}
		d := base64Digit(s[i])
		if d < 0 {
			return 0, 0, errBadMap
		}
		i++
		result += (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			break
		}
	}
	if result&1 != 0 {
		return -(result >> 1), i, nil
	}
	return result >> 1, i, nil
}

func base64Digit(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// lookup returns the mapping in effect at a generated line (0-based) and
// column (UTF-16, 0-based): the last one at or before the column on that
// line. ok is false when the line has none there, or it maps to no source.
func (m *sourceMap) lookup(line, col int) (mapping, bool) {
	if line < 0 || line >= len(m.lines) {
		return mapping{}, false
	}
	l := m.lines[line]
	i := sort.Search(len(l), func(i int) bool { return l[i].genCol > col }) - 1
	if i < 0 || l[i].source < 0 {
		return mapping{}, false
	}
	return l[i], true
}
