package catalog

import "strings"

// Dedent is a text with the indentation that every line after the first
// shares (a server's source indentation) removed, and nothing else
// changed: how a description is served and shown. Indentation beyond
// the shared one stays; the contract, its digest and the ledger keep the
// text as it came.
func Dedent(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	dedentLines(lines)
	return strings.Join(lines, "\n")
}

// dedentLines removes from lines[1:] the leading blanks (spaces and tabs)
// all of their non-blank lines share (textLines renders with it).
func dedentLines(lines []string) {
	common, set := "", false
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if !set {
			common, set = lead, true
			continue
		}
		n := 0
		for n < len(common) && n < len(lead) && common[n] == lead[n] {
			n++
		}
		common = common[:n]
	}
	if common == "" {
		return
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], common)
	}
}
