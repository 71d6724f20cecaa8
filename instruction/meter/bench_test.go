package meter_test

import (
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

func benchDraft(b *testing.B) instruction.Draft {
	cat := fullCatalog(b)
	d := instruction.Draft{Declared: cat.Entries(), Selected: map[string]bool{}, DeclaredServices: []string{"github"}, Connected: map[string]bool{"github": true}, Options: instruction.DefaultOptions()}
	for _, e := range cat.Entries() {
		d.Selected[e.ID()] = true
	}
	return d
}

// BenchmarkForgeToggle is one forge recompute for the default catalog plus
// the 117-tool GitHub service: compose, count every section and every
// lever's delta, warm memo. Compare with BenchmarkForgeToggleNaive in the
// same run.
func BenchmarkForgeToggle(b *testing.B) {
	d := benchDraft(b)
	m := meter.New(100000)
	if _, _, err := m.Project(meter.O200k, d, nil); err != nil { // warm
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		d2, _ := d.Flip("tool:exec")
		if i%2 == 1 {
			d2 = d
		}
		if _, _, err := m.Project(meter.O200k, d2, nil); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkForgeToggleNaive is the naive way: for each lever, recompose and
// re-tokenize the whole text.
func BenchmarkForgeToggleNaive(b *testing.B) {
	d := benchDraft(b)
	m := meter.New(100000)
	if _, err := m.Count(meter.O200k, "warm"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		base, _ := instruction.Compose(d.Input())
		if _, err := m.Count(meter.O200k, base.Text()); err != nil {
			b.Fatal(err)
		}
		for _, id := range d.LeverIDs() {
			f, _ := d.Flip(id)
			c, _ := instruction.Compose(f.Input())
			if _, err := m.Count(meter.O200k, c.Text()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkForgeToggleLarge is BenchmarkForgeToggle on a 1,000-tool
// catalog of eight connected services (catalogtest.Large), every tool
// selected, warm memo.
func BenchmarkForgeToggleLarge(b *testing.B) {
	cat := catalogtest.Large(b)
	ns := catalogtest.LargeNamespaces()
	d := instruction.Draft{Declared: cat.Entries(), Selected: map[string]bool{}, DeclaredServices: ns, Connected: map[string]bool{}, Options: instruction.DefaultOptions()}
	for _, n := range ns {
		d.Connected[n] = true
	}
	for _, e := range cat.Entries() {
		d.Selected[e.ID()] = true
	}
	m := meter.New(100000)
	if _, _, err := m.Project(meter.O200k, d, nil); err != nil { // warm
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		d2, _ := d.Flip("tool:exec")
		if i%2 == 1 {
			d2 = d
		}
		if _, _, err := m.Project(meter.O200k, d2, nil); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}
