package runtime

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/instruction/meter"
)

// oddStrings are the characters encoding/json writes specially: quotes,
// backslashes, control bytes, HTML's <, > and &, U+2028 and U+2029,
// invalid UTF-8 (a lone continuation byte, a cut rune), DEL and
// multi-byte text.
var oddStrings = []string{"", "plain", `q"uote\back`, "\b\f\n\r\t\x00\x01\x1f", "<a href='x'>&amp;</a>", "line\u2028par\u2029end",
	"bad\x80byte", "cut\xe2\x82", "\xe2\x82\xac euro", "del\x7f", "日本語 é ü", "\xff\xfe", "emoji 🙂 \U0010FFFF"}

// TestAppendJSONStringMatchesMarshal: the hand-written string encoder
// writes what json.Marshal writes, for the odd strings and 20,000 random
// byte strings drawn from a small alphabet of the special bytes.
func TestAppendJSONStringMatchesMarshal(t *testing.T) {
	alphabet := []byte("a \"\\<>&\b\f\n\r\t\x00\x1f\x7f\x80\xbf\xc3\xa9\xe2\x80\xa8\xa9\xf0\x9f\x99\x82\xff")
	rng := rand.New(rand.NewPCG(1, 2))
	cases := append([]string{}, oddStrings...)
	for range 20000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	}
}

// plainResult has Result's fields and none of its methods: json.Marshal
// of it is the encoding AppendJSON must reproduce.
type plainResult Result

// TestResultJSONMatchesMarshal: AppendJSON gives json.Marshal's bytes for
// 600 real projections (random rosters of the analyst's tools and GitHub
// tools, every tier, form and encoding, deferred or not, with and without
// skills, half checked by the fidelity checker) and for results whose
// every field is odd: empty or nil slices, omitted header fields, odd
// strings everywhere, a text that is not its sections' texts, sections
// whose split cuts a rune.
func TestResultJSONMatchesMarshal(t *testing.T) {
	cat := catalogtest.Full(t)
	var ids []string
	var known []catalog.Contract
	for _, e := range cat.Entries() {
		ids = append(ids, e.ID())
		known = append(known, e.Contract())
	}
	m := meter.New(100000)
	checker := fidelity.New(known)
	skills := []instruction.Skill{{Slug: "csv-report", Name: "CSV <report>", Summary: "Turns a table into a short report & more.", Version: 3, RequiredTools: []string{"load_table"}, Digest: "d1"},
		{Slug: "notes", Name: "Notes", Summary: "Keeps notes\u2028of what was found.", Version: 7}}
	forms, encs := []string{catalog.FormFull, catalog.FormCompact}, []string{meter.O200k, meter.Cl100k}
	check := func(i int, r Result) {
		t.Helper()
		want, err := json.Marshal(plainResult(r))
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			at := 0
			for at < len(got) && at < len(want) && got[at] == want[at] {
				at++
			}
			t.Fatalf("result %d differs at byte %d:\ngot  …%s\nwant …%s", i, at, got[max(0, at-80):min(len(got), at+80)], want[max(0, at-80):min(len(want), at+80)])
		}
	}
	withWarnings := 0
	for i := range 600 {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		d := instruction.Draft{Selected: map[string]bool{}, Options: instruction.DefaultOptions()}
		for _, id := range ids {
			if rng.IntN(8) == 0 {
				e, _ := cat.Get(id)
				d.Declared = append(d.Declared, e)
				if rng.IntN(3) > 0 {
					d.Selected[id] = true
				}
			}
		}
		if rng.IntN(2) == 0 {
			d.Skills = skills
		}
		d.Options.Tier, d.Options.CatalogForm = instruction.Tiers[rng.IntN(3)], forms[rng.IntN(2)]
		d.Options.Deferred = rng.IntN(3) == 0
		var ck *fidelity.Checker
		if rng.IntN(2) == 0 {
			ck = checker
		}
		p, _, err := m.Project(encs[rng.IntN(2)], d, ck)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Warnings) > 0 {
			withWarnings++
		}
		r := Result{Projection: p}
		if rng.IntN(2) == 0 {
			p.Agent, p.Profile, p.ProfileVersion = "analyst", "data-analyst", 2
			r = Result{Projection: p, Pinned: Pinned{Tools: []PinnedTool{{ID: "read_file", Version: "1", Digest: "abc"}}, Skills: []PinnedSkill{}},
				Dropped: []instruction.Dropped{{ID: "exec", Set: "without", Reason: "named in without"}}}
		}
		check(i, r)
	}
	t.Logf("%d of 600 projections had warnings (the odd results below all do)", withWarnings)
	odd := func(k int) string { return oddStrings[k%len(oddStrings)] }
	for k := range len(oddStrings) {
		p := meter.Projection{Header: meter.Header{Agent: odd(k), Profile: odd(k + 1), ProfileVersion: k, Encoding: odd(k + 2), Tier: odd(k + 3), CatalogForm: odd(k + 4),
			Deferred: k%2 == 0, Pins: []string{odd(k + 5)}, Roster: []string{odd(k), odd(k + 6)}, Skills: []instruction.Skill{{Slug: odd(k), RequiredTools: []string{odd(k + 1)}}}, Channels: -k},
			Sections: []meter.SectionView{{ID: odd(k), Group: odd(k + 1), Tokens: k, Reason: odd(k + 2), Text: odd(k + 3)}, {ID: "b", Text: odd(k + 7)}},
			Totals:   meter.Totals{Body: k, Protocol: -1, Catalog: 1 << 40, Total: 3}, Levers: []meter.Lever{{ID: odd(k), On: true, Delta: meter.Totals{Total: -k}}},
			Warnings: []fidelity.Finding{{Kind: odd(k), Tool: odd(k + 1), Offset: k, Excerpt: odd(k + 2), Class: odd(k + 3)}}, Digest: odd(k + 8)}
		p.Text = p.Sections[0].Text + p.Sections[1].Text
		check(1000+k, Result{Projection: p})
		p.Text = odd(k + 9) // not the sections' texts
		check(2000+k, Result{Projection: p, Pinned: Pinned{Tools: []PinnedTool{}}, Dropped: []instruction.Dropped{}})
		check(2500+k, Result{Projection: p, Pinned: Pinned{Tools: []PinnedTool{{ID: odd(k), Version: odd(k + 1), Digest: odd(k + 2)}, {ID: "b"}},
			Skills: []PinnedSkill{{Slug: odd(k + 3), Version: -k, Digest: odd(k + 4)}, {Version: 1 << 40}}},
			Dropped: []instruction.Dropped{{ID: odd(k + 5), Set: odd(k + 6), Reason: odd(k + 7)}, {}}})
	}
	// a rune cut between two sections: valid whole, invalid in parts
	euro := "\xe2\x82\xac"
	cut := meter.Projection{Sections: []meter.SectionView{{Text: "a" + euro[:1]}, {Text: euro[1:] + "b"}}, Text: "a" + euro + "b"}
	check(3000, Result{Projection: cut})
	check(3001, Result{}) // every slice nil
}

// BenchmarkResultJSON encodes distinct compose answers (the analyst-like
// rosters of TestResultJSONMatchesMarshal's corpus, each roster tool
// pinned and every other declared tool dropped, as served) with
// json.Marshal and with AppendJSON.
func BenchmarkResultJSON(b *testing.B) {
	cat := catalogtest.Full(b)
	declared := []string{"read_file", "list_files", "search_files", "read_spreadsheet", "extract_text", "exec", "sql_query", "compute_statistics", "evaluate_expression",
		"load_table", "save_table", "describe_table", "emit_artifact", "report_progress", "render_chart", "workspace_write", "edit_file", "ask_user"}
	m := meter.New(100000)
	var results []Result
	for i := range 64 {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		d := instruction.Draft{Selected: map[string]bool{}, Options: instruction.DefaultOptions()}
		for _, id := range declared {
			e, _ := cat.Get(id)
			d.Declared = append(d.Declared, e)
			if rng.IntN(2) == 0 {
				d.Selected[id] = true
			}
		}
		d.Options.Tier = instruction.Tiers[rng.IntN(3)]
		p, _, err := m.Project(meter.O200k, d, nil)
		if err != nil {
			b.Fatal(err)
		}
		p.Agent, p.Profile, p.ProfileVersion = "analyst", "data-analyst", 2
		// as a served answer: every roster tool pinned, the others dropped
		r := Result{Projection: p, Pinned: Pinned{Tools: []PinnedTool{}, Skills: []PinnedSkill{}}, Dropped: []instruction.Dropped{}}
		for _, id := range declared {
			e, _ := cat.Get(id)
			if d.Selected[id] {
				r.Pinned.Tools = append(r.Pinned.Tools, PinnedTool{ID: id, Version: e.Contract().Version, Digest: e.Digest()})
			} else {
				r.Dropped = append(r.Dropped, instruction.Dropped{ID: id, Set: instruction.SetRequested, Reason: instruction.ReasonNotRequested})
			}
		}
		results = append(results, r)
	}
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuNow()
		for i := 0; b.Loop(); i++ {
			if _, err := json.Marshal(results[i%len(results)]); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuNow()
		for i := 0; b.Loop(); i++ {
			r := results[i%len(results)]
			if _, err := r.AppendJSON(make([]byte, 0, AnswerSize(r))); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
}

// TestAnswerSizeHoldsTheAnswer: the capacity AnswerSize gives holds the
// encoded answers of the benchmark's corpus without growing.
func TestAnswerSizeHoldsTheAnswer(t *testing.T) {
	cat := catalogtest.Full(t)
	m := meter.New(100000)
	for i, tier := range instruction.Tiers {
		for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
			d := instruction.Draft{Selected: map[string]bool{}, Options: instruction.DefaultOptions()}
			for _, e := range cat.Entries()[:40+i*20] {
				d.Declared = append(d.Declared, e)
			}
			d.Options.Tier, d.Options.CatalogForm = tier, form
			p, _, err := m.Project(meter.O200k, d, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := Result{Projection: p}
			b, err := r.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			if n := AnswerSize(r); len(b) > n {
				t.Fatalf("%s %s: %d bytes, capacity %d", tier, form, len(b), n)
			}
		}
	}
}
