package fidelity

import (
	"sort"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Finding kinds.
const (
	// KindTool is a known tool the roster lacks.
	KindTool = "tool"
	// KindUnknown is a call-shaped mention of a tool nobody has.
	KindUnknown = "unknown-tool"
	// KindExec is code-execution vocabulary without exec.
	KindExec = "exec"
	// KindService is a connected service the roster has no tool of,
	// named as where to act.
	KindService = "service"
)

// ExecTool is the id of the code-execution tool.
const ExecTool = "exec"

// Finding is one place where a text teaches what its roster lacks.
type Finding struct {
	Kind    string `json:"kind"`
	Tool    string `json:"tool"`
	Signal  string `json:"signal"`
	Offset  int    `json:"offset"`
	Section string `json:"section,omitempty"`
	Excerpt string `json:"excerpt"`
	// Class is the capability class a KindCapability finding needs
	// ("email", "chat", "action:merge", "tool:formatter").
	Class string `json:"class,omitempty"`
	// Suggestion says what a reviewer can do about the finding.
	Suggestion string `json:"suggestion,omitempty"`
	// Field is the contract field the finding is in ("description",
	// "parameter query", "returns", "example 1"); CheckContract sets it,
	// and CheckComposition for a finding in a tool's catalog entry.
	Field string `json:"field,omitempty"`
	// Entry is the roster tool whose catalog entry holds the finding
	// (CheckComposition), so a warning names where the phrase was found:
	// Entry's Field.
	Entry string `json:"entry,omitempty"`
}

// mention is a scope-independent hit in a text: what it names, where, and
// how it is used. The scope decides which mentions are findings.
type mention struct {
	kind  string
	tools []string // KindTool: every known tool the words may name
	ident string   // KindUnknown: the identifier as written
	paren bool     // followed by "(": a function call
	named bool     // followed by "tool"/"function": used as a tool's name
	// loose: a declared signal phrase not put to use ("enable web
	// search", "the most powerful web search tool"), which a service
	// tool's own entry says of itself (see CheckComposition)
	loose bool
	// called: the name is put to use as a tool — called ("call x", "use
	// `x`"), written as a call ("x()") or as a tool attribute (tool="x") —
	// which no enum value of the roster excuses
	called bool
	// authoring: exec vocabulary of writing a program ("write a Python
	// script"), not of running one, which only the code channel serves
	authoring bool
	// codeName: KindExec, the language or library that names the code
	// ("matplotlib" in "with matplotlib"; exec_byname.go)
	codeName string
	// class: KindCapability, the capability class the instruction needs
	class string
	// verb: KindCapability, the instruction's verb in its base form
	verb string
	// titled: KindUnknown, a tool called by its title ("call 'Resolve
	// Library ID' tool"), which titledKnown may read as a known tool
	titled bool
	signal string
	start  int
	end    int
}

// phrase is a known tool's multi-word or strong signal.
type phrase struct {
	words []string
	tools []string
	// weak phrases (titles) count only where used as a tool name
	weak bool
}

// Checker finds mentions against the known tools. It is built once per
// catalog generation from the available tools only (candidates never
// count) and is safe for concurrent use.
type Checker struct {
	byFirst map[string][]phrase
	// known maps a lower-case id, bare service name or title word to the
	// tools it names; strong holds the identifier-shaped ones.
	known      map[string][]string
	namespaces map[string]bool
	// products maps a service to the other services whose names most of
	// its tools use as a word: the product it serves too ("notion" for a
	// second Notion server connected as wiki)
	products map[string]map[string]bool
	// variants marks the keys of known that are another spelling of a
	// snake_case id or name, not the name as declared
	variants  map[string]int
	declared  map[string]bool
	contracts map[string]catalog.Contract
	mu        sync.Mutex
	memo      map[string][]mention
	scopes    map[string]*Scope
	// classes memoizes classesOf per known tool (read-only once stored)
	classes map[string]map[string]bool
	// owners memoizes ownerFactsOf per known tool id (an ownerFacts)
	owners sync.Map
	// parts memoizes scopePartOf per known tool id (a *scopePart)
	parts sync.Map
}

const maxMemo = 20000

// New indexes the known (available) tools.
func New(known []catalog.Contract) *Checker {
	c := &Checker{byFirst: map[string][]phrase{}, known: map[string][]string{}, namespaces: map[string]bool{}, variants: map[string]int{}, declared: map[string]bool{},
		contracts: map[string]catalog.Contract{}, memo: map[string][]mention{}, scopes: map[string]*Scope{}, classes: map[string]map[string]bool{}}
	for _, k := range known {
		c.contracts[k.ID] = k
		c.add(k)
	}
	c.products = productsOf(known, c.namespaces)
	return c
}

// productsOf finds, for each service of two or more tools, the other
// services named as a word in the title or purpose of at least half of
// its tools: a service whose tools keep saying "Notion" serves Notion,
// whatever its connection is called.
func productsOf(known []catalog.Contract, namespaces map[string]bool) map[string]map[string]bool {
	tools := map[string]int{}
	uses := map[string]map[string]int{}
	for _, k := range known {
		ns := strings.ToLower(k.Namespace())
		if ns == "" {
			continue
		}
		tools[ns]++
		seen := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(k.Title+" "+k.Purpose), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
		}) {
			if (namespaces[w] || len(productWords[w]) > 0) && w != ns && !seen[w] {
				seen[w] = true
				if uses[ns] == nil {
					uses[ns] = map[string]int{}
				}
				uses[ns][w]++
			}
		}
	}
	out := map[string]map[string]bool{}
	for ns, named := range uses {
		for other, n := range named {
			if tools[ns] >= 2 && 2*n >= tools[ns] {
				if out[ns] == nil {
					out[ns] = map[string]bool{}
				}
				out[ns][other] = true
			}
		}
	}
	return out
}

func (c *Checker) add(k catalog.Contract) {
	if ns := k.Namespace(); ns != "" {
		c.namespaces[strings.ToLower(ns)] = true
	}
	name := func(w string) {
		w = strings.ToLower(w)
		if !containsStr(c.known[w], k.ID) {
			c.known[w] = append(c.known[w], k.ID)
		}
	}
	name(k.ID)
	c.declare(k.ID)
	if k.Namespace() != "" {
		name(k.Name())
		c.declare(k.Name())
	}
	// the ways a snake_case name is written when it is not copied
	// exactly: purge-order, PurgeOrder or purgeOrder (nameAt requires a
	// tool's use or a program's casing of them), and "purge order" (a
	// phrase, like a title, counted where used as a tool's name)
	for _, id := range []string{k.ID, k.Name()} {
		if !strings.Contains(id, "_") {
			continue
		}
		hyphen := strings.ReplaceAll(id, "_", "-")
		name(hyphen)
		c.variant(hyphen, variantHyphen)
		joined := strings.ReplaceAll(id, "_", "")
		name(joined)
		c.variant(joined, variantJoined)
	}
	addPhrase := func(s string, weak bool) {
		ws := strings.Fields(strings.ToLower(s))
		for i := range ws {
			ws[i] = strings.Trim(ws[i], ".,;:!?\"'`()")
		}
		if len(ws) == 0 || ws[0] == "" {
			return
		}
		if len(ws) == 1 {
			if weak {
				name(ws[0])
				return
			}
		}
		for i, p := range c.byFirst[ws[0]] {
			if strings.Join(p.words, " ") == strings.Join(ws, " ") {
				if !containsStr(p.tools, k.ID) {
					c.byFirst[ws[0]][i].tools = append(p.tools, k.ID)
				}
				c.byFirst[ws[0]][i].weak = p.weak && weak
				return
			}
		}
		c.byFirst[ws[0]] = append(c.byFirst[ws[0]], phrase{words: ws, tools: []string{k.ID}, weak: weak})
	}
	if parts := strings.Split(k.Name(), "_"); len(parts) > 1 && len(parts) <= 3 {
		addPhrase(strings.Join(parts, " "), true)
	}
	if t := strings.TrimSpace(k.Title); t != "" && !strings.EqualFold(t, k.ID) && !strings.EqualFold(t, k.Name()) && len(strings.Fields(t)) <= 6 {
		addPhrase(t, true)
	}
	for _, s := range k.Signals {
		addPhrase(s, false)
	}
}

// mentions scans a text unit once; key "" skips the memo.
func (c *Checker) mentions(key, text string) []mention {
	if key != "" {
		c.mu.Lock()
		m, ok := c.memo[key]
		c.mu.Unlock()
		if ok {
			return m
		}
	}
	m := c.scan(text)
	if key != "" {
		c.mu.Lock()
		if len(c.memo) >= maxMemo {
			c.memo = map[string][]mention{}
		}
		c.memo[key] = m
		c.mu.Unlock()
	}
	return m
}

func (c *Checker) scan(text string) []mention {
	ts := tokenize(text)
	var out []mention
	for i := range ts {
		out = append(out, c.phrasesAt(ts, i)...)
		if inComparedChain(text, ts, i) {
			continue
		}
		if m, ok := c.nameAt(text, ts, i); ok && !provenance(text, ts, i) && !compared(ts, i) {
			out = append(out, m)
		} else if m, ok := c.placedName(text, ts, i); ok {
			out = append(out, m)
		}
	}
	for _, m := range toolPhrases(ts) {
		out = append(out, c.titledKnown(m))
	}
	out = append(out, execMentions(text, ts)...)
	out = append(out, c.serviceMentions(ts)...)
	// an instruction whose words another kind already names ("post the
	// summary to Slack" with a known slack service) is one place, reported
	// as that kind
	named := out
	for _, m := range capabilityMentions(text, ts) {
		if !overlaps(named, m) {
			out = append(out, m)
		}
	}
	return sortMentions(withoutStruck(text, withoutData(text, out)))
}

// sortMentions orders mentions by position.
func sortMentions(ms []mention) []mention {
	sort.SliceStable(ms, func(a, b int) bool { return ms[a].start < ms[b].start })
	return ms
}

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
	if strings.ToUpper(t.text) == t.text && strings.Contains(t.text, "_") {
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

// sourcePointers name where a value or a deed comes from ("find archived
// ones via find-projects", "Get the id from getSilences output"): a
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

// toolPhrases finds a tool named in words and put to use: "call the full
// board data tool", "use the campaign statistics endpoint instead" — a
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
	// "Do not use this tool to run scripts": the deed handed to a tool by
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
