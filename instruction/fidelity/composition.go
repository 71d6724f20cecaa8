package fidelity

import (
	"sort"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction"
)

// maxScopes bounds the memo of composition scopes.
const maxScopes = 256

// CheckComposition checks every unit of a composition against the tools
// it may name (instruction.AllowedTools: its roster, less code-only
// helpers without a code channel and, in a deferred step, tools outside
// the active set; plus the synthetic tools it lists). Offsets are
// positions in the whole text; each finding names its section. A nil
// checker checks nothing.
func (c *Checker) CheckComposition(comp instruction.Composition) []Finding {
	if c == nil {
		return nil
	}
	s := c.compositionScope(comp)
	var out []Finding
	offset := 0
	for _, sec := range comp.Sections {
		for _, u := range sec.Units {
			owner, ok := c.entryOwner(u.Text, s)
			thirdParty := ok && !builtinIDs()[owner.ID]
			ok = ok && sec.Group == instruction.GroupCatalog && owner.Namespace() != ""
			// a roster service tool that itself runs code or commands
			// (pods_exec, browser_run_code) says so in its own entry: that
			// teaches the tool, not the code channel
			f := c.ownerFactsOf(owner)
			own := entry{ok: ok, ns: f.ns, runner: ok && f.runs, shell: ok && f.shell, products: c.products[f.ns], headline: f.headline, lead: f.lead}
			ms := c.mentions(u.Key, u.Text)
			if sec.Group != instruction.GroupCatalog || !thirdParty {
				// the console's own blocks (a capability block or the
				// code channel's text in a step's activated section, a
				// built-in tool's entry) are roster-proof by construction;
				// the instructions checked are the third-party text of
				// the catalog
				ms = withoutCapabilities(ms)
			}
			for _, f := range c.filter(u.Text, ms, s, own) {
				if owner.ID != "" {
					f.Entry, f.Field = owner.ID, entryField(owner, u.Text, f.Offset, f.Signal)
				}
				f.Offset += offset
				f.Section = sec.ID
				out = append(out, f)
			}
			offset += len(u.Text)
		}
	}
	return out
}

// compositionScope builds (once per allowed set) the scope of a
// composition from the contracts the checker knows.
func (c *Checker) compositionScope(comp instruction.Composition) *Scope {
	var ids []string
	for id, ok := range instruction.AllowedTools(comp) {
		if ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	key := strings.Join(ids, ",")
	c.mu.Lock()
	s, ok := c.scopes[key]
	c.mu.Unlock()
	if ok {
		return s
	}
	var parts []*scopePart
	var extra []string
	for _, id := range ids {
		if k, ok := c.contracts[id]; ok {
			parts = append(parts, c.scopePartOf(k))
		} else {
			extra = append(extra, id)
		}
	}
	s = scopeOf(parts, extra)
	c.mu.Lock()
	if len(c.scopes) >= maxScopes {
		c.scopes = map[string]*Scope{}
	}
	c.scopes[key] = s
	c.mu.Unlock()
	return s
}

// scopePartOf is k's part of a scope, computed once per known tool: a
// distinct roster per request is made of tools met before.
func (c *Checker) scopePartOf(k catalog.Contract) *scopePart {
	if v, ok := c.parts.Load(k.ID); ok {
		return v.(*scopePart)
	}
	p := scopePartOf(k, c.classesOf)
	c.parts.Store(k.ID, p)
	return p
}

// ForComposition builds the checker a composition is checked with: the
// available tools plus the synthetic ones.
func ForComposition(available []catalog.Contract) *Checker {
	return New(append(append([]catalog.Contract(nil), available...), instruction.SyntheticContracts()...))
}

// ownerFacts is what the composition check reads of an entry's owner:
// functions of its contract alone.
type ownerFacts struct {
	ns       string // the lower-case service
	headline string
	lead     string // the purpose's first sentence
	runs     bool   // its name or headline says it runs code or commands
	shell    bool   // it runs commands in a shell (shellTool)
}

// ownerFactsOf is k's facts, computed once per known tool: a distinct
// roster per request meets the same tools again, and the headline and
// first sentence scan the whole purpose once per separator.
func (c *Checker) ownerFactsOf(k catalog.Contract) ownerFacts {
	if v, ok := c.owners.Load(k.ID); ok && k.ID != "" {
		return v.(ownerFacts)
	}
	ns := strings.ToLower(k.Namespace())
	head := headline(k.Purpose)
	f := ownerFacts{ns: ns, headline: head, lead: firstSentence(k.Purpose), runs: executes(k.Name()) || drivesCode(head),
		shell: shellTool(k)}
	if k.ID != "" {
		c.owners.Store(k.ID, f)
	}
	return f
}

// entryOwner is the roster tool whose catalog entry a unit is: the entry
// opens with the tool's id.
func (c *Checker) entryOwner(text string, s *Scope) (catalog.Contract, bool) {
	line, _, _ := strings.Cut(text, "\n")
	for w := range strings.FieldsSeq(line) {
		id := strings.Trim(w, "-#\"'`:,")
		if id == "" {
			continue
		}
		// an id as declared ("acme.linear_generateOAuthApplicationSetup")
		// or in lower case
		k, ok := c.contracts[id]
		if !ok {
			k, ok = c.contracts[strings.ToLower(id)]
		}
		return k, ok && s.Allows(id)
	}
	return catalog.Contract{}, false
}

// executes reports whether a tool's name says it runs code or commands.
func executes(name string) bool {
	parts := map[string]bool{}
	for _, p := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' }) {
		parts[p] = true
	}
	return parts["exec"] || parts["execute"] || parts["eval"] || parts["evaluate"] || parts["shell"] || parts["terminal"] ||
		parts["run"] && (parts["code"] || parts["command"] || parts["script"])
}

// drivesCode reports whether a tool's headline says it drives a terminal,
// shell, REPL or interpreter ("Start a terminal process", "Send input to
// a running terminal or REPL process"): it runs code itself.
func drivesCode(headline string) bool {
	start := -1
	for i := 0; i <= len(headline); i++ {
		letter := i < len(headline) && (headline[i] >= 'a' && headline[i] <= 'z' || headline[i] >= 'A' && headline[i] <= 'Z')
		if letter && start < 0 {
			start = i
		}
		if !letter && start >= 0 {
			w := headline[start:i]
			if strings.EqualFold(w, "terminal") || strings.EqualFold(w, "repl") || strings.EqualFold(w, "shell") || strings.EqualFold(w, "interpreter") {
				return true
			}
			start = -1
		}
	}
	return false
}

// withoutCapabilities is ms less its capability mentions (a new slice
// only when there are some: ms may be the memo's).
func withoutCapabilities(ms []mention) []mention {
	n := 0
	for _, m := range ms {
		if m.kind != KindCapability {
			n++
		}
	}
	if n == len(ms) {
		return ms
	}
	out := make([]mention, 0, n)
	for _, m := range ms {
		if m.kind != KindCapability {
			out = append(out, m)
		}
	}
	return out
}

// classesOf is classesOf(k) for a contract the checker knows, computed
// once per tool: distinct compose requests build a scope for each new
// set of the same tools.
func (c *Checker) classesOf(k catalog.Contract) map[string]bool {
	c.mu.Lock()
	cl, ok := c.classes[k.ID]
	c.mu.Unlock()
	if ok {
		return cl
	}
	cl = classesOf(k)
	c.mu.Lock()
	c.classes[k.ID] = cl
	c.mu.Unlock()
	return cl
}

// builtinIDs are the console's own tools (catalog/builtin): their
// contracts, like its blocks, are written for the roster they join.
var builtinIDs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, id := range builtin.IDs() {
		m[id] = true
	}
	return m
})
