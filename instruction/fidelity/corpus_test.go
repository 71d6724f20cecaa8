package fidelity_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/fidelity"
)

// corpus is the labelled leak corpus (testdata/leaks.json).
type corpus struct {
	ExtraTools []catalog.Contract `json:"extra_tools"`
	Items      []struct {
		ID           string   `json:"id"`
		Kind         string   `json:"kind"`
		Text         string   `json:"text"`
		RosterPreset string   `json:"roster_preset"`
		Roster       []string `json:"roster"`
		Self         string   `json:"self"`
		Leak         bool     `json:"leak"`
		HeldOut      bool     `json:"held_out"`
		Note         string   `json:"note"`
	} `json:"items"`
}

// world is the corpus's known tools: the builtin catalog, the GitHub
// fixture as the github service, and a few service tools with one-word
// titles ("Read", "Schedule", "Programs").
type world struct {
	known   []catalog.Contract
	byID    map[string]catalog.Contract
	presets map[string][]string
	checker *fidelity.Checker
}

func loadCorpus(t testing.TB) (corpus, world) {
	t.Helper()
	raw, err := os.ReadFile("testdata/leaks.json")
	if err != nil {
		t.Fatal(err)
	}
	var c corpus
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	w := world{byID: map[string]catalog.Contract{}, presets: map[string][]string{"none": nil}}
	w.known = append(append(append(w.known, catalogtest.Builtin(t)...), catalogtest.GitHub(t)...), c.ExtraTools...)
	for _, k := range w.known {
		w.byID[k.ID] = k
		if k.Namespace() == "" {
			w.presets["natives+exec"] = append(w.presets["natives+exec"], k.ID)
			if !k.CodeOnly && k.ID != "exec" {
				w.presets["natives"] = append(w.presets["natives"], k.ID)
			}
		}
	}
	w.checker = fidelity.New(w.known)
	return c, w
}

type score struct{ tp, fp, fn, tn int }

func (s score) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s score) recall() float64    { return ratio(s.tp, s.tp+s.fn) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func (s *score) add(want, got bool) {
	switch {
	case want && got:
		s.tp++
	case want:
		s.fn++
	case got:
		s.fp++
	default:
		s.tn++
	}
}

func (s score) String() string {
	return fmt.Sprintf("precision %.3f recall %.3f (tp %d, fp %d, fn %d, tn %d)", s.precision(), s.recall(), s.tp, s.fp, s.fn, s.tn)
}

// TestLeakCorpus holds the check at precision and recall ≥ 0.95 on the
// whole labelled corpus, and prints the figures for the whole corpus, the
// tuning part and the held-out third (never used for tuning).
//
//	go test ./instruction/fidelity -run TestLeakCorpus -v
func TestLeakCorpus(t *testing.T) {
	c, w := loadCorpus(t)
	if len(c.Items) < 150 {
		t.Fatalf("corpus has %d items, want at least 150", len(c.Items))
	}
	var all, tuning, held, fresh, fresh2, fresh3 score
	for _, it := range c.Items {
		ids := append(append([]string{}, w.presets[it.RosterPreset]...), it.Roster...)
		var roster []catalog.Contract
		for _, id := range ids {
			k, ok := w.byID[id]
			if !ok {
				t.Fatalf("%s: unknown roster tool %s", it.ID, id)
			}
			roster = append(roster, k)
		}
		fs := w.checker.Check(it.Text, fidelity.NewScope(roster))
		got := len(fs) > 0
		all.add(it.Leak, got)
		if it.Kind == "fresh" {
			fresh.add(it.Leak, got)
		}
		if it.Kind == "fresh2" {
			fresh2.add(it.Leak, got)
		}
		if it.Kind == "fresh3" {
			fresh3.add(it.Leak, got)
		}
		if it.HeldOut {
			held.add(it.Leak, got)
		} else {
			tuning.add(it.Leak, got)
		}
		if got != it.Leak && (!it.HeldOut || os.Getenv("FIDELITY_SHOW_HELD_OUT") != "") {
			t.Logf("miss %s (leak=%v, held_out=%v): %q → %s", it.ID, it.Leak, it.HeldOut, it.Text, describe(fs))
		}
	}
	t.Logf("whole corpus (%d items): %s", len(c.Items), all)
	t.Logf("tuning part  (%d items): %s", tuning.tp+tuning.fp+tuning.fn+tuning.tn, tuning)
	t.Logf("held out     (%d items): %s", held.tp+held.fp+held.fn+held.tn, held)
	t.Logf("  of which fresh set 1 (%d items): %s", fresh.tp+fresh.fp+fresh.fn+fresh.tn, fresh)
	t.Logf("  of which fresh set 2 (%d items): %s", fresh2.tp+fresh2.fp+fresh2.fn+fresh2.tn, fresh2)
	t.Logf("  of which fresh set 3 (%d items): %s", fresh3.tp+fresh3.fp+fresh3.fn+fresh3.tn, fresh3)
	if all.precision() < 0.95 || all.recall() < 0.95 {
		t.Errorf("whole corpus: %s; want precision and recall ≥ 0.95", all)
	}
}

func describe(fs []fidelity.Finding) string {
	if len(fs) == 0 {
		return "no finding"
	}
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s %s via %q", f.Kind, f.Tool, f.Signal))
	}
	return strings.Join(parts, "; ")
}
