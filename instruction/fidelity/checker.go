package fidelity

import (
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
	// shell: KindExec, a command line handed over in backticks, which
	// only a shell runs (exec_shell.go)
	shell bool
	// codeName: KindExec, the language or library that names the code
	// ("matplotlib" in "with matplotlib"; exec_byname.go)
	codeName string
	// deed: KindCapability, the verb and its whole object where the signal
	// stops short of it ("Email the night manager the new shifts" for the
	// signal "Email the"; capability_deed.go), named in the suggestion
	deed string
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
	rosterBuilds.Add(1)
	c := &Checker{byFirst: map[string][]phrase{}, known: map[string][]string{}, namespaces: map[string]bool{}, variants: map[string]int{}, declared: map[string]bool{},
		contracts: map[string]catalog.Contract{}, memo: map[string][]mention{}, scopes: map[string]*Scope{}, classes: map[string]map[string]bool{}}
	for _, k := range known {
		c.contracts[k.ID] = k
		c.add(k)
	}
	c.products = productsOf(known, c.namespaces)
	return c
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
