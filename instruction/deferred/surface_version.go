package deferred

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Version names what the surface holds: its key (the agent, the profile
// version, the services and every tool with its contract digest), its
// pins and its skills' required tools. Two surfaces built from the same
// inputs (NewSurface, WithPins) have the same version whichever value a
// request built, so a cache of what is derived from a surface keys by it
// and holds one entry per content, never one per build. A surface made
// by Only is not to be keyed by it: its version is its source's.
func (s *Surface) Version() string {
	if s.version == nil {
		return s.computeVersion()
	}
	s.version.once.Do(func() { s.version.v = s.computeVersion() })
	return s.version.v
}

// computeVersion is Version computed afresh.
func (s *Surface) computeVersion() string {
	var b strings.Builder
	b.WriteString(s.key)
	b.WriteString("\npins=")
	b.WriteString(strings.Join(s.pins, ","))
	for _, sk := range s.skills {
		b.WriteString("\nskill=")
		b.WriteString(strings.Join(sk, ","))
	}
	h := sha256.Sum256([]byte(b.String()))
	var x [2 * sha256.Size]byte // one allocation, the string's
	hex.Encode(x[:], h[:])
	return string(x[:])
}
