package views

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	// "approved by [admin rita]": a Go-printed list, as promotions wrote
	// their approvers before they joined them with commas
	printedList = regexp.MustCompile(`^approved by \[([^\[\]]*)\]`)
	// "3 grant(s)": the plural older versions wrote
	countedNoun = regexp.MustCompile(`\b(\d+) ([A-Za-z-]+)\(s\)`)
)

// AuditDetail is an audit event's detail as people read it. The chain is
// append-only and hashed, so events written by older versions keep their
// text for good; this reads them as the current version writes them: the
// approvers of a promotion as "a, b", not "[a b]", and counted nouns with
// their proper plural, not "(s)".
func AuditDetail(detail string) string {
	detail = printedList.ReplaceAllStringFunc(detail, func(m string) string {
		names := strings.Fields(printedList.FindStringSubmatch(m)[1])
		return "approved by " + strings.Join(names, ", ")
	})
	return countedNoun.ReplaceAllStringFunc(detail, func(m string) string {
		sub := countedNoun.FindStringSubmatch(m)
		n, err := strconv.Atoi(sub[1])
		if err != nil {
			return m
		}
		return Plural(n, sub[2], sub[2]+"s")
	})
}
