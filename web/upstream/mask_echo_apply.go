package upstream

import (
	"strings"

	"github.com/agentforge/console/instruction/authority/credential"
)

// echoHits is, per sent connection secret (group), the occurrences of its
// forms in the call's arguments, read once. The arguments are read
// whenever an answer holds a secret to mask, sent or not.
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
			for _, f := range g.forms {
				for at := 0; ; {
					k := strings.Index(t.v[at:], f)
					if k < 0 {
						break
					}
					c.hits[gi] = append(c.hits[gi], echoHit{t: t, p: at + k, q: at + k + len(f)})
					at += k + len(f)
				}
			}
		}
	}
	return c.hits
}

// span is [i, j) of a string, a copy of a form of group g.
type span struct{ i, j, g int }

// spared is the copies in s (a member's value named akey when akeyed)
// of the call's sent connection secrets that echo an argument (echoOf),
// in order, at most as many of each secret as the arguments hold. The
// copies are found as masking finds them, longest form first, so no
// spared copy is part of a longer secret's.
func (c *callSet) spared(s string, hits map[int][]echoHit, akey string, akeyed bool) []span {
	var found []span
	for _, r := range c.set.order {
		g := &c.set.groups[r.g]
		if g.console && c.sent[r.g] {
			continue
		}
		f := g.forms[r.f]
	next:
		for at := 0; ; {
			k := strings.Index(s[at:], f)
			if k < 0 {
				break
			}
			sp := span{at + k, at + k + len(f), r.g}
			at = sp.i + 1
			for _, o := range found {
				if sp.i < o.j && o.i < sp.j {
					continue next
				}
			}
			found = append(found, sp)
		}
	}
	left := map[int]int{}
	for g, hs := range hits {
		left[g] = len(hs)
	}
	var out []span
	for _, sp := range sortedSpans(found) {
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
// akeyed) with forms masked "[secret]" but for the copies of the call's
// sent connection secrets that echo an argument (spared).
func (c *callSet) maskIn(s string, forms []string, akey string, akeyed bool) string {
	m := maskString(s, forms)
	if m == s {
		return s
	}
	// the same reading and search whether or not a secret was sent
	keep := c.spared(s, c.echoHits(), akey, akeyed)
	if len(keep) == 0 {
		return m
	}
	var b strings.Builder
	at := 0
	for _, sp := range keep {
		b.WriteString(maskString(s[at:sp.i], forms))
		b.WriteString(s[sp.i:sp.j])
		at = sp.j
	}
	b.WriteString(maskString(s[at:], forms))
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
