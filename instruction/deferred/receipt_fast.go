package deferred

// decodeMinted decodes a receipt laid out exactly as this package mints
// it (encoding/json's output for Receipt: the keys in field order, "kind"
// only when set, no whitespace, printable ASCII strings without escapes,
// plain decimal integers). Receipts come back from a runtime as they were
// minted, so this is nearly every receipt; it reports false for anything
// else, which then takes encoding/json's strict decoder. For every input
// it accepts, the result equals that decoder's (a property test holds the
// two together).
func decodeMinted(raw []byte) (Receipt, bool) {
	var r Receipt
	p := mintedParser{b: raw}
	if !p.lit(`{"v":`) {
		return r, false
	}
	var ok bool
	if r.V, ok = p.int(); !ok {
		return r, false
	}
	if p.lit(`,"kind":`) {
		if r.Kind, ok = p.str(); !ok || r.Kind == "" {
			return r, false
		}
	}
	if !p.lit(`,"run":`) {
		return r, false
	}
	if r.Run, ok = p.str(); !ok || !p.lit(`,"surface":`) {
		return r, false
	}
	if r.Surface, ok = p.str(); !ok || !p.lit(`,"step":`) {
		return r, false
	}
	if r.Step, ok = p.int(); !ok || !p.lit(`,"names":[`) {
		return r, false
	}
	for !p.lit(`]`) {
		if len(r.Names) > 0 && !p.lit(`,`) {
			return r, false
		}
		var n string
		if n, ok = p.str(); !ok {
			return r, false
		}
		r.Names = append(r.Names, n)
	}
	if !p.lit(`,"mac":`) {
		return r, false
	}
	if r.MAC, ok = p.str(); !ok || !p.lit(`}`) || p.i != len(p.b) {
		return r, false
	}
	if r.Names == nil {
		r.Names = []string{}
	}
	return r, true
}

type mintedParser struct {
	b []byte
	i int
}

// lit consumes s when the input continues with it.
func (p *mintedParser) lit(s string) bool {
	if len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// str reads a string of printable ASCII without escapes.
func (p *mintedParser) str() (string, bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", false
	}
	start := p.i + 1
	for j := start; j < len(p.b); j++ {
		switch c := p.b[j]; {
		case c == '"':
			p.i = j + 1
			return string(p.b[start:j]), true
		case c < 0x20 || c > 0x7e || c == '\\':
			return "", false
		}
	}
	return "", false
}

// int reads a non-negative decimal integer of at most 10 digits, without
// a leading zero.
func (p *mintedParser) int() (int, bool) {
	start, n := p.i, 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' && p.i-start < 10 {
		n = n*10 + int(p.b[p.i]-'0')
		p.i++
	}
	digits := p.i - start
	if digits == 0 || (digits > 1 && p.b[start] == '0') || (p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9') {
		return 0, false
	}
	return n, true
}
