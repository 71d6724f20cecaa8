package fidelity_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// quoteRun is how many words in a row a line may share with a blind
// corpus item before it counts as quoting it: six words are a sentence's
// worth of someone's wording, fewer are a common phrase.
const quoteRun = 6

// ownPhrases are runs our own text had before any corpus shared them, each
// with where it comes from; every other shared run is a quote.
var ownPhrases = map[string]string{
	"with that out of the way":   "an English idiom, an entry of the table of sequence frames",
	"runs a read only sql query": "the built-in sql_query tool's own headline, older than the corpus that shares it",
}

// TestNothingQuotesTheBlindCorpora: the blind corpora measure the leak
// check on text its authors have never seen, so the code, its comments,
// its tests and its docs give examples in their own words; a line, a
// comment or a paragraph that shares a run of six words with a corpus
// item's text or phrase quotes it. Test data is exempt (it may hold the published servers' texts the
// published corpora draw on), and tests may still read the corpora.
func TestNothingQuotesTheBlindCorpora(t *testing.T) {
	runs := corpusRuns(t)
	root := moduleRoot(t)
	var files int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", "vendor", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !ownText(path) {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		rel, _ := filepath.Rel(root, path)
		for _, b := range passages(path, string(raw)) {
			if run, id := sharedRun(b.text, runs); run != "" {
				t.Errorf("%s:%d shares %q with corpus item %s: give the example in our own words", rel, b.line, run, id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d files under %s, want the whole module", files, root)
	}
}

// TestSharedRunNeedsSixWordsInARow: the matcher finds six words in a row
// whatever their case, punctuation and string escapes, and nothing
// shorter.
func TestSharedRunNeedsSixWordsInARow(t *testing.T) {
	runs := map[string]string{}
	addRuns(runs, "Forward the weekly summary to the night shift lead.", "x-1")
	addRuns(runs, "With that out of the way, page the ward sister.", "x-2")
	for _, tc := range []struct {
		line string
		want string
	}{
		{`"then forward the WEEKLY summary, to the night desk"`, "forward the weekly summary to the"},
		{`// text: "Weekly\nsummary to the night shift"`, "weekly summary to the night shift"},
		{"forward the weekly summary to a night shift lead", ""},
		{"the weekly summary to the", ""},
		{"// with that out of the way, forward it", ""},
		{"that out of the way, page the ward", "that out of the way page"},
	} {
		if got, _ := sharedRun(tc.line, runs); got != tc.want {
			t.Errorf("sharedRun(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	wrapped := "x := 1\n// then forward the weekly\n// summary to the night desk\n"
	var found []int
	for _, p := range passages("a.go", wrapped) {
		if run, _ := sharedRun(p.text, runs); run != "" {
			found = append(found, p.line)
		}
	}
	if len(found) != 1 || found[0] != 2 {
		t.Errorf("a quote wrapped across comment lines: found at lines %v, want line 2", found)
	}
}

// passage is a stretch of a file read as one text: a line, or a whole
// comment or paragraph, where a quote may wrap from line to line.
type passage struct {
	line int
	text string
}

// passages are every line of a file and, joined, each run of comment
// lines (Go, templ) or of non-blank lines (Markdown).
func passages(path, raw string) []passage {
	lines := strings.Split(raw, "\n")
	var out []passage
	var block []string
	start := 0
	flush := func() {
		if len(block) > 1 {
			out = append(out, passage{start, strings.Join(block, " ")})
		}
		block = nil
	}
	for n, line := range lines {
		out = append(out, passage{n + 1, line})
		s := strings.TrimSpace(line)
		joins := s != ""
		if filepath.Ext(path) != ".md" {
			joins = strings.HasPrefix(s, "//")
			s = strings.TrimLeft(s, "/")
		}
		if !joins {
			flush()
			continue
		}
		if len(block) == 0 {
			start = n + 1
		}
		block = append(block, s)
	}
	flush()
	return out
}

// corpusRuns maps every run of quoteRun words of every blind corpus item's
// text and phrase to the item's id.
func corpusRuns(t *testing.T) map[string]string {
	t.Helper()
	corpora := loadLeakCorpora(t, filepath.Join("testdata", "blind*", "*.json"))
	if len(corpora) == 0 {
		t.Fatal("no blind corpus under testdata/blind*")
	}
	runs := map[string]string{}
	for _, c := range corpora {
		for _, it := range c.Items {
			addRuns(runs, it.Text, it.ID)
			addRuns(runs, it.Phrase, it.ID)
		}
	}
	return runs
}

// addRuns adds the runs of quoteRun words of text to runs, for id.
func addRuns(runs map[string]string, text, id string) {
	ws := lineWords(text)
	for i := 0; i+quoteRun <= len(ws); i++ {
		k := strings.Join(ws[i:i+quoteRun], " ")
		if _, ok := runs[k]; !ok {
			runs[k] = id
		}
	}
}

// sharedRun returns the first run of quoteRun words of line that a corpus
// item has, and the item's id; runs of our own text are none.
func sharedRun(line string, runs map[string]string) (run, id string) {
	ws := lineWords(line)
	for i := 0; i+quoteRun <= len(ws); i++ {
		k := strings.Join(ws[i:i+quoteRun], " ")
		if id, ok := runs[k]; ok && !ownRun(ws, i) {
			return k, id
		}
	}
	return "", ""
}

// ownRun: the run at i lies inside one of ownPhrases.
func ownRun(ws []string, i int) bool {
	for p := range ownPhrases {
		pw := strings.Fields(p)
		for s := i + quoteRun - len(pw); s <= i; s++ {
			if s >= 0 && s+len(pw) <= len(ws) && strings.Join(ws[s:s+len(pw)], " ") == p {
				return true
			}
		}
	}
	return false
}

// lineWords splits text into lower-case words of letters and digits; a
// string escape (\n, \t, \") separates words as the character would.
func lineWords(text string) []string {
	text = strings.NewReplacer(`\n`, " ", `\t`, " ", `\r`, " ", `\"`, " ").Replace(text)
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// ownText: a file of code, templates or docs, whose examples are ours.
func ownText(path string) bool {
	switch filepath.Ext(path) {
	case ".go", ".templ", ".md":
		return true
	}
	return false
}

// moduleRoot is the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package")
		}
		dir = parent
	}
}
