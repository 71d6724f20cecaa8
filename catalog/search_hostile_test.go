package catalog_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// hostileQueries are queries at the byte ceiling built to cost the search
// most: every reading of the parser at once, the words with the most
// thesaurus and lexicon relatives (so the expansion ceilings are reached
// in every clause ranked), as many clauses as are ranked, pronouns and
// statements for the antecedent search, hint phrases, collocations,
// quotes left open, references, sums, and many short words (each word
// is stemmed, which costs most).
func hostileQueries() map[string]string {
	ceiling := catalog.MaxQueryBytes
	fill := func(unit string) string { return strings.Repeat(unit, ceiling/len(unit)+1)[:ceiling] }
	// thesaurus words whose groups are largest, each also a common
	// word of the lexicon and of tool texts
	expanding := "delete remove drop erase discard purge trash edit change modify update fix correct amend tweak " +
		"rewrite revise fetch retrieve grab obtain download pull get create make generate produce add text word " +
		"passage sentence paragraph line wording run execute launch trigger start rerun show display view see list " +
		"find search locate lookup seek discover send post publish share submit image picture screenshot snapshot " +
		"photo capture website site webpage page url link"
	qs := map[string]string{
		"expanding":      fill(expanding + " "),
		"expanding-4":    clauses(strings.Fields(expanding), ", ", ceiling),
		"expanding-and":  clauses(strings.Fields(expanding), " and ", ceiling),
		"pronouns":       fill("the deploy workflow keeps failing. rerun it, fix them and delete those. "),
		"statements":     fill("nobody uses the tag, remove it; it must say hello, "),
		"collocations":   fill("kick off get rid of set up look up "),
		"phrases":        fill("what did I tell you file an issue open a PR what needs my attention "),
		"notices":        fill("tell me when me us when "),
		"quotes-open":    fill("\"a "),
		"quotes-closed":  fill("\"delete issue\" "),
		"references":     fill("docs/a.md acme/web https://x.org/a old/ "),
		"sums":           fill("15% of 2,400 3 * 4 12 times 7 "),
		"hyphens":        fill("to-do-e-mail-follow-up-"),
		"camel":          fill("getFileContents parseInvoice "),
		"one-word":       strings.Repeat("x", ceiling),
		"short-verbs":    fill("fix run add get "),
		"short-clauses":  fill("fix, run, add, get, "),
		"abbreviations":  fill("PRs repos docs dirs "),
		"edits":          fill("put a comment in config.yaml, "),
		"states":         fill("mark the entry as done and "),
		"made-things":    fill("leave a comment, log a new entry, "),
		"descriptions":   fill("add a comment asking who owns the launch and "),
		"instruments":    fill("use the API to list the issues, "),
		"every-reading":  "what did I tell you? nobody uses the 'wontfix' tag, remove it; kick off the build and get rid of docs/old.md then put a comment in config.yaml, mark the entry as done, use the API to list the issues and tell me when 15% of 2,400 is ready; don't zip anything, just move them to a new file, add a task to review acme/web as a diagram, I need the issue closed, can you screenshot https://x.org/a? then reply that it's fixed, turn the table into a pie chart and sketch the review flow as a diagram, leave a comment",
		"non-ascii":      fill("ملف 文件 показать "),
		"stop-words":     fill("the of and a to in is you that it "),
		"punctuation":    fill(",.;:!?"),
		"expanding-past": strings.Repeat(expanding, 4),
	}
	return qs
}

// clauses joins words with sep up to n bytes.
func clauses(words []string, sep string, n int) string {
	var b strings.Builder
	for i := 0; ; i++ {
		w := words[i%len(words)]
		if b.Len()+len(sep)+len(w) > n {
			return b.String()
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(w)
	}
}

// BenchmarkSearchHostile is the search's worst case on the case set's
// universe (the builtin catalog and the GitHub fixture with its hints,
// 151 tools): each hostile query (see hostileQueries), at the byte
// ceiling, ranked at the largest limit. The target is well under 5 ms.
//
//	go test ./catalog -run XXX -bench BenchmarkSearchHostile -benchtime 200x
func BenchmarkSearchHostile(b *testing.B) {
	ix := catalog.NewIndex(catalogtest.SearchUniverse(b))
	qs := hostileQueries()
	names := make([]string, 0, len(qs))
	for name := range qs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		q := qs[name]
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ix.Search(q, catalog.MaxSearchLimit)
			}
		})
	}
}

// TestHostileQueriesAreAtTheCeiling keeps the benchmark honest: its
// queries reach the byte ceiling (one goes past it), and each still finds
// tools or is made of words no tool answers.
func TestHostileQueriesAreAtTheCeiling(t *testing.T) {
	ix := catalog.NewIndex(catalogtest.SearchUniverse(t))
	for name, q := range hostileQueries() {
		if len(q) < catalog.MaxQueryBytes-40 {
			t.Errorf("%s: %d bytes, want about %d", name, len(q), catalog.MaxQueryBytes)
		}
		hits := ix.Search(q, catalog.MaxSearchLimit)
		switch name {
		case "one-word", "stop-words", "punctuation", "quotes-open", "non-ascii":
		default:
			if len(hits) == 0 {
				t.Errorf("%s: no hit for %q", name, q)
			}
		}
	}
}
