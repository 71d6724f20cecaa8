package upstream

import (
	"bytes"
	"encoding/json"
	"strings"
)

// A connection's secret is masked in what its server says so that nobody
// learns it from the server. Text the caller itself sent in the call's
// arguments is already the caller's: masking its echo would answer "is
// this guess a secret?" (a right guess echoed back "[secret]", a wrong one
// as sent), and sparing every copy of a sent secret would too (the
// server's own copy shown in clear for a right guess only). So a copy of
// a sent secret is spared only where it echoes the argument that held it
// (mask_echo.go); every other copy is masked. The console's own secrets
// are never given to a server: one a server writes unprompted is no text
// to mask but an incident (callSet.exposed; ExposureError), and one the
// arguments hold is not masked (the server never had it: any copy is an
// echo of a caller's).

// callSet is one call's view of its connection's secret set: the lists
// of the forms it masks, longest first. It is a filter of lists the set
// made once, so what it costs does not depend on whether an argument
// equals a secret.
type callSet struct {
	// all: every form masked in error texts and logs (the console's
	// unsent, the connection's all)
	all []formRef
	// conn, connEnc: the forms of the connection's own secrets (masked
	// in results), and as encodedInString writes them
	conn    []formRef
	connEnc [][]byte
	// console: the unsent forms of the console's own secrets (an
	// incident in a result), with the group each is of
	console []formRef
	set     *secretSet
	// args and sent (per group, sentIn): the call's arguments and the
	// secrets they hold; hits, once read (echoHits), the occurrences of
	// the sent connection secrets' forms in them, per group
	args []byte
	sent []bool
	hits map[int][]echoHit
}

// forCall is s as seen by a call whose arguments are args.
func (s *secretSet) forCall(args []byte) *callSet {
	sent := s.sentIn(args)
	c := &callSet{set: s, args: args, sent: sent, conn: s.conn, connEnc: s.connEnc, all: make([]formRef, 0, len(s.order)), console: make([]formRef, 0, len(s.order))}
	for _, r := range s.order {
		g := &s.groups[r.g]
		if !g.console {
			c.all = append(c.all, r)
			continue
		}
		if sent[r.g] {
			continue
		}
		c.all = append(c.all, r)
		c.console = append(c.console, r)
	}
	return c
}

// sentIn says, per group, whether the call's arguments args hold its
// value or one of its forms (in the arguments' text as sent, or in any
// string or member name they hold at any depth once decoded, when an
// escape may make the two differ). Every form
// is looked for in both texts, whatever was found before, so the cost is
// the same for a right guess and a wrong one.
func (s *secretSet) sentIn(args []byte) []bool {
	sent := make([]bool, len(s.groups))
	if len(args) == 0 || len(s.groups) == 0 {
		return sent
	}
	texts := []string{string(args)}
	if bytes.IndexByte(args, '\\') >= 0 {
		// an escape may spell a form otherwise ("\u0061dmin"); without
		// one, each string's text as sent is itself, and the text as
		// sent is all there is to look in
		texts = append(texts, joinedStrings(args))
	}
	scans := make([]*textScan, len(texts))
	for i, t := range texts {
		// built whatever is found, so a right guess costs what a wrong one does
		scans[i] = &textScan{t: t, st: newSpacedText(t)}
	}
	for gi := range s.groups {
		g := &s.groups[gi]
		for fi := range g.forms {
			for _, x := range scans {
				if x.holds(g, fi) {
					sent[gi] = true
				}
			}
		}
	}
	return sent
}

// textSep joins the strings of a JSON value (joinedStrings): no secret's
// form holds it and it is no word character, so no form is found across
// two strings and a word ends at it.
const textSep = "\x00"

// joinedStrings is every string and member name the JSON value b holds,
// at any depth, joined by textSep ("" when b is not JSON).
func joinedStrings(b []byte) string {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return ""
	}
	var out strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out.WriteString(x)
			out.WriteString(textSep)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				out.WriteString(k)
				out.WriteString(textSep)
				walk(e)
			}
		}
	}
	walk(v)
	return out.String()
}
