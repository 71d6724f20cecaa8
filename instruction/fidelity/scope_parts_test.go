package fidelity

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestScopeHoldsEachRosterToolsWords: a roster tool brings its id (the
// service, the name and the id's parts), its title's words without their
// punctuation, and its parameter names and string enum values at every
// depth, all in lower case.
func TestScopeHoldsEachRosterToolsWords(t *testing.T) {
	k := catalog.Contract{ID: "Acme.Send_Invoice", Title: "Send Invoice (Draft).", Params: []catalog.Param{
		{Name: "Mode", Enum: []any{"Fast", 3, "Slow"}},
		{Name: "lines", Items: &catalog.Param{Name: "Line", Properties: []catalog.Param{{Name: "SKU", Enum: []any{"Basic"}}}}},
	}}
	s := NewScope([]catalog.Contract{k}, "search_tools")
	want := []string{"acme.send_invoice", "send_invoice", "acme", "send", "invoice", "draft", "search_tools", "search", "tools",
		"mode", "fast", "slow", "lines", "line", "sku", "basic"}
	for _, w := range want {
		if !s.words[w] {
			t.Errorf("words lack %q: %v", w, slices.Sorted(maps.Keys(s.words)))
		}
	}
	for _, v := range []string{"mode", "fast", "slow", "lines", "line", "sku", "basic"} {
		if !s.values[v] {
			t.Errorf("values lack %q", v)
		}
	}
	if s.values["invoice"] || s.values["3"] {
		t.Errorf("values hold a title word or a number: %v", slices.Sorted(maps.Keys(s.values)))
	}
	if !s.Allows("acme.send_invoice") || !s.Allows("search_tools") || !s.namespaces["acme"] {
		t.Errorf("allowed %v, namespaces %v", s.allowed, s.namespaces)
	}
}

// TestCompositionScopeIsTheRostersScope: the checker's scope of a
// composition, built from the parts it keeps per tool, is the scope of the
// roster's contracts built afresh.
func TestCompositionScopeIsTheRostersScope(t *testing.T) {
	full := catalogtest.Full(t)
	ch := ForComposition(full.Contracts())
	rng := rand.New(rand.NewPCG(28, 9))
	for range 8 {
		var roster []*catalog.Entry
		for _, e := range full.Entries() {
			if rng.IntN(2) == 0 {
				roster = append(roster, e)
			}
		}
		c, err := instruction.Compose(instruction.Input{Roster: roster, Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: catalog.FormCompact}})
		if err != nil {
			t.Fatal(err)
		}
		got := ch.compositionScope(c)
		var contracts []catalog.Contract
		var extra []string
		for id, ok := range instruction.AllowedTools(c) {
			if k, known := ch.contracts[id]; ok && known {
				contracts = append(contracts, k)
			} else if ok {
				extra = append(extra, id)
			}
		}
		want := NewScope(contracts, extra...)
		for name, pair := range map[string][2]map[string]bool{"allowed": {got.allowed, want.allowed}, "words": {got.words, want.words},
			"values": {got.values, want.values}, "namespaces": {got.namespaces, want.namespaces}, "classes": {got.classes, want.classes}} {
			if !maps.Equal(pair[0], pair[1]) {
				t.Errorf("%s differ: %d against %d", name, len(pair[0]), len(pair[1]))
			}
		}
		if got.exec != want.exec {
			t.Errorf("exec %v, want %v", got.exec, want.exec)
		}
	}
}
