package fidelity

import "strings"

// Check reports what text teaches beyond the scope, in order of position.
func (c *Checker) Check(text string, s *Scope) []Finding {
	return c.filter(text, c.mentions("", text), s, entry{})
}

// entry is the roster service tool whose own catalog entry a text unit
// is, if any (see CheckComposition).
type entry struct {
	ok bool
	// ns is the tool's service
	ns string
	// runner: the tool runs code or commands itself
	runner bool
	// shell: the tool runs commands in a shell (shellTool)
	shell bool
	// products are the other services its service's tools keep naming
	products map[string]bool
	// headline is the first clause of the tool's purpose (headline)
	headline string
	// lead is the first sentence of the tool's purpose (firstSentence)
	lead string
}

// inHeadline reports whether a capability mention stands in the first
// sentence of the entry's own purpose, opened by its verb ("Search and
// list the tables of a MySQL schema"): the tool says what it
// does itself, it asks nothing of the agent.
func (e entry) inHeadline(text string, m mention) bool {
	if !e.ok || m.kind != KindCapability || len(e.lead) < 8 {
		return false
	}
	at := strings.Index(text, e.lead)
	return at >= 0 && m.start == at && m.end <= at+len(e.lead)
}

// speaksOfItself reports whether a mention in the entry is the service
// tool describing itself: a loose signal phrase of a console tool ("the
// most powerful web search tool"); the running of code by a tool that
// runs code (not the writing of a program, which only the code channel
// serves); where it acts, named as a service of the same product as its
// own ("Create a comment in Notion" by a second Notion server, connected
// as notionother, or as wiki when its tools keep naming Notion).
func (e entry) speaksOfItself(m mention) bool {
	switch {
	case !e.ok:
		return false
	case m.loose:
		return true
	case m.kind == KindExec:
		// a command line handed over in backticks needs a shell even
		// in the entry of a tool that runs SQL or tests
		return e.runner && !m.authoring && (!m.shell || e.shell)
	case m.kind == KindService:
		return strings.Contains(e.ns, m.ident) || strings.Contains(m.ident, e.ns) || e.products[m.ident]
	case m.kind == KindCapability && m.ident != "":
		// the product the tool itself works on ("Retrieve a block from
		// Notion" by a Notion server connected as notionother)
		return strings.Contains(e.ns, m.ident) || e.products[m.ident] || mentionsWord(e.headline, m.ident)
	}
	return false
}

// filter judges the mentions of one text unit; in a roster service tool's
// own entry, what the tool says of itself is no finding.
func (c *Checker) filter(text string, ms []mention, s *Scope, own entry) []Finding {
	var out []Finding
	last := -1
	// one finding per kind and tool within a stretch of text: overlapping
	// phrases of one sentence ("write a Python program", "in the
	// interpreter") are one place
	seen := map[string]int{}
	for _, m := range ms {
		if own.speaksOfItself(m) || own.runner && m.kind == KindExec && runsInSentence(text, m) || own.inHeadline(text, m) || own.namesItsSubject(m) ||
			own.leadNamesItsWork(text, m) {
			continue
		}
		f, ok := s.judge(m)
		if ok && m.kind == KindCapability && (s.exampleOf(text, m.end) || flagLine(text, m.start)) {
			ok = false // a boolean flag's description says what the tool does when it is set
		}
		if ok && m.kind == KindExec && !m.authoring && s.provides("code-execution") && (!m.shellNeeded() || s.provides("shell")) {
			ok = false // a roster tool runs code ("python_sandbox: runs Python code")
		}
		if ok && m.kind == KindExec && own.ok && programSignal(m.signal) && paramLine(text, m.start) {
			ok = false // the tool's own mechanism or a value's source, in a parameter's description
		}
		if ok && m.kind == KindExec && (s.values[lastWord(m.signal)] || webPrograms[lastWord(m.signal)] && s.provides("browse") || s.named(lastWord(m.signal))) {
			ok = false // "use `jq`" for the tool's own jq parameter; "use curl" beside a fetch tool
		}
		if ok && needDenied(text, m.start) {
			ok = false // "there is no need to run openssl on them"
		}
		if !ok || m.start == last {
			continue
		}
		key := f.Kind + "\x00" + f.Tool
		if end, dup := seen[key]; dup && m.start <= end+nearby {
			seen[key] = max(end, m.end)
			continue
		}
		seen[key] = m.end
		last = m.start
		f.Offset, f.Excerpt = m.start, excerpt(text, m.start, m.end)
		out = append(out, f)
	}
	return out
}
