package fidelity

import (
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// provides reports whether the scope's tools provide a class: a class of
// the table, a later step's verb ("action:merge"), or the instrument of
// "your X" ("tool:formatter", provided by a tool whose words begin as the
// instrument's do: format_code, classify_text).
func (s *Scope) provides(class string) bool {
	if s.classes[class] {
		return true
	}
	// a scope is shared by the checks of one allowed set: its answers
	// (lexicon lookups among them) are kept
	if v, ok := s.answers.Load(class); ok {
		return v.(bool)
	}
	v := s.judgeClass(class)
	s.answers.Store(class, v)
	return v
}

func (s *Scope) judgeClass(class string) bool {
	if s.classes[class] {
		return true
	}
	if class == "code-execution" && s.exec {
		return true
	}
	if v, ok := strings.CutPrefix(class, "action:"); ok {
		// a tool whose verb is the step's or a close relative of it
		// in the lexicon ("rebook": book); a tool that returns, gets or
		// lists a thing is no relative of a deed that changes one
		// ("revert the file": return, in another sense)
		if strings.HasPrefix(v, "re") && !isVerb(v) {
			v = v[2:] // "rebook": a tool that books
		}
		stem := catalog.Stem(v)
		if s.classes["stem:"+stem] {
			return true
		}
		for _, r := range catalog.Relatives(stem) {
			if r.Weight >= 0.5 && !retrievalStems()[r.Stem] && s.classes["stem:"+r.Stem] {
				return true
			}
		}
	}
	if x, ok := strings.CutPrefix(class, "tool:"); ok {
		// "your sentiment classifier": a tool whose words begin as one
		// of the phrase's words (sentiment_analysis, classify_text)
		ws := strings.Fields(x)
		all := len(ws) > 1
		for _, w := range ws {
			all = all && s.classes["says:"+singular(w)]
		}
		if all {
			return true // "the knowledge graph": memory_add adds facts to the knowledge graph
		}
		key := "word:"
		if head := ws[len(ws)-1]; strings.HasSuffix(head, "ing") || strings.HasSuffix(head, "ion") || strings.HasSuffix(head, "sis") {
			ws = ws[len(ws)-1:] // "your image understanding": understanding, not images
		} else if instrument(head) && !agentHeads[head] {
			// "your route optimizer": a tool that optimizes, or one that
			// acts on routes (check_route), not one that returns a
			// route (get_route_sheet)
			if s.rootIn("word:", head) && s.metModifier(ws[:len(ws)-1]) {
				return true // (a file reader is read_file; a barcode reader is not)
			}
			ws, key = ws[:len(ws)-1], "subject:"
		}
		for _, w := range ws {
			if s.rootIn(key, w) {
				return true
			}
		}
	}
	if x, ok := strings.CutPrefix(class, "service:"); ok {
		ws := strings.Fields(x)
		if iface := ws[len(ws)-1]; interfaceNouns[iface] {
			// "in the Jira UI": a browser, or a tool of those screens
			// ("jira_ui_click"); a tool of the product's API is none
			return s.provides("browse") || s.classes["word:"+iface] && len(ws) > 1 && s.classes["word:"+ws[0]]
		}
		// "through OpenTable", "in the pharmacy system": a tool whose
		// own words name the service; a document's ("the ledger
		// spreadsheet") also the document (a ledger tool keeps no sheet)
		if s.documentMissing(class) {
			return false
		}
		for _, w := range ws {
			if !venueNouns[w] && len(w) >= 3 && s.classes["word:"+strings.TrimSuffix(w, "'s")] {
				return true
			}
		}
	}
	return false
}

// rootIn reports whether a class key begins with the root of w (its
// first letters, less a suffix of up to three: "classifier" is met by
// "word:classify"); a word of the agent's own heads or under four
// letters has none.
func (s *Scope) rootIn(key, w string) bool {
	if agentHeads[w] || len(w) < 4 {
		return false
	}
	root := key + w[:max(4, len(w)-3)]
	for c := range s.classes {
		if strings.HasPrefix(c, root) {
			return true
		}
	}
	return false
}

// suggestion is what a reviewer can do about a capability finding.
func suggestion(class, signal string) string {
	does := strings.TrimPrefix(class, "action:")
	switch {
	case strings.HasPrefix(class, "tool:"):
		does = "does what “" + strings.TrimPrefix(class, "tool:") + "” does"
	case strings.HasPrefix(class, "action:"):
		does = "can " + does
	case strings.HasPrefix(class, "service:"):
		does = "works with " + strings.TrimPrefix(class, "service:")
	default:
		for _, c := range capClasses {
			if c.name == class {
				does = c.does
			}
		}
	}
	return "Reword the description on review so it does not ask for “" + signal + "”, or connect a tool that " + does + "."
}

// retrievalStems are the stems of retrievalVerbs.
var retrievalStems = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for v := range retrievalVerbs {
		m[catalog.Stem(v)] = true
	}
	return m
})

// documentHeads end the name of a document kept somewhere ("the ledger
// spreadsheet", "the rota sheet").
var documentHeads = set("spreadsheet", "spreadsheets", "sheet", "sheets", "workbook", "workbooks")

// documentMissing: the service class names a document by what it holds
// ("service:ledger spreadsheet") and no roster tool's name or headline
// names the document itself: a tool of the ledger keeps no spreadsheet.
func (s *Scope) documentMissing(class string) bool {
	ws := strings.Fields(strings.TrimPrefix(class, "service:"))
	if len(ws) < 2 {
		return false
	}
	head := ws[len(ws)-1]
	return documentHeads[head] && !s.classes["word:"+head] && !s.classes["word:"+singular(head)] &&
		!s.classes["says:"+head] && !s.classes["says:"+singular(head)]
}
