package web

import "unicode/utf8"

// clipEcho bounds text a response or a log line echoes back: at most n
// bytes, cut on a rune boundary, with an ellipsis when cut.
func clipEcho(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	if cut < 0 {
		cut = 0
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
