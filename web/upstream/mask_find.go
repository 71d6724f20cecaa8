package upstream

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// A secret's form is looked for in a text one way wherever it is looked
// for: in a result or an error text, to mask a connection's secret or to
// tell whether it holds one of the console's; in a call's arguments, to
// tell what the call sent and where. The form is found as written and,
// when long enough (spacedForm), with separators between its characters
// (mask_spaced.go): a hex or base64 form written in groups with dashes or
// spaces between them, the value spaced out. A short console secret's
// value counts only where it stands as a word of its own.

// textScan is a text made ready to look for forms in: its view without
// separators is built at the first look that needs it.
type textScan struct {
	t  string
	st *spacedText
}

// each calls fn with [i, j) of each occurrence in the text of form fi of
// group g, as written and then with separators between its characters
// (overlapping ones too), until fn returns false.
func (x *textScan) each(g *secretGroup, fi int, fn func(i, j int) bool) {
	f, word := g.forms[fi], fi == 0 && g.word
	for at := 0; ; {
		k := strings.Index(x.t[at:], f)
		if k < 0 {
			break
		}
		i, j := at+k, at+k+len(f)
		at = i + 1
		if word && !standsAlone(x.t, i, j) {
			continue
		}
		if !fn(i, j) {
			return
		}
	}
	if g.spaced[fi] == nil {
		return
	}
	if x.st == nil {
		x.st = newSpacedText(x.t)
	}
	x.st.each(g.spaced[fi], word, fn)
}

// holds says whether the text holds form fi of group g (each).
func (x *textScan) holds(g *secretGroup, fi int) bool {
	held := false
	x.each(g, fi, func(int, int) bool { held = true; return false })
	return held
}

// spans is the occurrences in the text of the forms refs (longest
// first), in the order they stand, none overlapping another: an
// occurrence that overlaps one found before (of a longer form, or the
// same as written) is left out, as masking the longer would have left it.
func (x *textScan) spans(set *secretSet, refs []formRef) []span {
	var found []span
	for _, r := range refs {
		x.each(&set.groups[r.g], r.f, func(i, j int) bool {
			for _, o := range found {
				if i < o.j && o.i < j {
					return true
				}
			}
			found = append(found, span{i, j, r.g})
			return true
		})
	}
	return sortedSpans(found)
}

// standsAlone says whether [i, j) of t stands as a word of its own: no
// letter, digit, "_" or "-" right before or after it (maskSecret).
func standsAlone(t string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(t[:i])
	after, _ := utf8.DecodeRuneInString(t[j:])
	return !(i > 0 && wordRune(before) || j < len(t) && wordRune(after))
}

// each calls fn with [i, j) of st's text for each occurrence of f (a
// form without its separators) with separators between its characters
// (or none): from its first character to its last; for a short console
// secret's value (word), only where it stands as a word of its own.
func (st *spacedText) each(f []byte, word bool, fn func(i, j int) bool) {
	for k := 0; ; {
		j := bytes.Index(st.d[k:], f)
		if j < 0 {
			return
		}
		j += k
		k = j + 1
		from, to := st.at[j], st.at[j+len(f)-1]+1
		if word && !standsAlone(st.t, from, to) {
			continue
		}
		if !fn(from, to) {
			return
		}
	}
}
