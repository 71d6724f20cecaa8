package fidelity_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// leakCorpus is a corpus of third-party descriptions, each labelled leaky
// or not by someone who did not read the checker (testdata/blind), or
// written to tune it (testdata/tuning).
type leakCorpus struct {
	Corpus    string `json:"corpus"`
	WrittenBy string `json:"written_by"`
	Items     []struct {
		ID          string   `json:"id"`
		Tool        string   `json:"tool"`
		Text        string   `json:"text"`
		RosterExtra []string `json:"roster_extra"`
		Leak        bool     `json:"leak"`
		Kind        string   `json:"kind"`
		Phrase      string   `json:"phrase"`
		Source      string   `json:"source"`
	} `json:"items"`
}

// corpusScore is a corpus's precision and recall, and recall per kind.
type corpusScore struct {
	all    score
	byKind map[string]*score
	misses []string
	// refused are the items the import refuses (never composed)
	refused []string
	// unlocated are the items whose text the composition does not show
	// as written (scored on every finding of the composition)
	unlocated []string
}

// importedNamespace is the service a corpus's descriptions are imported
// as.
const importedNamespace = "acme"

// measureCorpus composes each item as an import would put it before the
// model — the description imported (MCP tools/list) as a tool of a
// service, with its roster_extra tools ("name: purpose"), composed with
// the built-in read_file — and checks the composition.
func measureCorpus(t *testing.T, c leakCorpus) corpusScore {
	t.Helper()
	builtin := catalogtest.Builtin(t)
	out := corpusScore{byKind: map[string]*score{}}
	for _, it := range c.Items {
		if !inHoldoutSelection(c.Corpus, it.ID) {
			continue
		}
		type mcpTool struct {
			Name        string         `json:"name"`
			Description string         `json:"description"`
			InputSchema map[string]any `json:"inputSchema"`
		}
		tools := []mcpTool{{Name: it.Tool, Description: it.Text, InputSchema: publishedSchema(t, it.Source, it.Tool)}}
		for _, x := range it.RosterExtra {
			name, purpose, _ := strings.Cut(x, ":")
			tools = append(tools, mcpTool{Name: strings.TrimSpace(name), Description: strings.TrimSpace(purpose), InputSchema: map[string]any{"type": "object"}})
		}
		doc, _ := json.Marshal(map[string]any{"tools": tools})
		imported, ps := catalog.Parse(catalog.FormatMCP, doc, importedNamespace)
		if len(ps) > 0 {
			// the import refuses it: the model never sees the text, and
			// the item is reported apart, not scored
			out.refused = append(out.refused, fmt.Sprintf("%s %s (leak=%v): %v", c.Corpus, it.ID, it.Leak, strings.ReplaceAll(ps.Error(), "\n", " ")))
			continue
		}
		known := append(append([]catalog.Contract(nil), builtin...), imported...)
		cat := catalogtest.New(t, known)
		roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == "read_file" || k.Namespace() == importedNamespace })
		comp := compose(t, instruction.Input{Roster: roster, Services: []string{importedNamespace}})
		fs, located := inItemText(comp, it.Text, fidelity.ForComposition(known).CheckComposition(comp))
		if !located {
			out.unlocated = append(out.unlocated, c.Corpus+" "+it.ID)
		}
		got := len(fs) > 0
		out.all.add(it.Leak, got)
		kind := it.Kind
		if kind == "" {
			kind = "(none)"
		}
		if out.byKind[kind] == nil {
			out.byKind[kind] = &score{}
		}
		out.byKind[kind].add(it.Leak, got)
		if got != it.Leak {
			out.misses = append(out.misses, fmt.Sprintf("%s %s (leak=%v, kind %s, phrase %q): %q → %s", c.Corpus, it.ID, it.Leak, it.Kind, it.Phrase, it.Text, describe(fs)))
		}
	}
	return out
}

// inItemText keeps the findings whose signal lies in the item's own text.
// The check reads a tool's whole entry — its description and every
// parameter's, as the model does — but an item labels one of those texts,
// imported with its tool's published schema: a sibling parameter's
// "Use mobile_list_available_devices" is no finding on the item "Whether
// to submit the text" (blind9-published). Offsets are positions in the
// composition's whole text (CheckComposition), where an entry's lines are
// trimmed and its later ones set off by "| ": the item is found there
// with white space and those bars left out. located is false when the
// text is nowhere in the composition (then every finding is kept).
func inItemText(comp instruction.Composition, text string, fs []fidelity.Finding) (out []fidelity.Finding, located bool) {
	var whole strings.Builder
	for _, sec := range comp.Sections {
		for _, u := range sec.Units {
			whole.WriteString(u.Text)
		}
	}
	all, at := bare(whole.String())
	want, _ := bare(text)
	var spans [][2]int
	for from := 0; want != ""; {
		i := strings.Index(all[from:], want)
		if i < 0 {
			break
		}
		spans = append(spans, [2]int{at[from+i], at[from+i+len(want)-1] + 1})
		from += i + 1
	}
	if len(spans) == 0 {
		return fs, false
	}
	for _, f := range fs {
		for _, sp := range spans {
			if f.Offset >= sp[0] && f.Offset < sp[1] {
				out = append(out, f)
				break
			}
		}
	}
	return out, true
}

// bare is s without white space and without the bar that opens a
// continued line ("\n| "); at[i] is s's offset of the result's byte i.
func bare(s string) (string, []int) {
	var b strings.Builder
	at := make([]int, 0, len(s))
	lineStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case c == '|' && lineStart:
			lineStart = false
			continue
		}
		lineStart = false
		b.WriteByte(c)
		at = append(at, i)
	}
	return b.String(), at
}

// publishedSchema is the input schema a published server declares for a
// tool ("package@version tool_name", its tools/list in
// catalog/testdata/published): an import brings a description with its
// parameters, which the description may name ("use dry_run first"). A
// written item has none.
func publishedSchema(t *testing.T, source, tool string) map[string]any {
	empty := map[string]any{"type": "object"}
	pkg, name, ok := strings.Cut(source, " ")
	if !ok || name != tool {
		return empty
	}
	file := strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "-") + ".tools.json"
	raw, err := os.ReadFile(filepath.Join("..", "..", "catalog", "testdata", "published", file))
	if err != nil {
		return empty
	}
	var doc struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, x := range doc.Tools {
		if x.Name == tool && x.InputSchema != nil {
			return x.InputSchema
		}
	}
	return empty
}

func (s corpusScore) report(t *testing.T, name string, n int) {
	t.Logf("%s (%d items): %s", name, n, s.all)
	var kinds []string
	for k := range s.byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		ks := s.byKind[k]
		if ks.tp+ks.fn > 0 {
			t.Logf("  %-20s recall %.3f (%d of %d)", k, ks.recall(), ks.tp, ks.tp+ks.fn)
		} else {
			t.Logf("  %-20s false alarms %d of %d", k, ks.fp, ks.fp+ks.tn)
		}
	}
	for _, m := range s.misses {
		t.Logf("  miss %s", m)
	}
	for _, r := range s.refused {
		t.Logf("  refused by the import, not scored: %s", r)
	}
	if len(s.unlocated) > 0 {
		t.Logf("  not found as written in the composition (scored on its whole text): %s", strings.Join(s.unlocated, ", "))
	}
}

func loadLeakCorpora(t *testing.T, glob string) map[string]leakCorpus {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]leakCorpus{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c leakCorpus
		if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
			// a corpus may also be a bare list of items (round 4), named
			// by its file
			c.Corpus = strings.TrimSuffix(filepath.Base(f), ".json")
			raw = []byte(`{"items":` + string(raw) + `}`)
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = c
	}
	return out
}

// merge adds another corpus's counts to s.
func (s *corpusScore) merge(o corpusScore) {
	s.all.tp += o.all.tp
	s.all.fp += o.all.fp
	s.all.fn += o.all.fn
	s.all.tn += o.all.tn
	for k, ks := range o.byKind {
		if s.byKind[k] == nil {
			s.byKind[k] = &score{}
		}
		s.byKind[k].tp += ks.tp
		s.byKind[k].fp += ks.fp
		s.byKind[k].fn += ks.fn
		s.byKind[k].tn += ks.tn
	}
}
