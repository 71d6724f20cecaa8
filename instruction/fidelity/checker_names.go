package fidelity

import "strings"

// phrasesAt matches the declared signals and titles starting at word i.
func (c *Checker) phrasesAt(ts []token, i int) []mention {
	var out []mention
	for _, p := range c.byFirst[ts[i].lower] {
		if !matchWords(ts, i, p.words) {
			continue
		}
		end := i + len(p.words) - 1
		if p.weak && !toolUse(ts, i, end) && !(ts[i].quoted && ts[end].quoted) {
			continue
		}
		loose := !p.weak && !callShaped(ts, i) && !pointedAt(ts, i) && !(ts[i].quoted && ts[end].quoted)
		out = append(out, mention{kind: KindTool, tools: p.tools, signal: strings.Join(p.words, " "), start: ts[i].start, end: ts[end].end, loose: loose})
	}
	return out
}

func matchWords(ts []token, i int, words []string) bool {
	if i+len(words) > len(ts) {
		return false
	}
	for j, w := range words {
		got := ts[i+j].lower
		if got != w && !(j == len(words)-1 && (got == w+"s" || got == w+"es")) {
			return false
		}
		if j > 0 && ts[i+j].sentence {
			return false
		}
	}
	return true
}

// nameAt finds an id, bare name or one-word title at word i, or a
// call-shaped identifier no known tool owns.
func (c *Checker) nameAt(text string, ts []token, i int) (mention, bool) {
	t := ts[i]
	if t.markup || t.address {
		return mention{}, false
	}
	w := strings.TrimSuffix(t.lower, "()")
	// a kebab-case name used as a tool ("use hubspot-search-objects"), a
	// lower-camel one only right before "tool" ("listFollowedProjects
	// tool": field names are written so too)
	shaped := identifierShaped(t.text) || kebabName(t.text) && !t.quoted || lowerCamel(t.text) && !t.quoted && namedTool(ts, i) ||
		// a verb and its object, hyphenated or camel-cased, where it is
		// pointed at or called ("call describe-index first", "go
		// through redeemPointsForVoucher")
		oneHumpSource(ts, i) ||
		verbFirstName(t.text) && (callShaped(ts, i) || pointedAt(ts, i) && (lowerCamel(t.text) || ts[i-1].lower == "like" && i > 1 && toolNouns[ts[i-2].lower] || ts[i-1].lower == "see" || sourcePointers[ts[i-1].lower])) &&
			(i+1 == len(ts) || ts[i+1].sentence || ts[i+1].clause || !isNoun(ts[i+1].lower) || toolNouns[ts[i+1].lower] || sequencers[ts[i+1].lower] || givenNouns[ts[i+1].lower])
	if t.disguised {
		// a known name in look-alike letters (tokenize reads it as the
		// Latin it shows) is a disguise: it counts wherever it is written
		if tools, ok := c.known[w]; ok {
			return mention{kind: KindTool, tools: tools, signal: t.text, start: t.start, end: t.end, called: true}, true
		}
	}
	if tools, ok := c.known[w]; ok {
		switch c.variants[w] {
		case variantNone:
			// a known tool's whole id with its namespace ("acme.ship") is
			// a name whatever surrounds it
			ns, _, dotted := strings.Cut(w, ".")
			shaped = shaped || dotted && c.namespaces[ns] || nameShaped(t.text)
		case variantHyphen:
			// purge-order: a tool's name where used as one, not a
			// compound adjective ("web-search results")
			shaped = t.paren || callShaped(ts, i) || pointedAt(ts, i)
		case variantJoined:
			// PurgeOrder, purgeOrder: a program's casing of the name
			shaped = camelCased(t.text)
			if !shaped {
				return mention{}, false
			}
		}
		// a one-word name ("fetch", "search") counts only where the text
		// clearly uses it as a tool: "the fetch tool", "call fetch",
		// `fetch` called, tool="fetch"
		if shaped || t.attr || t.quoted && callShaped(ts, i) || namedTool(ts, i) || callVerbBare(ts, i) {
			named := i+1 < len(ts) && toolNouns[ts[i+1].lower] && !ts[i+1].sentence
			called := t.paren || t.attr || callShaped(ts, i) || callVerbBare(ts, i)
			return mention{kind: KindTool, tools: tools, signal: t.text, start: t.start, end: t.end, named: named, called: called}, true
		}
		return mention{}, false
	}
	// an operation of a known service counts anywhere; a dotted word of no
	// known service ("initial_data_source.properties", a parameter's path)
	// only where it is called
	service := false
	if ns, _, ok := strings.Cut(w, "."); ok && c.namespaces[ns] && !fileExtensions[w[strings.LastIndexByte(w, '.')+1:]] {
		shaped, service = true, true
	}
	if upperCased(t.text) && strings.Contains(t.text, "_") {
		return mention{}, false // a placeholder such as TOOL_ID (acronyms such as OCR stay names)
	}
	if !t.attr && !service && (fileNamed(w) || exampleInQuotes(text, t.start) || !t.later && exampleSentence(ts, i)) {
		return mention{}, false // "e.g., \"result_01.pdf\", …": example values
	}
	switch {
	case t.attr,
		shaped && (callShaped(ts, i) || pointedAt(ts, i) || toolUse(ts, i, i) || t.paren || service || identifierShaped(t.text) && toolRole(ts, i)),
		stepName(ts, i),
		!shaped && callVerbBare(ts, i),
		!shaped && toolNoun(ts, i):
		return mention{kind: KindUnknown, ident: t.text, paren: t.paren, signal: callPhrase(ts, i), start: t.start, end: t.end}, true
	}
	return mention{}, false
}

func containsStr(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// actionVerbs act on a service ("post the summary to Slack").
var actionVerbs = set("post", "posts", "send", "sends", "notify", "notifies", "share", "shares", "publish", "publishes",
	"create", "creates", "open", "opens", "file", "files", "message", "upload", "uploads", "push", "pushes", "sync",
	"syncs", "save", "saves", "store", "stores", "log", "logs", "report", "reports", "add", "adds", "write", "writes")

var servicePrepositions = set("to", "in", "on", "via", "through", "into", "with")

// serviceMentions finds a known service named as where to act ("post the
// summary to Slack"): an action verb, then within five words a
// preposition and the service's name.
func (c *Checker) serviceMentions(ts []token) []mention {
	var out []mention
	for i := 1; i < len(ts); i++ {
		ns := ts[i].lower
		// "use the puppeteer tools": a service's tools by its name
		if c.namespaces[ns] && i+1 < len(ts) && !ts[i+1].sentence && (ts[i+1].lower == "tools" || ts[i+1].lower == "tool") {
			out = append(out, mention{kind: KindService, ident: ns, signal: joinLower(ts, i, i+1), start: ts[i].start, end: ts[i+1].end})
			continue
		}
		// a service is named as a proper noun ("to Slack", not "to files")
		if !c.namespaces[ns] || ts[i].sentence || !servicePrepositions[ts[i-1].lower] || !isUpper(ts[i].text[0]) {
			continue
		}
		for j := i - 2; j >= 0 && j >= i-6; j-- {
			if actionVerbs[ts[j].lower] {
				out = append(out, mention{kind: KindService, ident: ns, signal: joinLower(ts, j, i), start: ts[i].start, end: ts[i].end})
				break
			}
			if ts[j].sentence {
				break
			}
		}
	}
	return out
}

// callPhrase is the words that call word i: "call zeta", "the geocode
// tool", "use `foo_bar`".
func callPhrase(ts []token, i int) string {
	a, b := i, i
	for k := i - 1; k >= 0 && k >= i-2 && !ts[k+1].sentence; k-- {
		w := ts[k].lower
		if !callVerbs[w] && !pointers[w] && !determiners[w] {
			break
		}
		a = k
	}
	if i+1 < len(ts) && !ts[i+1].sentence && toolNouns[ts[i+1].lower] {
		b = i + 1
	}
	ws := make([]string, 0, b-a+1)
	for k := a; k <= b; k++ {
		ws = append(ws, ts[k].text)
	}
	return strings.Join(ws, " ")
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// declare marks w as a tool's own id or name: another tool's spelling of
// its name never changes how it is read (everything.get-sum stays a name
// written as a program writes it even beside acme.get_sum).
func (c *Checker) declare(w string) {
	w = strings.ToLower(w)
	c.declared[w] = true
	delete(c.variants, w)
}

// variant marks w as another spelling of a snake_case name, unless it is
// some tool's own id or name.
func (c *Checker) variant(w string, kind int) {
	if w = strings.ToLower(w); !c.declared[w] {
		c.variants[w] = kind
	}
}

// Spellings of a known snake_case name (Checker.variants).
const (
	variantNone = iota
	variantHyphen
	variantJoined
)

// overlaps reports whether a mention of ms starts within m.
func overlaps(ms []mention, m mention) bool {
	for _, o := range ms {
		if o.start >= m.start && o.start < m.end || m.start >= o.start && m.start < o.end {
			return true
		}
	}
	return false
}
