package instruction

import (
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
)

// Referent is a gated thing instruction text can refer to — a channel, a
// tool class or a section — with the capability of the gate that brings
// it and the lower-case terms that refer to it.
type Referent struct {
	Kind     string     `json:"kind"`
	Name     string     `json:"name"`
	Requires Capability `json:"requires"`
	Terms    []string   `json:"terms"`
}

// Referent kinds.
const (
	RefChannel = "channel"
	RefClass   = "class"
	RefSection = "section"
)

// catalogReferents are the catalog sections' own terms: the tool catalog
// exists when there is a tool to call, the code-only section when exec and
// a code-only helper are both in the roster.
var catalogReferents = []Referent{
	{RefSection, "catalog", CapTools, []string{"tool catalog", "catalog entr", "catalog below", "tool call", "tool result", "tool output", "tools listed", "listed tool", "tools below"}},
	{RefSection, "catalog.code", CapCodeOnly, []string{"code-only"}},
}

// Referents lists every gated thing, derived from the gate's tables: each
// channel of ChannelGates ("<code", "code channel"), each tool class
// ("web tool"), each block's declared terms, and the catalog sections.
func Referents() []Referent { return lib().referents }

func buildReferents(bs blockSet) []Referent {
	var out []Referent
	for _, cg := range ChannelGates {
		out = append(out, Referent{RefChannel, cg.Channel, cg.Requires, []string{"<" + cg.Channel, cg.Channel + " channel"}})
	}
	for _, class := range catalog.Classes {
		out = append(out, Referent{RefClass, string(class), ClassCapability(class), []string{string(class) + " tool"}})
	}
	ids := make([]string, 0, len(bs))
	for id := range bs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		terms := map[string]bool{}
		var req Capability
		for _, b := range bs[id] {
			req = b.Requires
			for _, t := range b.Terms {
				terms[strings.ToLower(t)] = true
			}
		}
		if len(terms) == 0 || req == CapAlways {
			continue
		}
		r := Referent{Kind: RefSection, Name: id, Requires: req}
		for t := range terms {
			r.Terms = append(r.Terms, t)
		}
		sort.Strings(r.Terms)
		out = append(out, r)
	}
	return append(out, catalogReferents...)
}

// Stray is a reference, in the instruction's own text, to a gated thing
// the composition does not contain.
type Stray struct {
	Referent Referent `json:"referent"`
	Term     string   `json:"term"`
	Section  string   `json:"section"`
	Offset   int      `json:"offset"`
	Excerpt  string   `json:"excerpt"`
}

// StrayReferences finds every term of a referent whose capability the
// composition lacks, in the text the instruction itself writes: blocks,
// headers, worked examples and synthetic tools, not the roster's own
// contracts (those are the fidelity check's business). Offsets are
// positions in the whole text.
func StrayReferences(c Composition) []Stray {
	own := map[string]bool{}
	for _, e := range c.entries {
		own[entryUnit(e, c.Options.CatalogForm, c.approval).Key] = true
	}
	var absent []Referent
	for _, r := range Referents() {
		if !c.Has(r.Requires) {
			absent = append(absent, r)
		}
	}
	var out []Stray
	offset := 0
	for _, s := range c.Sections {
		for _, u := range s.Units {
			if !own[u.Key] {
				lower := strings.ToLower(u.Text)
				for _, r := range absent {
					for _, t := range r.Terms {
						for _, i := range termAt(lower, t) {
							out = append(out, Stray{Referent: r, Term: t, Section: s.ID, Offset: offset + i, Excerpt: excerpt(u.Text, i, i+len(t))})
						}
					}
				}
			}
			offset += len(u.Text)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Offset < out[b].Offset })
	return out
}

// termAt lists where term starts a word in text (both lower-case).
func termAt(text, term string) []int {
	var out []int
	for from := 0; ; {
		i := strings.Index(text[from:], term)
		if i < 0 {
			return out
		}
		i += from
		if i == 0 || !isWordByte(text[i-1]) || !isWordByte(term[0]) {
			out = append(out, i)
		}
		from = i + 1
	}
}
