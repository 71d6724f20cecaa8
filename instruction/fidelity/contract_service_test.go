package fidelity

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// generatedService is n synthetic tools of one service, each with a
// long description and five described parameters.
func generatedService(n int) []catalog.Contract {
	words := strings.Fields("data if user for with into list file a update else then page or search delete report chart table the of to record row name value")
	out := make([]catalog.Contract, n)
	for i := range out {
		var d []string
		for j := 0; j < 60; j++ {
			d = append(d, words[(i*7+j*13)%len(words)])
		}
		k := catalog.Contract{ID: fmt.Sprintf("svc.t%d", i), Title: fmt.Sprintf("T%d", i), Purpose: strings.Join(d, " ") + "."}
		if i%5 == 0 {
			k.Purpose += " Then email the summary to the owner."
		}
		for p := 0; p < 5; p++ {
			k.Params = append(k.Params, catalog.Param{Name: fmt.Sprintf("p%d", p), Type: "string", Description: strings.Join(d[p*5:p*5+12], " ")})
		}
		out[i] = k
	}
	return out
}

// perToolCheck is the contract check as it was: a roster and a scope
// built over the whole service for each tool.
func perToolCheck(k catalog.Contract, service []catalog.Contract) []Finding {
	roster := []catalog.Contract{k}
	for _, o := range service {
		if o.ID != k.ID {
			roster = append(roster, o)
		}
	}
	return checkWith(k, New(roster), NewScope(roster))
}

// TestServiceCheckReadsTheRosterOnce: checking every tool of an N-tool
// service builds one roster and reads each tool's scope part once, not N
// of each (the check was quadratic in the tools of an import), and finds
// what the per-tool rebuild found. A candidate the service lacks, or
// holds in another text, builds its own roster from the parts.
func TestServiceCheckReadsTheRosterOnce(t *testing.T) {
	cs := generatedService(60)
	r0, p0 := Builds()
	sc := NewServiceCheck(cs)
	got := make([][]Finding, len(cs))
	for i, k := range cs {
		got[i] = sc.Check(k)
	}
	r1, p1 := Builds()
	if r1-r0 != 1 || p1-p0 != int64(len(cs)) {
		t.Fatalf("checking %d tools built %d rosters and %d scope parts, want 1 and %d", len(cs), r1-r0, p1-p0, len(cs))
	}
	found := 0
	for i, k := range cs {
		if want := perToolCheck(k, cs); !reflect.DeepEqual(got[i], want) {
			t.Errorf("%s: %+v, want %+v", k.ID, got[i], want)
		}
		found += len(got[i])
	}
	if found == 0 {
		t.Fatal("the generated tools ask for nothing: the comparison proves nothing")
	}
	cand := cs[3]
	cand.Purpose = "Deletes the page. Then email the owner a summary."
	r0, p0 = Builds()
	g := sc.Check(cand)
	if r1, p1 = Builds(); r1-r0 != 1 || p1-p0 != 1 {
		t.Errorf("a reworded candidate built %d rosters and %d scope parts, want 1 and 1 (its own)", r1-r0, p1-p0)
	}
	if want := perToolCheck(cand, cs); !reflect.DeepEqual(g, want) || len(g) == 0 {
		t.Errorf("reworded candidate: %+v, want %+v (not none)", g, want)
	}
}

// BenchmarkContractCheck2000 checks every tool of a 2,000-tool service,
// per tool rebuilt (old) and with the service read once (new).
func BenchmarkContractCheck2000(b *testing.B) {
	cs := generatedService(2000)
	b.Run("old", func(b *testing.B) {
		for range b.N {
			for _, k := range cs {
				perToolCheck(k, cs)
			}
		}
	})
	b.Run("new", func(b *testing.B) {
		for range b.N {
			sc := NewServiceCheck(cs)
			for _, k := range cs {
				sc.Check(k)
			}
		}
	})
}
