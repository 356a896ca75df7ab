package safetext

import "encoding/binary"

// NextNonASCII is the index of the first byte of b at or after i that is
// not ASCII (0x80 or above), or len(b). It reads eight bytes at a time:
// most source text is ASCII, and a scan for the rare character that is
// not runs at the speed of the memory.
func NextNonASCII(b []byte, i int) int {
	const high = 0x8080808080808080
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&high != 0 {
			break
		}
	}
	for ; i < len(b) && b[i] < 0x80; i++ {
	}
	return i
}
