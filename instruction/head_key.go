package instruction

import (
	"crypto/sha256"
	"encoding/binary"
	"sort"

	"github.com/agentforge/console/catalog"
)

// HeadKey names the head of a composition composed for counting (without
// reasons, as a lever's is): two heads with the same key have the same
// sections, unit by unit, so a count of one is the count of the other. It
// is a hash of everything composeHead reads: the tier, the host, every
// capability's verdict (a block's requirement and its template's
// questions are capabilities of the gate's one table), the reply
// protocol's channel count, the services the text names, the qualifying
// skills' lines and the worked example's units.
// TestHeadKeyNamesTheHead holds equal keys to equal heads.
type HeadKey [sha256.Size]byte

// gateOrder is every capability's predicate in a fixed order: the
// verdicts a head key holds.
var gateOrder = func() []predicate {
	ids := make([]string, 0, len(capabilities))
	for c := range capabilities {
		ids = append(ids, string(c))
	}
	sort.Strings(ids)
	out := make([]predicate, len(ids))
	for i, id := range ids {
		out[i] = capabilities[Capability(id)]
	}
	return out
}()

// headKey is the key of the head composeHead makes for c, with c's
// skills, options and protocol as composeHead reads them, the gate g and
// the roster.
func headKey(c *Composition, g Gate, roster []*catalog.Entry, tier string) HeadKey {
	var buf [512]byte
	b := appendKeyField(buf[:0], tier)
	b = appendKeyField(b, c.Options.Host)
	var verdicts uint64
	for i, p := range gateOrder {
		if g.holds(p) {
			verdicts |= 1 << i
		}
	}
	b = binary.LittleEndian.AppendUint64(b, verdicts)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(c.Protocol.Channels)))
	services := g.Services()
	b = binary.LittleEndian.AppendUint64(b, uint64(len(services)))
	for _, ns := range services {
		b = appendKeyField(b, ns)
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(len(c.Skills)))
	for _, s := range c.Skills {
		b = appendKeyField(b, s.Name)
		b = appendKeyField(b, s.Slug)
		b = appendKeyField(b, s.Summary)
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Version))
	}
	ex := workedExample(g, roster)
	b = appendKeyField(b, ex.unit.Key)
	b = appendKeyField(b, ex.mcp.Key)
	return sha256.Sum256(b)
}

// appendKeyField appends s to b after its length, so no two different
// sequences of fields write the same bytes.
func appendKeyField(b []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint64(b, uint64(len(s))), s...)
}
