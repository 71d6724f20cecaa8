package views

import "strings"

// ParagraphsOf splits a text (already dedented: catalog.Dedent) into its
// paragraphs, at blank lines, each a list of its lines: a description
// shown on a page keeps its paragraphs and line breaks.
func ParagraphsOf(text string) [][]string {
	var out [][]string
	var cur []string
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		l = strings.TrimRight(l, " \t")
		if strings.TrimSpace(l) == "" {
			if len(cur) > 0 {
				out = append(out, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, l)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}
