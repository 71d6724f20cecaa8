package upstream

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// A connection's secret is masked in what its server says so that nobody
// learns it from the server; text the caller itself sent in the call's
// arguments is already the caller's. Masking it there would answer "is
// this guess a secret?" (a right guess echoed back "[secret]", a wrong one
// as sent). So a call's result and error texts are masked with the
// secrets its arguments do not hold; a secret the server writes
// unprompted is masked as before. The console's own secrets are never
// given to a server: one a server writes unprompted is no text to mask
// but an incident (callSet.exposed; ExposureError).

// callSet is one call's view of its connection's secret set: the lists
// of the secrets its arguments do not hold (sentIn), longest first. It is
// a filter of lists the set made once, so what it costs does not depend
// on whether an argument equals a secret.
type callSet struct {
	// all: every unsent form (error texts, logs)
	all []string
	// conn, connEnc: the unsent forms of the connection's own secrets
	// (masked in results), and as encodedInString writes them
	conn    []string
	connEnc [][]byte
	// console: the unsent forms of the console's own secrets (an
	// incident in a result), with the group each is of
	console []formRef
	set     *secretSet
}

// forCall is s as seen by a call whose arguments are args.
func (s *secretSet) forCall(args []byte) *callSet {
	sent := s.sentIn(args)
	c := &callSet{set: s, all: make([]string, 0, len(s.order)), conn: make([]string, 0, len(s.order)), connEnc: make([][]byte, 0, len(s.order)), console: make([]formRef, 0, len(s.order))}
	for _, r := range s.order {
		if sent[r.g] {
			continue
		}
		g := &s.groups[r.g]
		c.all = append(c.all, g.forms[r.f])
		if g.console {
			c.console = append(c.console, r)
			continue
		}
		c.conn = append(c.conn, g.forms[r.f])
		c.connEnc = append(c.connEnc, g.enc[r.f])
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
	for gi := range s.groups {
		g := &s.groups[gi]
		for fi, f := range g.forms {
			for _, t := range texts {
				if holdsForm(t, f, fi == 0 && g.word) {
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

// holdsForm says whether t holds f where masking would write it over: a
// short console secret's value (word) only where it stands as a word of
// its own (maskSecret), anything else wherever it stands.
func holdsForm(t, f string, word bool) bool {
	if !word {
		return strings.Contains(t, f)
	}
	for i := 0; ; {
		j := strings.Index(t[i:], f)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(t[:j])
		after, _ := utf8.DecodeRuneInString(t[j+len(f):])
		if !(j > 0 && wordRune(before) || j+len(f) < len(t) && wordRune(after)) {
			return true
		}
		i = j + 1
	}
}
