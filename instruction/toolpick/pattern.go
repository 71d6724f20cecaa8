package toolpick

import (
	"fmt"
	"slices"
	"strings"
)

// IsPattern reports whether a typed id is a pattern ("memory.*", "*"):
// no tool id holds "*", and no list of ids expands one, so a pattern is
// refused saying so rather than as an unknown id.
func IsPattern(id string) bool { return strings.Contains(id, "*") }

// PatternMessage says that pattern id is no noun ("tool id", "pin") and
// that the list takes them one by one, with an example: the first by
// name of known's ids of the pattern's service, when known has one.
func PatternMessage(id, noun string, known map[string]bool) string {
	var of []string
	for k, ok := range known {
		if ok {
			of = append(of, k)
		}
	}
	return PatternSays(id, noun, "list the "+noun+"s one by one", of)
}

// PatternSays is a pattern's refusal: id is no noun, then what the list
// takes (takes), with the first by name of ids that belong to the
// pattern's service as the example (none when ids has none: a refusal
// names only ids its reader may see).
func PatternSays(id, noun, takes string, ids []string) string {
	msg := fmt.Sprintf("%q is a pattern, not a %s: %s", id, noun, takes)
	if ex := patternExample(id, ids); ex != "" {
		msg += " (as " + ex + ")"
	}
	return msg
}

// patternExample is the first by name of ids whose service is the one
// pattern id names before ".*", or "".
func patternExample(id string, ids []string) string {
	ns, ok := strings.CutSuffix(id, ".*")
	if !ok || ns == "" || strings.Contains(ns, "*") {
		return ""
	}
	var in []string
	for _, k := range ids {
		if strings.HasPrefix(k, ns+".") {
			in = append(in, k)
		}
	}
	if len(in) == 0 {
		return ""
	}
	return slices.Min(in)
}
