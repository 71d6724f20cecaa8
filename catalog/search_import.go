package catalog

import (
	"slices"
	"strings"
)

// How the search reads a tool as services write them: names prefixed
// with the service's own name, one tool per resource with an operation
// parameter, effects left unsaid, descriptions with remarks and
// references to sibling tools.

// reads reports whether the search takes a tool as one that only reads:
// its effects say so, or it was imported without a word on its effects
// (its effects are assumed: an MCP tool without annotations is
// destructive by the spec's default; or it says only "not destructive",
// external-write) and its
// name says it reads ("get_tasks"), or, for a tool that dispatches on
// operations (see operations), every operation does. Without that, a
// question would favour a service that annotates its tools over one that
// does not.
func reads(c Contract, name []string, ops []string, st stemmer) bool {
	if c.Effects == EffectsReadOnly {
		return true
	}
	if c.Effects != EffectsExternalWrite && !c.EffectsAssumed && !closedWorldWrite(c) {
		return false
	}
	if len(ops) > 0 {
		// a tool that dispatches on operations reads when each of them
		// does ("get", "by_project", "by_date")
		for _, op := range ops {
			if !opReads(st.terms(op)) {
				return false
			}
		}
		return true
	}
	return nameReads(name)
}

// closedWorldWrite reports whether c is a write the import classed
// workspace-write from its server's hints (not destructive, closed
// world): the hints say no more of whether it reads than external-write's
// do, so its name is read the same way.
func closedWorldWrite(c Contract) bool {
	return c.Effects == EffectsWorkspaceWrite && slices.Contains(c.Constraints, ClosedWorldConstraint)
}

// opReads reports whether an operation's words say it only reads: no
// action but reading ones ("get", "get_comments", "list"), or no action
// at all ("by_date", "stats", "info").
func opReads(ws []string) bool {
	for _, w := range ws {
		if (actionVerbs[w] || editVerbs[w] || writeVerbs[w]) && !readingActions[w] {
			return false
		}
	}
	return true
}

// dispatchParams name the parameter by which one tool does several
// operations ("action": create, get, update, delete; "method": get,
// get_comments): a convention of MCP servers that fold many endpoints
// into one tool.
var dispatchParams = map[string]bool{"action": true, "operation": true, "op": true, "method": true, "command": true}

// operations are the values of a tool's dispatch parameter, when it has
// one: a top-level parameter named as dispatchParams says, whose values
// are an enumeration of words. They say whether the tool only reads (see
// reads); they are not searched (as a field of their own they did not
// pay on the held-out third of blind7–14).
func operations(ps []Param) []string {
	for _, p := range ps {
		if !dispatchParams[strings.ToLower(p.Name)] || len(p.Enum) == 0 {
			continue
		}
		var out []string
		for _, v := range p.Enum {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// readingActions are the stems of the action verbs of a tool name that
// only reads ("get_tasks", "retrieve_page", "search_notes").
var readingActions = stemSet("get", "list", "search", "find", "read", "fetch", "query", "retrieve", "view", "show",
	"describe", "lookup", "count", "compare", "inspect", "browse", "download")

// nameReads reports whether a tool's name says it only reads: its first
// word or last word is a reading action, and no other word is an action
// verb of another kind (see opReads).
func nameReads(name []string) bool {
	if len(name) < 2 {
		return false
	}
	return (readingActions[name[0]] || readingActions[name[len(name)-1]]) && opReads(name)
}

// admonitions are the labels of remarks in descriptions ("Note:",
// "**Important:**", "WARNING:"): they say how to read what follows, not
// what the tool does ("note" would make a user list a tool for notes).
var admonitions = map[string]bool{"note": true, "nb": true, "important": true, "warning": true, "caution": true, "tip": true, "hint": true}

// withoutAdmonitions drops admonition labels, each a word right before a
// colon (past any "*"), from a description.
func withoutAdmonitions(text string) string {
	var b []byte
	last := 0
	for i := 0; i < len(text); i++ {
		if text[i] != ':' {
			continue
		}
		j := i
		for j > 0 && text[j-1] == '*' {
			j--
		}
		k := j
		for k > 0 && (text[k-1] >= 'a' && text[k-1] <= 'z' || text[k-1] >= 'A' && text[k-1] <= 'Z') {
			k--
		}
		if k == j || j-k > 9 || !admonitions[strings.ToLower(text[k:j])] {
			continue
		}
		b = append(append(b, text[last:k]...), ' ')
		last = i + 1
	}
	if b == nil {
		return text
	}
	return string(append(b, text[last:]...))
}

// withoutSiblingNames drops from a description the names of the
// service's tools, its own and its siblings' ("use this after
// notion_read_page gives you a block ID"): they say when to use the tool,
// not what it does, and would lend it the sibling's words. A service
// whose tools are not named with its namespace keeps its text.
func withoutSiblingNames(text, ns string) string {
	if ns == "" || !strings.Contains(text, ns+"_") {
		return text
	}
	fs := strings.Fields(text)
	out := fs[:0]
	for _, f := range fs {
		if !strings.HasPrefix(strings.TrimLeft(f, "(\"'`“‘"), ns+"_") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}
