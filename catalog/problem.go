package catalog

import (
	"fmt"
	"strings"
)

// Problem is one validation finding, located by tool and field.
type Problem struct {
	Tool  string `json:"tool"`
	Field string `json:"field"`
	// Keyword is the JSON-Schema keyword (or native field) the problem is
	// about, when it is about one; Field ends with it.
	Keyword string `json:"keyword,omitempty"`
	Message string `json:"message"`
}

// String renders the problem as "tool: field: message", the tool and the
// field as ShownName prints them (they are the imported document's).
func (p Problem) String() string {
	tool := ShownName(p.Tool)
	if tool == "" {
		tool = "(catalog)"
	}
	p.Field = ShownName(p.Field)
	if p.Field == "" {
		return fmt.Sprintf("%s: %s", tool, p.Message)
	}
	return fmt.Sprintf("%s: %s: %s", tool, p.Field, p.Message)
}

// Problems is every finding of one validation; a non-empty Problems is an
// error and nothing it describes may be loaded.
type Problems []Problem

// Error lists every problem on its own line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	noun := "problems"
	if len(ps) == 1 {
		noun = "problem"
	}
	return fmt.Sprintf("%d %s:\n%s", len(ps), noun, strings.Join(lines, "\n"))
}

// MaxProblems bounds the problems one import reports: a document of many
// faults costs no more to answer than the listing a person reads. (Its
// warnings, one per parameter without a description, are bounded by the
// schema budget and all shown: an admin fixes each.)
const MaxProblems = 200

// full reports whether a list holds MaxProblems findings and the note that
// more were cut, so a caller can skip formatting a message nobody sees.
func full(n int) bool { return n > MaxProblems }

// cut is the last finding of a list that reached MaxProblems.
var cut = Problem{Field: "file", Message: fmt.Sprintf("more problems were found; the first %d are listed", MaxProblems)}

// push appends a finding, or the note that the list was cut once it holds
// MaxProblems.
func push(l []Problem, p func() Problem) []Problem {
	switch {
	case full(len(l)):
		return l
	case len(l) == MaxProblems:
		return append(l, cut)
	}
	return append(l, p())
}

func (ps *Problems) add(tool, field, format string, args ...any) {
	*ps = push(*ps, func() Problem { return Problem{Tool: tool, Field: field, Message: fmt.Sprintf(format, args...)} })
}

// Warnings are findings that do not stop an import, each located like a
// Problem; the admin sees them beside the preview.
type Warnings []Problem

func (ws *Warnings) add(tool, field, format string, args ...any) {
	*ws = append(*ws, Problem{Tool: tool, Field: field, Message: fmt.Sprintf(format, args...)})
}
