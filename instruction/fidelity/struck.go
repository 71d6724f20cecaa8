package fidelity

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// withoutStruck drops the mentions inside struck-out text ("~~You email
// it to the buyer.~~ This tool sends it now."): the model reads struck
// text as written, so only a withdrawn sentence that its line replaces
// teaches nothing. A span counts when it is markdown's strike-through
// (see struckSpans) and unstruck words follow it on its line; two "~~"
// across sentences or lines, or a struck step with nothing after it,
// hide nothing.
func withoutStruck(text string, ms []mention) []mention {
	if !strings.Contains(text, "~~") || len(ms) == 0 {
		return ms
	}
	spans := struckSpans(text)
	if len(spans) == 0 {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		if !inSpans(spans, m.start) {
			out = append(out, m)
		}
	}
	return out
}

// struckSpans lists the strike-through spans of text that a replacement
// follows, each as (index of the opener's last tilde, index of the
// closer): a run of exactly two tildes not followed by a space opens, the
// next such run on the same line not preceded by a space closes, and a
// letter must follow the closer on its line outside any later span.
func struckSpans(text string) [][2]int {
	var spans [][2]int
	lineStart := 0
	for lineStart <= len(text) {
		end := strings.IndexByte(text[lineStart:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += lineStart
		}
		spans = append(spans, lineSpans(text, lineStart, end)...)
		lineStart = end + 1
	}
	return spans
}

// lineSpans is struckSpans for the line text[from:to].
func lineSpans(text string, from, to int) [][2]int {
	var runs []int // starts of runs of exactly two tildes
	for i := from; i < to; {
		if text[i] != '~' {
			i++
			continue
		}
		j := i
		for j < to && text[j] == '~' {
			j++
		}
		if j-i == 2 {
			runs = append(runs, i)
		}
		i = j
	}
	var found [][2]int
	for k := 0; k < len(runs); k++ {
		open := runs[k]
		if open+2 >= to || spaceAt(text, open+2) {
			continue
		}
		for c := k + 1; c < len(runs); c++ {
			if close := runs[c]; close-1 > open+1 && !spaceBefore(text, close) {
				found = append(found, [2]int{open + 1, close})
				k = c
				break
			}
		}
	}
	var out [][2]int
	for n, sp := range found {
		rest := to
		if n+1 < len(found) {
			rest = found[n+1][0] - 1
		}
		if strings.IndexFunc(text[sp[1]+2:rest], unicode.IsLetter) >= 0 {
			out = append(out, sp)
		}
	}
	return out
}

// spaceAt reports whether the character at text[i:] is white space.
func spaceAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r)
}

// spaceBefore reports whether the character ending at text[:i] is white
// space.
func spaceBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return unicode.IsSpace(r)
}
