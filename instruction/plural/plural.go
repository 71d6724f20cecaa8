// Package plural writes counts with their nouns for every text a person
// reads (pages, flashes, CLI output, API and gateway messages): "1 search",
// "2 searches", never "1 searches" nor "search(es)".
package plural

import (
	"strconv"
	"strings"
)

// Noun is noun in the form count n takes: itself for 1, else its regular
// English plural (s; es after s, x, z, ch, sh; ies after a consonant and y).
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	case len(noun) > 1 && noun[len(noun)-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// Count is the count followed by its noun: Count(1, "search") is
// "1 search", Count(3, "search") "3 searches".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// CountForms is the count followed by one or many as it takes, for a noun
// whose plural is irregular or a phrase whose verb agrees: CountForms(3,
// "tool is", "tools are") is "3 tools are".
func CountForms(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
