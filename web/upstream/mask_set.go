package upstream

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// namedSecret is a connection's secret value and where it is set
// ("--env NAME", "--header NAME"): what a record of it names.
type namedSecret struct{ label, value string }

// namedConnSecrets are the secret values of spec that are masked in
// whatever of the server's text leaves the console, with where each is
// set (in the order of the names): each --env and --header value of at
// least minSecret bytes and, for a header value of the form "Scheme
// credential" (Authorization: Bearer …), the credential alone too.
func namedConnSecrets(spec Spec) []namedSecret {
	var out []namedSecret
	add := func(label, v string) {
		if len(v) >= minSecret {
			out = append(out, namedSecret{label, v})
		}
	}
	for _, k := range slices.Sorted(maps.Keys(spec.Env)) {
		add("--env "+k, spec.Env[k])
	}
	for _, k := range slices.Sorted(maps.Keys(spec.Headers)) {
		v := spec.Headers[k]
		add("--header "+k, v)
		if scheme, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && scheme != "" && !strings.ContainsAny(scheme, "=,") {
			add("--header "+k, strings.TrimSpace(cred))
		}
	}
	return out
}

// secretSet is a connection's secret values and the console's own, with
// their encoded forms (encodedForms), built once per version of the
// connection's spec: plain holds every form longest first, encoded each
// as encodedInString writes it; groups holds each value with its own
// forms, and order every form's place, longest first, so a call's view
// (forCall) is a filter of lists made here, never a rebuild.
type secretSet struct {
	plain   []string
	encoded [][]byte
	// conn, connEnc: the forms of the connection's own secrets alone,
	// longest first, and as encodedInString writes them
	conn    []formRef
	connEnc [][]byte
	groups  []secretGroup
	order   []formRef
}

// secretGroup is one secret value (forms[0]) and its encoded forms, each
// also as encodedInString writes it. console: one of the console's own
// secrets that no connection holds (a server is never given it); word:
// its value is masked and found only as a word of its own (maskSecret).
type secretGroup struct {
	forms   []string
	enc     [][]byte
	console bool
	word    bool
	// label: where a connection's secret is set ("--env NAME")
	label string
	// spaced, spacedEnc: each form, and as encodedInString writes it,
	// without separators (spacedForm; nil: too short)
	spaced, spacedEnc [][]byte
}

// formRef is form f of group g.
type formRef struct{ g, f int }

func newSecretSet(spec Spec) *secretSet {
	conn := map[string]bool{}
	var groups []secretGroup
	for _, n := range namedConnSecrets(spec) {
		if !conn[n.value] {
			conn[n.value] = true
			groups = append(groups, secretGroup{forms: append([]string{n.value}, encodedForms(n.value)...), label: n.label})
		}
	}
	p := consoleSecrets.Load()
	for _, v := range consoleSecretValues() {
		if !conn[v] {
			// a value a connection holds too is that connection's: its
			// server was given it
			conn[v] = true
			groups = append(groups, secretGroup{forms: append([]string{v}, encodedForms(v)...), console: true, word: p != nil && p.words[v]})
		}
	}
	return setOf(groups)
}

// setOf is the secret set of groups.
func setOf(groups []secretGroup) *secretSet {
	s := &secretSet{groups: groups}
	for gi := range s.groups {
		g := &s.groups[gi]
		g.enc = make([][]byte, len(g.forms))
		g.spaced, g.spacedEnc = make([][]byte, len(g.forms)), make([][]byte, len(g.forms))
		for fi, f := range g.forms {
			g.enc[fi] = encodedInString(f)
			g.spaced[fi], g.spacedEnc[fi] = spacedForm([]byte(f)), spacedForm(g.enc[fi])
			s.order = append(s.order, formRef{gi, fi})
		}
	}
	sort.SliceStable(s.order, func(i, j int) bool {
		a, b := s.order[i], s.order[j]
		return len(s.groups[a.g].forms[a.f]) > len(s.groups[b.g].forms[b.f])
	})
	for _, r := range s.order {
		s.plain = append(s.plain, s.groups[r.g].forms[r.f])
		s.encoded = append(s.encoded, s.groups[r.g].enc[r.f])
		if !s.groups[r.g].console {
			s.conn = append(s.conn, r)
			s.connEnc = append(s.connEnc, s.groups[r.g].enc[r.f])
		}
	}
	return s
}
