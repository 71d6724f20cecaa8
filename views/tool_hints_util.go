package views

import "strings"

func joinQuoted(ws []string) string {
	return "“" + strings.Join(ws, "”, “") + "”"
}

func joinLines(ws []string) string { return strings.Join(ws, "\n") }
