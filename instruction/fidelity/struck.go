package fidelity

import "strings"

// withoutStruck drops the mentions inside struck-out text ("~~You email
// it to the client.~~"): markdown's deletion marks words withdrawn, which
// teach nothing.
func withoutStruck(text string, ms []mention) []mention {
	if !strings.Contains(text, "~~") || len(ms) == 0 {
		return ms
	}
	var spans [][2]int
	for from := 0; ; {
		a := strings.Index(text[from:], "~~")
		if a < 0 {
			break
		}
		a += from + 2
		b := strings.Index(text[a:], "~~")
		if b < 0 {
			break
		}
		spans = append(spans, [2]int{a - 1, a + b})
		from = a + b + 2
	}
	out := ms[:0]
	for _, m := range ms {
		if !inSpans(spans, m.start) {
			out = append(out, m)
		}
	}
	return out
}
