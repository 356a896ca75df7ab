package safetext

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// NewWriter is the output boundary: everything a command writes to a
// terminal, a pipe or a report file passes through one. It writes what it
// is given with every character that acts on a terminal or on the text
// around it (Unsafe) shown as a visible escape (\u001B), and every byte
// that is not UTF-8 as \xFF, so no text from a file, a file name, a
// manifest or a flag can move the cursor, retitle the terminal, reorder a
// line or hide what follows it. Line breaks and tabs are the output's own
// and pass; so do the sequences the text report paints with (bold, dim,
// red, yellow and reset: ESC [ 1 m and kin), which move and hide nothing.
//
// In JSON a character outside a string is structure, never data, and an
// escape inside a string means the same character (DEL and the characters
// that reorder text are the only ones encoders leave raw), so a JSON
// document passes through decoding to the same values.
//
// A newline inside a value is the one thing a stream cannot tell from the
// program's own: Fprintf and Fprintln write every argument on one line.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Writer is the output boundary NewWriter returns.
type Writer struct {
	w       io.Writer
	pending []byte // the start of a character the next write completes
}

// Write writes p through the boundary. It reports len(p) when all of it
// was handled, as io.Writer asks, though the bytes written differ.
func (s *Writer) Write(p []byte) (int, error) {
	data := p
	if len(s.pending) > 0 {
		data = append(s.pending, p...)
		s.pending = nil
	}
	// A character cut between two writes waits for the rest.
	if cut := incompleteTail(data); cut > 0 {
		s.pending = append([]byte(nil), data[len(data)-cut:]...)
		data = data[:len(data)-cut]
	}
	if _, err := s.w.Write(escape(data)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Unwrap is the writer the boundary writes to (a terminal is asked whether
// it is one through it).
func (s *Writer) Unwrap() io.Writer { return s.w }

// Flush writes what a write left pending (a character's start that no
// later write completed), escaped as bytes that are not UTF-8.
func (s *Writer) Flush() error {
	if len(s.pending) == 0 {
		return nil
	}
	_, err := s.w.Write(escape(s.pending))
	s.pending = nil
	return err
}

// incompleteTail is the length of a UTF-8 sequence p ends in the middle of.
func incompleteTail(p []byte) int {
	for i := 1; i <= 3 && i <= len(p); i++ {
		c := p[len(p)-i]
		if c < 0x80 {
			return 0
		}
		if c >= 0xC0 { // a leading byte: is its sequence complete?
			if utf8.FullRune(p[len(p)-i:]) {
				return 0
			}
			return i
		}
	}
	return 0
}

// escape returns p with the characters the boundary does not pass written
// as escapes; p itself when it holds none. Runs of printable ASCII, line
// breaks and tabs are copied whole: they pass as they are.
func escape(p []byte) []byte {
	i := plainRun(p)
	if i == len(p) {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	out = append(out, p[:i]...)
	for i < len(p) {
		if n := plainRun(p[i:]); n > 0 {
			out = append(out, p[i:i+n]...)
			i += n
			continue
		}
		if n := paintSequence(p[i:]); n > 0 {
			out = append(out, p[i:i+n]...)
			i += n
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = fmt.Appendf(out, `\x%02X`, p[i])
		case Unsafe(r):
			out = fmt.Appendf(out, `\u%04X`, r)
		default:
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	return out
}

// plainRun is the length of the run of printable ASCII, line breaks and
// tabs p starts with.
func plainRun(p []byte) int {
	for i, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' || c >= 0x7F {
			return i
		}
	}
	return len(p)
}

// paintSequence is the length of the paint sequence p starts with, or 0:
// ESC [ then parameters among reset (0), bold (1), dim (2), normal weight
// (22), red (31), yellow (33) and the default colour (39), then m. Nothing
// else (no conceal, no colours that could match the background).
func paintSequence(p []byte) int {
	if len(p) < 3 || p[0] != 0x1B || p[1] != '[' {
		return 0
	}
	param := 0
	digits := 0
	for i := 2; i < len(p) && i < 24; i++ {
		switch c := p[i]; {
		case c >= '0' && c <= '9' && digits < 2:
			param = param*10 + int(c-'0')
			digits++
		case c == ';' || c == 'm':
			switch param {
			case 0, 1, 2, 22, 31, 33, 39:
			default:
				return 0
			}
			if c == 'm' {
				return i + 1
			}
			param, digits = 0, 0
		default:
			return 0
		}
	}
	return 0
}

// Fprintf formats as fmt.Fprintf does, with every argument taken as data:
// a string, a []byte, an error or a value with a String method is written
// as Clean writes it (on one line, every unsafe character escaped), so a
// file name cannot start a line of its own. The format is the program's
// own text. Numbers and booleans are written as they are.
func Fprintf(w io.Writer, format string, args ...any) (int, error) {
	return fmt.Fprintf(w, format, dataArgs(args)...)
}

// Fprintln is Fprintf's fmt.Fprintln.
func Fprintln(w io.Writer, args ...any) (int, error) {
	return fmt.Fprintln(w, dataArgs(args)...)
}

// Sprintf is Fprintf's fmt.Sprintf.
func Sprintf(format string, args ...any) string {
	return fmt.Sprintf(format, dataArgs(args)...)
}

func dataArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			out[i] = Clean(v)
		case []byte:
			out[i] = Clean(string(v))
		case error:
			out[i] = Clean(v.Error())
		case fmt.Stringer:
			out[i] = Clean(v.String())
		default:
			out[i] = a
		}
	}
	return out
}
