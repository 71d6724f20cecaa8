package catalog

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// referencePostings is the index's postings built the plain way: each
// tool's words counted in a map of its own, each term's postings appended
// tool by tool. newIndex must build exactly these.
func referencePostings(ix *Index, docs []searchDoc) map[string][]posting {
	out := map[string][]posting{}
	var avg [numFields]float64
	total := 0
	for _, sd := range docs {
		for f, ws := range sd.fields {
			avg[f] += float64(len(ws))
			total += len(ws)
		}
	}
	for f := range avg {
		avg[f] /= float64(len(docs))
	}
	plainAvg := float64(total) / float64(len(docs))
	for d, sd := range docs {
		counts := map[string]*[numFields]uint16{}
		words := 0
		for f, ws := range sd.fields {
			words += len(ws)
			for _, w := range ws {
				c := counts[w]
				if c == nil {
					c = new([numFields]uint16)
					counts[w] = c
				}
				if c[f] < math.MaxUint16 {
					c[f]++
				}
			}
		}
		norm := fieldNorms(ix.lens[d], avg)
		for w, tf := range counts {
			out[w] = append(out[w], posting{int32(d), postingWeight(termWeight(w), tf, &norm), plainWeight(*tf, plainNorm(words, plainAvg)), *tf})
		}
	}
	return out
}

// The index's postings, built in one array, are the plain build's: every
// term, every tool in order, the same counts and weights.
func TestIndexPostingsAreThePlainBuilds(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "github-mcp-server.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	roster, ps := Parse(FormatMCP, data, "github")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	docs := docsOf(roster)
	ix := newIndex(docs, true)
	want := referencePostings(ix, docs)
	if len(ix.postings) != len(want) {
		t.Fatalf("%d terms, want %d", len(ix.postings), len(want))
	}
	for w, ps := range want {
		slices.SortFunc(ps, func(a, b posting) int { return int(a.doc - b.doc) })
		if !reflect.DeepEqual(ix.postings[w], ps) {
			t.Fatalf("postings of %q: %v, want %v", w, ix.postings[w], ps)
		}
	}
}

// Splitting ASCII text without decoding runes gives the words the rune
// by rune split gives.
func TestSplitWordsOfASCIIAreTheRuneSplits(t *testing.T) {
	texts := []string{"", "getFileContents", "HTMLParser v2", "repo_name/owner-id", "a1B2c3", "ABC def", "x", " Trailing-hyphen- ", "issue#88 and PR!482"}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "aZbY09 _-.:/AzqQ"
	for range 2000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := splitWords(s), splitRunes(s); !slices.Equal(got, want) {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	}
	if got := splitWords("Ünïcode wordsHere"); !slices.Equal(got, []string{"ünïcode", "words", "here"}) {
		t.Fatalf("non-ASCII: %q", got)
	}
}

// Searches share their working arrays (scratch): a search after others,
// over indexes of other sizes, ranks as it did first.
func TestScratchIsCleanBetweenSearches(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "github-mcp-server.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	roster, _ := Parse(FormatMCP, data, "github")
	big, small := NewIndex(roster), NewIndex(roster[:7])
	qs := []string{"open a pull request from my branch", "list the issues labelled bug", "who starred the repo", "create an issue in acme/api", "read notes.md from https://example.org/x"}
	var first [][]Hit
	for _, q := range qs {
		first = append(first, big.Search(q, 25))
	}
	for range 3 {
		for i, q := range qs {
			small.Search(q, 25)
			if got := big.Search(q, 25); !reflect.DeepEqual(got, first[i]) {
				t.Fatalf("%q: %v after other searches, %v first", q, got, first[i])
			}
		}
	}
}
