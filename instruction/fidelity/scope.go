package fidelity

import (
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Scope is what a text may teach: the roster's tools (and the synthetic
// ones a composition adds), whether exec is among them, and the roster's
// own words — parameter names and enum values — which are not tools.
type Scope struct {
	// answers memoizes provides per class (class → bool).
	answers sync.Map
	allowed map[string]bool
	// words are identifiers that belong to the roster: ids, bare names,
	// the parts of ids, parameter names and enum values.
	words map[string]bool
	// values are parameter names and enum values only.
	values map[string]bool
	// namespaces are the services of the roster's tools.
	namespaces map[string]bool
	exec       bool
	// classes are the capability classes the roster's tools provide
	// (classesOf)
	classes map[string]bool
}

// NewScope builds the scope of a roster. Extra ids (synthetic tools) are
// allowed without contracts.
func NewScope(roster []catalog.Contract, extra ...string) *Scope {
	return newScope(roster, extra, classesOf)
}

// newScope is NewScope with each roster tool's capability classes taken
// from classes (classesOf, or a memo of it).
func newScope(roster []catalog.Contract, extra []string, classes func(catalog.Contract) map[string]bool) *Scope {
	parts := make([]*scopePart, len(roster))
	for i, c := range roster {
		parts[i] = scopePartOf(c, classes)
	}
	return scopeOf(parts, extra)
}

// scopePart is what one roster tool adds to a scope: its id (allow), its
// capability classes, its title's words, and its parameter names and
// string enum values (value), all lower-case. It depends on the contract
// alone, so a checker keeps one per tool (Checker.scopePartOf).
type scopePart struct {
	id      string
	classes map[string]bool
	words   []string
	values  []string
}

// scopePartOf is c's part of a scope.
func scopePartOf(c catalog.Contract, classes func(catalog.Contract) map[string]bool) *scopePart {
	partBuilds.Add(1)
	p := &scopePart{id: c.ID, classes: classes(c)}
	for _, w := range strings.Fields(strings.ToLower(c.Title)) {
		p.words = append(p.words, strings.Trim(w, ".,;:()"))
	}
	var walk func(ps []catalog.Param)
	walk = func(ps []catalog.Param) {
		for _, q := range ps {
			p.values = append(p.values, nameSpellings(q.Name)...)
			for _, e := range q.Enum {
				if str, ok := e.(string); ok {
					p.values = append(p.values, strings.ToLower(str))
				}
			}
			if q.Items != nil {
				walk([]catalog.Param{*q.Items})
			}
			walk(q.Properties)
		}
	}
	walk(c.Params)
	return p
}

// nameSpellings are a parameter's name lower-cased and its other
// spellings: "dryRun" is also "dry_run" and "dry-run", "force_rename" also
// "force-rename" — a text names the roster's own parameter in any of them
// ("Use dry-run to preview …").
func nameSpellings(name string) []string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' && i > 0 && name[i-1] >= 'a' && name[i-1] <= 'z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	snake := strings.ToLower(strings.ReplaceAll(b.String(), "-", "_"))
	out := []string{strings.ToLower(name)}
	if strings.Contains(snake, "_") {
		out = append(out, snake, strings.ReplaceAll(snake, "_", "-"))
	}
	return out
}

// scopeOf is the scope of the roster tools' parts plus the extra ids.
func scopeOf(parts []*scopePart, extra []string) *Scope {
	// the maps sized up front: a roster of a hundred tools adds thousands
	// of words, and growing a map rehashes what it holds
	ids, words, values := len(parts)+len(extra), 0, 0
	for _, p := range parts {
		words += len(p.words) + len(p.values)
		values += len(p.values)
	}
	s := &Scope{allowed: make(map[string]bool, ids), words: make(map[string]bool, 3*ids+words), values: make(map[string]bool, values),
		namespaces: map[string]bool{}, classes: map[string]bool{}}
	for _, id := range extra {
		s.allow(id)
		s.provide(classesOf(catalog.Contract{ID: id}))
	}
	for _, p := range parts {
		s.allow(p.id)
		s.provide(p.classes)
		for _, w := range p.words {
			s.words[w] = true
		}
		for _, v := range p.values {
			s.words[v] = true
			s.values[v] = true
		}
	}
	return s
}

func (s *Scope) allow(id string) {
	id = strings.ToLower(id)
	s.allowed[id] = true
	s.words[id] = true
	if id == ExecTool {
		s.exec = true
	}
	if ns, name, ok := strings.Cut(id, "."); ok {
		s.words[name] = true
		s.namespaces[ns] = true
	}
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '.' || r == '_' }) {
		s.words[part] = true
	}
	for _, tail := range nameTails(id) {
		s.words[tail] = true
	}
}

// nameTails are the names a tool's siblings call it by: its name (after
// the service's dot) in snake and kebab case, and each of its last two or
// more words so spelled — a server names its own tools without the
// prefix they are published under ("Use after search_orders" for
// shop_search_orders, "check with list_parcels" for
// courier_list_parcels).
func nameTails(id string) []string {
	if _, name, ok := strings.Cut(id, "."); ok {
		id = name
	}
	parts := strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '-' })
	var out []string
	for k := 0; k+2 <= len(parts); k++ {
		out = append(out, strings.Join(parts[k:], "_"), strings.Join(parts[k:], "-"))
	}
	return out
}

// provide adds the capability classes a tool provides (classesOf).
func (s *Scope) provide(classes map[string]bool) {
	for c := range classes {
		s.classes[c] = true
	}
}

func (s *Scope) value(v string) {
	v = strings.ToLower(v)
	s.words[v] = true
	s.values[v] = true
}

// Allows reports whether the tool is in the scope.
func (s *Scope) Allows(id string) bool { return s.allowed[strings.ToLower(id)] }
