package eval_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
)

// leverDraft is the panel's draft over a catalog: every tool selected,
// every service connected.
func leverDraft(c *catalog.Catalog, services []string, deferred bool) instruction.Draft {
	d := instruction.Draft{Declared: c.Entries(), Selected: map[string]bool{}, DeclaredServices: services, Connected: map[string]bool{}, Options: instruction.DefaultOptions()}
	for _, ns := range services {
		d.Connected[ns] = true
	}
	for _, e := range d.Declared {
		d.Selected[e.ID()] = true
	}
	d.Options.Deferred = deferred
	return d
}

// sameAsOneByOne checks that EvaluateAll over the draft and every lever
// gives, report for report, what EvaluateWith gives one job at a time.
func sameAsOneByOne(t *testing.T, d instruction.Draft, cases []eval.Case, k int, o eval.Options) {
	t.Helper()
	levers, jobs := eval.LeverJobs(d, o)
	if len(jobs) < 3 {
		t.Fatalf("%d lever jobs", len(jobs))
	}
	jobs = append(jobs, eval.Job{In: d.Input(), Options: o})
	levers = append(levers, "(none)")
	got := eval.EvaluateAll(jobs, cases, k)
	for i, j := range jobs {
		want := eval.EvaluateWith(j.In, cases, k, j.Options)
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("lever %s: shared evaluation differs from one by one (recall %.3f vs %.3f)", levers[i], got[i].RecallAtK, want.RecallAtK)
		}
	}
}

// The shared evaluation of every lever (the forge panel's) gives exactly
// the reports of evaluating each lever alone: on the real catalog (the
// built-ins and GitHub, train5's cases, a second profile and refusals)
// deferred on and off, and on random catalogs (one under the staged
// ranking).
func TestEveryLeverSharedEqualsOneByOne(t *testing.T) {
	c := universe(t)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "train5_cases.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	suite, err := eval.ParseSuite(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, deferred := range []bool{true, false} {
		t.Run(fmt.Sprintf("real deferred=%v", deferred), func(t *testing.T) {
			d := leverDraft(c, []string{"github"}, deferred)
			second := input(c, deferred, nil, "github.create_issue", "github.search_code", "web_search")
			o := eval.Options{Second: &second, Refused: []string{"github.delete_file"}, Fit: eval.DraftFit(d)}
			sameAsOneByOne(t, d, suite.Cases, suite.K, o)
		})
	}
	for seed := range uint64(3) {
		t.Run(fmt.Sprintf("random %d", seed), func(t *testing.T) {
			rc, services, cases := randomCatalog(t, seed)
			d := leverDraft(rc, services, seed%2 == 0)
			r := rand.New(rand.NewPCG(seed, 7))
			for _, e := range d.Declared {
				if r.IntN(4) == 0 {
					d.Selected[e.ID()] = false
				}
			}
			var o eval.Options
			if seed == 1 {
				second := d
				second.Selected = map[string]bool{}
				for _, e := range d.Declared {
					second.Selected[e.ID()] = r.IntN(2) == 0
				}
				in := second.Input()
				o.Second = &in
			}
			sameAsOneByOne(t, d, cases, 5, o)
		})
	}
}

// randomCatalog is a catalog of random tools over three services and the
// built-ins' words, and random tasks over the same words, each expecting
// a random tool (a few expecting none, a few two-profile ones).
func randomCatalog(t *testing.T, seed uint64) (*catalog.Catalog, []string, []eval.Case) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	verbs := strings.Fields("get list create update delete search find fetch send upload download move copy rename archive restore apply run start stop schedule cancel merge compare export share publish label assign")
	nouns := strings.Fields("file folder issue comment message channel user team project task event calendar invoice payment customer order product image page document table row record database query branch commit release deployment pod secret config note entity graph email contact")
	services := []string{"alpha", "bravo", "charlie"}
	var cs []catalog.Contract
	for i := range 40 + r.IntN(40) {
		v, n := verbs[r.IntN(len(verbs))], nouns[r.IntN(len(nouns))]
		ns := ""
		if j := r.IntN(4); j < 3 {
			ns = services[j] + "."
		}
		var words []string
		for range 5 + r.IntN(20) {
			words = append(words, verbs[r.IntN(len(verbs))], nouns[r.IntN(len(nouns))])
		}
		c := catalog.Contract{ID: fmt.Sprintf("%s%s_%s_%d", ns, v, n, i), Title: v + " " + n, Purpose: strings.Join(words, " ") + ".",
			Class: "service", Version: "1.0.0", Effects: []catalog.Effects{catalog.EffectsReadOnly, "external-write", "destructive"}[r.IntN(3)]}
		for p := range r.IntN(4) {
			c.Params = append(c.Params, catalog.Param{Name: fmt.Sprintf("%sId%d", nouns[r.IntN(len(nouns))], p), Type: "string", Description: "the " + nouns[r.IntN(len(nouns))]})
		}
		cs = append(cs, c)
	}
	var cases []eval.Case
	for range 40 {
		c := cs[r.IntN(len(cs))]
		task := fmt.Sprintf("please %s the %s for the %s in %s", verbs[r.IntN(len(verbs))], nouns[r.IntN(len(nouns))], nouns[r.IntN(len(nouns))], services[r.IntN(len(services))])
		switch r.IntN(8) {
		case 0:
			cases = append(cases, eval.Case{Task: "what a lovely day, thanks", Kind: eval.KindNoTool})
		case 1:
			cases = append(cases, eval.Case{Task: task, Expect: []string{c.ID}, Kind: eval.KindTwoProfiles})
		default:
			cases = append(cases, eval.Case{Task: task, Expect: []string{c.ID + "|" + cs[r.IntN(len(cs))].ID}, Kind: eval.KindMisleading})
		}
	}
	return catalogtest.New(t, cs), services, cases
}
