package fidelity

import (
	"sort"
	"strings"
)

// kebabName: a name in kebab case with at least two hyphens
// ("hubspot-get-user-details"), not a compound of plain words
// ("up-to-date", "state-of-the-art").
func kebabName(w string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 3 || strings.ToLower(w) != w {
		return false
	}
	for _, p := range parts {
		if p == "" || kebabGlue[p] {
			return false
		}
	}
	return true
}

// sourcePointers name where a value or a deed comes from ("find old
// ones via search-boards", "Get the id from getSilences output"): a
// name there, a verb and its object, is a tool put to use.
var sourcePointers = set("via", "from", "through", "using")

// givenNouns name what a tool gives ("getSilences output").
var givenNouns = set("output", "outputs", "response", "responses", "result", "results")

// kebabGlue are the small words of hyphenated English compounds.
var kebabGlue = set("of", "the", "to", "up", "in", "on", "a", "an", "by", "and", "or", "for", "at", "date", "art", "end", "one", "two", "time")

// compoundTails end an English compound of a verb ("check-out",
// "roll-over", "log-forwarding" ends in a gerund), not a verb's object.
var compoundTails = set("out", "off", "over", "down", "back", "away", "about", "around", "through", "along", "aside")

// lowerCamel: a name in lower camel case ("listFollowedProjects").
// verbFirstName: a name made of a verb and its object, hyphenated
// ("send-email", "describe-index") or in lower camel case with three parts
// or more ("redeemPointsForVoucher"), not an English compound ("follow-up",
// "read-only", "top-k").
func verbFirstName(w string) bool {
	if a, b, ok := strings.Cut(w, "-"); ok {
		return strings.ToLower(w) == w && !strings.Contains(b, "-") && baseVerb(a) && len(b) >= 3 && isNoun(b) &&
			!compoundTails[b] && !strings.HasSuffix(b, "ing") ||
			kebabName(w)
	}
	if !lowerCamel(w) {
		return false
	}
	humps := 0
	first := len(w)
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' {
			humps++
			first = min(first, i)
		}
	}
	return humps >= 2 && baseVerb(w[:first])
}

// oneHumpSource: word i is a one-hump lower camel name of a deed whose
// output a value is taken from ("Get the ID from listWidgets output"): a
// source pointer before it and a noun of what a tool gives after it.
func oneHumpSource(ts []token, i int) bool {
	w := ts[i].text
	if !lowerCamel(w) || i == 0 || i+1 >= len(ts) || ts[i].sentence || ts[i+1].sentence || !sourcePointers[ts[i-1].lower] || !givenNouns[ts[i+1].lower] {
		return false
	}
	k := strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'Z' })
	return k > 0 && baseVerb(w[:k]) && !stateHeads[w[:k]]
}

func lowerCamel(w string) bool {
	return w != "" && w[0] >= 'a' && w[0] <= 'z' && camelCased(w) && !strings.ContainsAny(w, ".-_")
}

// toolPhrases finds a tool named in words and put to use: "call the whole
// project data tool", "use the campaign statistics endpoint instead" — a
// call verb, "the", two to four words and "tool", "endpoint" or
// "function". The words name a tool the roster must have (Scope.judge:
// every word one of a roster tool's name); "this tool", "the same tool"
// name the tool itself.
func toolPhrases(ts []token) []mention {
	var out []mention
	for i := 0; i+4 < len(ts); i++ {
		if !callVerbs[ts[i].lower] || ts[i+1].sentence || negated(ts, i) {
			continue
		}
		a := i + 2
		if ts[i+1].lower != "the" {
			// "call 'Resolve Library ID' tool": a title, no article
			h, ok := titledTool(ts, i+1)
			if !ok || ts[i+1].clause {
				continue
			}
			out = append(out, mention{kind: KindUnknown, ident: joinLower(ts, i+1, h-1), named: true, called: true, titled: true,
				signal: joinLower(ts, i, h), start: ts[i].start, end: ts[h].end})
			continue
		}
		h := a
		for h < len(ts) && h < a+5 && !ts[h].sentence && !ts[h].clause && !ts[h].markup && !ts[h].address && !toolNouns[ts[h].lower] &&
			!functionWords[ts[h].lower] && !determiners[ts[h].lower] && !ts[h].quoted {
			h++
		}
		if h-a < 2 || h-a > 4 || h >= len(ts) || ts[h].sentence || !toolNouns[ts[h].lower] {
			continue
		}
		out = append(out, mention{kind: KindUnknown, ident: joinLower(ts, a, h-1), named: true, called: true,
			signal: joinLower(ts, i, h), start: ts[i].start, end: ts[h].end})
	}
	return out
}

// negated: a "not", "never" or "don't" stands just before the verb at i
// ("do NOT call the reverse geocode tool").
func negated(ts []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3 && !ts[j+1].sentence; j-- {
		switch ts[j].lower {
		case "not", "never", "don", "t", "avoid", "without", "nobody", "noone":
			return true
		}
	}
	// "Never use this tool to run scripts": the deed handed to a tool by
	// a denied call is denied too
	if k := i - 2; k >= 1 && !ts[i].sentence && !ts[i-1].sentence && ts[i-1].lower == "to" {
		if toolNouns[ts[k].lower] || ts[k].lower == "it" || ts[k].lower == "one" {
			if k--; !ts[k+1].sentence && (ts[k].lower == "this" || ts[k].lower == "the") {
				k--
			}
			if k >= 0 && !ts[k+1].sentence && callVerbs[ts[k].lower] {
				return negated(ts, k)
			}
		}
	}
	return false
}

// titledKnown reads a tool called by its title as the known tools whose
// names' words the title holds ("'Resolve Context7 Library ID' tool":
// resolve-library-id), so the title is that tool, found or provided as
// its name would be; a title no known name fits stays unknown.
func (c *Checker) titledKnown(m mention) mention {
	if !m.titled {
		return m
	}
	words := map[string]bool{}
	for _, w := range strings.Fields(m.ident) {
		words[w] = true
	}
	var tools []string
	for id := range c.contracts {
		name := strings.ToLower(id[strings.LastIndexByte(id, '.')+1:])
		parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
		all := len(parts) >= 2
		for _, p := range parts {
			all = all && words[p]
		}
		if all {
			tools = append(tools, id)
		}
	}
	if len(tools) == 0 {
		return m
	}
	sort.Strings(tools)
	return mention{kind: KindTool, tools: tools, named: true, called: true, signal: m.signal, start: m.start, end: m.end}
}

// alternatives reads two snake_case names joined by one slash
// ("list_pages/get_page") as names offered side by side, not as a path:
// a path has a slash before or after the pair, or more parts.
func alternatives(text string, ts []token) {
	for i := 0; i+1 < len(ts); i++ {
		a, b := ts[i], ts[i+1]
		if b.start != a.end+1 || text[a.end] != '/' || !identifierShaped(a.text) || !identifierShaped(b.text) {
			continue
		}
		if p := byteAt(text, a.start-1); p == '/' || p == ':' || p == '.' || byteAt(text, b.end) == '/' {
			continue
		}
		if !operationName(a.lower) && !operationName(b.lower) {
			continue // "start_date/end_date", "read_only/read_write": a pair of fields or values
		}
		ts[i].address, ts[i+1].address = false, false
	}
}
