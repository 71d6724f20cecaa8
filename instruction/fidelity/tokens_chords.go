package fidelity

import "strings"

// Chord symbols between the words of a song. Lyrics written with their
// chords put a bracketed symbol ("[Am]", "[G/B]", "[C#m7]") before the
// syllable it falls on, inside a word too ("Pay[G]Pal"); the words are the
// song's sentence, and a reader reads them without the chords. In a line
// holding two such symbols or more, dropChords removes their words and
// joins a word a symbol splits; the word after a symbol that opened a
// line or a clause opens it in its stead. A single bracketed letter
// ("[A] yes") is an option's label, not a chord.
func dropChords(text string, ts []token) []token {
	if strings.IndexByte(text, '[') < 0 {
		return ts
	}
	spans := chordSpans(text)
	if len(spans) == 0 {
		return ts
	}
	out := ts[:0]
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		sp, in := spanHolding(spans, t.start)
		if !in {
			out = append(out, t)
			continue
		}
		sentence, clause := t.sentence, t.clause
		for i+1 < len(ts) && ts[i+1].start < sp[1] {
			i++
		}
		if i+1 >= len(ts) {
			break
		}
		next := ts[i+1]
		if n := len(out); n > 0 && out[n-1].end == sp[0] && next.start == sp[1] {
			// "Pay[G]Pal": one word the chord splits
			prev := &out[n-1]
			prev.text, prev.lower, prev.end = prev.text+next.text, prev.lower+next.lower, next.end
			i++
			continue
		}
		ts[i+1].sentence = ts[i+1].sentence || sentence
		ts[i+1].clause = ts[i+1].clause || clause
	}
	return out
}

// chordSpans are the bracketed chord symbols of the lines holding two or
// more, as [open, close+1) offsets.
func chordSpans(text string) [][2]int {
	var out [][2]int
	for line := 0; line < len(text); {
		end := strings.IndexByte(text[line:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += line
		}
		var found [][2]int
		for k := line; k < end; k++ {
			if text[k] != '[' {
				continue
			}
			c := strings.IndexByte(text[k:end], ']')
			if c > 1 && c <= 8 && chordSymbol(text[k+1:k+c]) {
				found = append(found, [2]int{k, k + c + 1})
			}
		}
		if len(found) >= 2 {
			out = append(out, found...)
		}
		line = end + 1
	}
	return out
}

// chordSymbol: s is a chord's name — a root A to G, a sharp or a flat, a
// quality (m, maj, min, dim, aug, sus, add), a number, a bass note after
// "/" ("Am", "G/B", "C#m7", "Dsus4", "Bbmaj7").
func chordSymbol(s string) bool {
	root := func(s string) (string, bool) {
		if s == "" || s[0] < 'A' || s[0] > 'G' {
			return s, false
		}
		s = s[1:]
		if s != "" && (s[0] == '#' || s[0] == 'b') {
			s = s[1:]
		}
		return s, true
	}
	s, ok := root(s)
	if !ok {
		return false
	}
	for _, q := range []string{"maj", "min", "dim", "aug", "sus", "add", "m", "M"} {
		if strings.HasPrefix(s, q) {
			s = s[len(q):]
			break
		}
	}
	for s != "" && isDigit(s[0]) {
		s = s[1:]
	}
	if b, ok := strings.CutPrefix(s, "/"); ok {
		s, ok = root(b)
		if !ok {
			return false
		}
	}
	return s == ""
}

// spanHolding is the span holding offset at.
func spanHolding(spans [][2]int, at int) ([2]int, bool) {
	for _, sp := range spans {
		if at >= sp[0] && at < sp[1] {
			return sp, true
		}
	}
	return [2]int{}, false
}
