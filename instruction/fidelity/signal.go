package fidelity

import "strings"

// unbroken is a signal phrase as a reviewer is shown it: never cut inside
// a bracket or a quotation ("Save report rows in several formats
// (CSV" is shown as "Save report rows in several formats"). A phrase
// that is all inside the opener is kept as it is.
func unbroken(s string) string {
	cut := -1
	var open []int
	quote := map[rune]int{'"': -1, '`': -1}
	for i, r := range s {
		switch r {
		case '(', '[', '{':
			open = append(open, i)
		case ')', ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case '"', '`':
			if quote[r] < 0 {
				quote[r] = i
			} else {
				quote[r] = -1
			}
		}
	}
	if len(open) > 0 {
		cut = open[0]
	}
	for _, at := range quote {
		if at >= 0 && (cut < 0 || at < cut) {
			cut = at
		}
	}
	if cut < 0 {
		return s
	}
	if head := strings.TrimRight(s[:cut], " \t,;:-"); strings.TrimSpace(head) != "" {
		return head
	}
	return s
}
