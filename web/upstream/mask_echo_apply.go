package upstream

import (
	"strings"

	"github.com/agentforge/console/instruction/authority/credential"
)

// echoHits is, per sent connection secret (group), the occurrences of its
// forms in the call's arguments (as written or with separators: textScan),
// read once. The arguments are read whenever an answer holds a secret to
// mask, sent or not.
func (c *callSet) echoHits() map[int][]echoHit {
	if c.hits != nil {
		return c.hits
	}
	c.hits = map[int][]echoHit{}
	if len(c.args) == 0 {
		return c.hits
	}
	texts := argTexts(c.args)
	for gi, sent := range c.sent {
		g := &c.set.groups[gi]
		if !sent || g.console {
			continue
		}
		for _, t := range texts {
			x := &textScan{t: t.v}
			for fi := range g.forms {
				x.each(g, fi, func(p, q int) bool {
					c.hits[gi] = append(c.hits[gi], echoHit{t: t, p: p, q: q})
					return true
				})
			}
		}
	}
	return c.hits
}

// span is [i, j) of a string, a copy of a form of group g.
type span struct{ i, j, g int }

// spared is the copies found (in order) in s (a member's value named akey
// when akeyed) that echo an argument holding a sent connection secret
// (echoOf), at most as many of each secret as the arguments hold.
func (c *callSet) spared(s string, found []span, hits map[int][]echoHit, akey string, akeyed bool) []span {
	left := map[int]int{}
	for g, hs := range hits {
		left[g] = len(hs)
	}
	var out []span
	for _, sp := range found {
		if left[sp.g] == 0 {
			continue
		}
		for _, h := range hits[sp.g] {
			if echoOf(s, sp.i, sp.j, akey, akeyed, h) {
				out = append(out, sp)
				left[sp.g]--
				break
			}
		}
	}
	return out
}

// sortedSpans is spans in the order they stand.
func sortedSpans(spans []span) []span {
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].i < spans[j-1].i; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	return spans
}

// maskIn is s (an answer's string: a member's value named akey when
// akeyed) with the forms refs, as written or with separators between
// their characters (textScan), masked "[secret]" but for the copies of
// the call's sent connection secrets that echo an argument (spared).
func (c *callSet) maskIn(s string, refs []formRef, akey string, akeyed bool) string {
	found := (&textScan{t: s}).spans(c.set, refs)
	if len(found) == 0 {
		return s
	}
	// the same reading and search whether or not a secret was sent
	keep := c.spared(s, found, c.echoHits(), akey, akeyed)
	var b strings.Builder
	at, k := 0, 0
	for _, sp := range found {
		b.WriteString(s[at:sp.i])
		if k < len(keep) && keep[k] == sp {
			b.WriteString(s[sp.i:sp.j])
			k++
		} else {
			b.WriteString(SecretMark)
		}
		at = sp.j
	}
	b.WriteString(s[at:])
	return b.String()
}

// maskConnValue is v (a decoded result, or a part of one: a member's
// value named key when keyed) with the connection's secrets masked as
// maskIn does in every string and member name, then the credentials of
// known shapes (maskValue); *hit is set when a secret was masked.
func (c *callSet) maskConnValue(v any, key string, keyed bool, hit *bool) any {
	one := func(s, key string, keyed bool) string {
		m := c.maskIn(s, c.conn, key, keyed)
		if m != s {
			*hit = true
		}
		return credential.Mask(m, CredentialMark)
	}
	switch x := v.(type) {
	case string:
		return one(x, key, keyed)
	case []any:
		for i := range x {
			x[i] = c.maskConnValue(x[i], "", false, hit)
		}
		return x
	case map[string]any:
		return credential.MaskKeys(x, func(k string) string { return one(k, "", false) }, func(k string, e any) any { return c.maskConnValue(e, k, true, hit) })
	}
	return v
}
