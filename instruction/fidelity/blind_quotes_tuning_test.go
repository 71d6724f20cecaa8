package fidelity_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// tuningSources are the data the leak check is tuned or pinned on: the
// tuning corpus, the labelled leaks and the compositions' golden files.
var tuningSources = []string{"testdata/tuning/*.json", "testdata/leaks.json", "../testdata/*.txt"}

// knownSharedRuns are the digests (runDigest) of the runs of quoteRun
// words the tuning data shared with the blind corpora of rounds 1–25 when
// this guard was added — common wording both wrote independently, most
// of it with the first round's corpora; kept by digest, so this file
// quotes none of them. A run not listed is a new quote.
const knownSharedRuns = `
01459a4961f7 025dc3600320 09b792fc5669 0b057f0ecfba 1752f17ce03d 1a9b28a28552 1dd52f4188f1 1e082f97ab3a
279859dee647 2867ce327e98 290e8278c6cf 2c6e4e26bc30 33e8661fa491 348bf941e620 371efbf92911 3b2f21722cc3
42796abee6b7 5e72c810da53 7a4e061f808b 882407b12050 92a2610df81a 93fc821c8664 97ee631fa59b 996e5198233f
a0c49f88611c a1b85a5bf27f a28091b91690 acd3d7687a6f adfa2dea9fea b166ce2039df b6cc3363979b b78815e18379
c01ffd6b6f95 c35638a8eb49 c8c9d96c6596 cbe4f02f7b59 cd5959930c2c cdb5dc0f0a8c dd5047efc527 f55176b48648
`

// TestTuningDataQuotesNoBlindCorpus: the tuning data holds no run of six
// words of a blind corpus item (TestNothingQuotesTheBlindCorpora's rule
// for code and docs) beyond those shared when the guard was added, so no
// blind item is tuned on by copying it; a run a published server's tool
// list also holds is that server's text, which the published corpora
// copy verbatim, and no quote.
func TestTuningDataQuotesNoBlindCorpus(t *testing.T) {
	runs := corpusRuns(t)
	shared := map[string]string{} // a shared run: where it stands
	for _, pattern := range tuningSources {
		paths, err := filepath.Glob(pattern)
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no tuning data (%v)", pattern, err)
		}
		for _, path := range paths {
			for _, text := range tuningTexts(t, path) {
				ws := lineWords(text)
				for i := 0; i+quoteRun <= len(ws); i++ {
					k := strings.Join(ws[i:i+quoteRun], " ")
					if id, ok := runs[k]; ok && !ownRun(ws, i) && shared[k] == "" {
						shared[k] = path + " (corpus item " + id + ")"
					}
				}
			}
		}
	}
	published := publishedRuns(t, shared)
	known := map[string]bool{}
	for _, d := range strings.Fields(knownSharedRuns) {
		known[d] = true
	}
	var quotes []string
	for k, where := range shared {
		if !published[k] && !known[runDigest(k)] {
			quotes = append(quotes, runDigest(k)+" "+where+": "+k)
		}
	}
	sort.Strings(quotes)
	for _, q := range quotes {
		t.Errorf("tuning data quotes a blind corpus: %s", q)
	}
}

// tuningTexts are the texts of a tuning file: every string of a JSON
// file, every line of another.
func tuningTexts(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Ext(path) != ".json" {
		return strings.Split(string(raw), "\n")
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	return out
}

// publishedRuns are the runs of want that a published server's tool list
// (catalog/testdata/published) holds.
func publishedRuns(t *testing.T, want map[string]string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	if len(want) == 0 {
		return out
	}
	paths, err := filepath.Glob(filepath.Join(moduleRoot(t), "catalog", "testdata", "published", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no published tool list (%v)", err)
	}
	for _, path := range paths {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ws := lineWords(string(raw))
		for i := 0; i+quoteRun <= len(ws); i++ {
			if k := strings.Join(ws[i:i+quoteRun], " "); want[k] != "" {
				out[k] = true
			}
		}
	}
	return out
}

// runDigest names a run without quoting it: the first 12 hex digits of
// its sha256.
func runDigest(run string) string {
	sum := sha256.Sum256([]byte(run))
	return hex.EncodeToString(sum[:6])
}
