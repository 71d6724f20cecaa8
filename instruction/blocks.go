package instruction

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"
	"text/template"

	"github.com/agentforge/console/catalog"
)

//go:embed blocks/*.md
var blockFiles embed.FS

// Block is one variant of an instruction block: its text for some tiers,
// the capability it requires, the rule ids it carries and the terms that
// name what it teaches (so text elsewhere cannot mention it while it is
// absent).
//
// A block's text may gate a sentence on another capability of the same
// table with text/template: {{if has "code_only"}}…{{else}}…{{end}}; and
// {{channels}} is the protocol's channel count. Uses lists the
// capabilities the text asks about.
type Block struct {
	ID       string
	Requires Capability
	Tiers    []string
	Rules    []string
	Terms    []string
	// Host is the reader the variant is worded for: "" the text
	// protocol's, HostMCP an MCP client's (Options.Host). A block with an
	// MCP variant is the same block, with the same id, rules and terms.
	Host string
	Uses []Capability
	// Unit is the text of a block without template actions.
	Unit catalog.Unit
	tmpl *template.Template
	// rendered memoizes a templated block's renderings (shared by the
	// copies of the block, one per tier it lists): see render.
	rendered *sync.Map
	// one is Unit as a one-unit slice (a block without template actions)
	one []catalog.Unit
	// req and uses are the predicates of Requires and Uses, looked up
	// once (Gate.holds): composing asks them for every block
	req  predicate
	uses []predicate
}

// blockSet holds every block variant keyed by id, then by variantKey
// (tier and host).
type blockSet map[string]map[string]Block

// loadBlocks parses the embedded block files. It is called once; a broken
// file is a build defect caught by tests.
func loadBlocks() (blockSet, error) {
	set := blockSet{}
	entries, err := fs.Glob(blockFiles, "blocks/*.md")
	if err != nil {
		return nil, err
	}
	sort.Strings(entries)
	for _, name := range entries {
		raw, err := blockFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		b, err := parseBlock(string(raw))
		if err != nil {
			return nil, fmt.Errorf("instruction: %s: %w", name, err)
		}
		if err := b.check(); err != nil {
			return nil, fmt.Errorf("instruction: %s: %w", name, err)
		}
		if set[b.ID] == nil {
			set[b.ID] = map[string]Block{}
		}
		for _, t := range b.Tiers {
			if _, dup := set[b.ID][variantKey(t, b.Host)]; dup {
				return nil, fmt.Errorf("instruction: %s: second variant of %s for tier %s", name, b.ID, t)
			}
			set[b.ID][variantKey(t, b.Host)] = b
		}
	}
	return set, nil
}

func parseBlock(raw string) (Block, error) {
	var b Block
	rest, ok := strings.CutPrefix(raw, "---\n")
	if !ok {
		return b, fmt.Errorf("missing front matter")
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return b, fmt.Errorf("unterminated front matter")
	}
	for _, line := range strings.Split(head, "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "id":
			b.ID = v
		case "requires":
			b.Requires = Capability(v)
		case "tiers":
			b.Tiers = list(v)
		case "rules":
			b.Rules = list(v)
		case "terms":
			b.Terms = list(v)
		case "host":
			if v != HostMCP {
				return b, fmt.Errorf("host %q is not %s", v, HostMCP)
			}
			b.Host = v
		default:
			return b, fmt.Errorf("unknown front matter key %q", k)
		}
	}
	req, known := capabilities[b.Requires]
	if !known {
		return b, fmt.Errorf("requires %q is not a capability of the gate", b.Requires)
	}
	b.req = req
	for _, t := range b.Tiers {
		if !validTier(t) {
			return b, fmt.Errorf("unknown tier %q", t)
		}
	}
	if b.ID == "" || len(b.Tiers) == 0 || strings.TrimSpace(body) == "" {
		return b, fmt.Errorf("id, tiers and text are required")
	}
	if !strings.Contains(body, "{{") {
		b.Unit = catalog.NewUnit(tidy(body))
		b.one = []catalog.Unit{b.Unit}[:1:1]
		return b, nil
	}
	for _, m := range hasCall.FindAllStringSubmatch(body, -1) {
		c := Capability(m[1])
		p, known := capabilities[c]
		if !known {
			return b, fmt.Errorf("has %q is not a capability of the gate", c)
		}
		if !containsCap(b.Uses, c) {
			b.Uses = append(b.Uses, c)
			b.uses = append(b.uses, p)
		}
	}
	t, err := template.New(b.ID).Option("missingkey=error").Funcs(template.FuncMap{
		"has":      func(string) bool { return false },
		"channels": func() int { return 0 },
	}).Parse(body)
	if err != nil {
		return b, err
	}
	b.tmpl = t
	b.rendered = new(sync.Map)
	return b, nil
}

// hasCall finds the capabilities a block's template asks about.
var hasCall = regexp.MustCompile(`has "([^"]*)"`)

var blankLines = regexp.MustCompile(`\n{3,}`)

// tidy gives a block text the unit boundary shape: no leading newline, one
// blank line at the end, never more than one blank line in a row (a gated
// paragraph that is left out leaves none behind).
func tidy(text string) string {
	text = blankLines.ReplaceAllString(text, "\n\n")
	return strings.TrimRight(strings.TrimLeft(text, "\n"), "\n") + "\n\n"
}

// maxBlockUses bounds the capabilities one block asks about: check
// renders the block under each of their 2^n combinations.
const maxBlockUses = 16

// check executes a templated block under every combination of the
// capabilities it asks about, so a broken template is a load error, not a
// composition-time panic.
func (b Block) check() error {
	if b.tmpl == nil {
		return nil
	}
	if len(b.Uses) > maxBlockUses {
		return fmt.Errorf("block %s asks about %d capabilities (at most %d)", b.ID, len(b.Uses), maxBlockUses)
	}
	for mask := 0; mask < 1<<len(b.Uses); mask++ {
		on := map[string]bool{}
		for i, c := range b.Uses {
			on[string(c)] = mask&(1<<i) != 0
		}
		t, _ := b.tmpl.Clone()
		t.Funcs(template.FuncMap{"has": func(c string) bool { return on[c] }, "channels": func() int { return 4 }})
		var out strings.Builder
		if err := t.Execute(&out, nil); err != nil {
			return err
		}
	}
	return nil
}

func containsCap(cs []Capability, c Capability) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// render is the block's text for a gate and channel count, memoized per
// (block, the capabilities it asks about, count): a template sees nothing
// else (its "has" answers for Uses and its "channels").
func (b Block) render(g Gate, channels int) catalog.Unit {
	return b.renderUnits(g, channels)[0]
}

// renderUnits is render as a one-unit slice, memoized with it: a
// section made of the block alone shares it instead of allocating its
// own. Its capacity is its length, so appending to it copies.
func (b Block) renderUnits(g Gate, channels int) []catalog.Unit {
	if b.tmpl == nil {
		if b.one == nil { // a Block made by hand, not loaded
			return []catalog.Unit{b.Unit}
		}
		return b.one
	}
	var uses uint64
	for i, p := range b.uses {
		if g.holds(p) {
			uses |= 1 << i
		}
	}
	// maxBlockUses bits of uses, the channel count above them
	k := uint64(channels)<<maxBlockUses | uses
	if u, ok := b.rendered.Load(k); ok {
		return u.([]catalog.Unit)
	}
	var out strings.Builder
	t, _ := b.tmpl.Clone()
	t.Funcs(template.FuncMap{
		"has":      func(c string) bool { return g.Has(Capability(c)) },
		"channels": func() int { return channels },
	})
	if err := t.Execute(&out, nil); err != nil {
		panic(fmt.Sprintf("instruction: block %s: %v", b.ID, err)) // caught by the block tests
	}
	us := []catalog.Unit{catalog.NewUnit(tidy(out.String()))}
	us = us[:1:1]
	b.rendered.Store(k, us)
	return us
}

func list(v string) []string {
	v = strings.Trim(v, "[]")
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// variant finds the block's text for a tier, as the text protocol's
// runtime reads it.
func (s blockSet) variant(id, tier string) (Block, bool) {
	b, ok := s[id][tier]
	return b, ok
}

// variantFor finds the block's text for a tier and the options' host: the
// host's own variant when the block has one, else the tier's.
func (s blockSet) variantFor(id, tier string, o Options) (Block, bool) {
	if o.Host != "" {
		if b, ok := s[id][variantKey(tier, o.Host)]; ok {
			return b, true
		}
	}
	return s.variant(id, tier)
}

// variantKey keys a variant by tier and host ("" for the text protocol).
func variantKey(tier, host string) string {
	if host == "" {
		return tier
	}
	return tier + "/" + host
}
