package main

import "fmt"

// counted writes a count with its noun: "1 problem", "3 problems".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
