package instruction

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
)

// Digest is sha256 hex of the whole text. The text is hashed from a lent
// buffer: converting it to bytes copied all of it into a new array, a
// tenth of what a distinct compose request allocated
// (TestDigestIsTheTextsSHA256).
func Digest(text string) string {
	bp := hashBuffers.Get().(*[]byte)
	b := append((*bp)[:0], text...)
	sum := sha256.Sum256(b)
	giveBack(bp, b)
	return hex.EncodeToString(sum[:])
}

// SumStrings is the SHA-256 of the parts written one after the other,
// hashed from a lent buffer (see Digest).
func SumStrings(parts func(add func(string))) [sha256.Size]byte {
	bp := hashBuffers.Get().(*[]byte)
	b := (*bp)[:0]
	parts(func(s string) { b = append(b, s...) })
	sum := sha256.Sum256(b)
	giveBack(bp, b)
	return sum
}

// hashBuffers lends Digest and SumStrings their buffers.
var hashBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxLentHashBuffer is the largest buffer given back to hashBuffers: one
// grown for a rare long text is dropped, so every later short text does
// not hold (and the pool keep) an array its size.
const maxLentHashBuffer = 1 << 20

// giveBack returns b's array to the pool unless it grew past
// maxLentHashBuffer.
func giveBack(bp *[]byte, b []byte) {
	if cap(b) > maxLentHashBuffer {
		return
	}
	*bp = b[:0]
	hashBuffers.Put(bp)
}
