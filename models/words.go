package models

import "fmt"

// plural writes a count with its noun: "1 tool", "3 tools".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
