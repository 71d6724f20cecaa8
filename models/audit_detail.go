package models

import "strings"

// withText is an audit detail's head followed by ": " and a person's
// text, or the head alone when the text is blank (no colon before
// nothing).
func withText(head, text string) string {
	if strings.TrimSpace(text) == "" {
		return head
	}
	return head + ": " + text
}
