// The generator below writes search_wordnet.txt.gz, the lexical table behind the
// search's query expansion (search_wordnet.go), from a WordNet 3.0
// database (Debian's wordnet-base puts it in /usr/share/wordnet):
//
//	go generate ./catalog
//
// (which runs go test -run TestGenerateLexicon -write-lexicon)
//
// For each common verb and noun (collocations such as "kick_off" and
// "set_up" included) it keeps the most frequent senses — WordNet orders a
// lemma's senses by their tag counts in its sense-tagged corpus — and, for
// each, the other words of the synset, the words of its direct hypernym
// and the words derivationally related to this lemma (deletion: delete),
// each with a weight from 1 to 9: the sense's share of the lemma's tag
// counts relative to its first sense, halved for hypernyms. Only single
// words are kept as related words. The output is deterministic.
//
// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
// Its license (catalog/WORDNET_LICENSE) permits use, copying and
// distribution with its notice.
package catalog

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var (
	wordnetDict  = flag.String("wordnet", "/usr/share/wordnet", "WordNet 3.0 database directory (TestGenerateLexicon, TestLexiconIsCurrent)")
	writeLexicon = flag.Bool("write-lexicon", false, "TestGenerateLexicon writes search_wordnet.txt.gz")
)

// TestGenerateLexicon writes the lexicon table from the WordNet database
// when -write-lexicon is given (go generate ./catalog).
func TestGenerateLexicon(t *testing.T) {
	if !*writeLexicon {
		t.Skip("run with -write-lexicon to regenerate search_wordnet.txt.gz")
	}
	text, err := lexiconText(*wordnetDict)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(text)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("search_wordnet.txt.gz", buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLexiconIsCurrent regenerates the table in memory, where the WordNet
// database is installed, and checks the committed one is the same: a
// change to the stemmer or the generator needs go generate.
func TestLexiconIsCurrent(t *testing.T) {
	if _, err := os.Stat(filepath.Join(*wordnetDict, "data.verb")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no WordNet database in CI: .ci/run installs wordnet-base")
		}
		t.Skip("no WordNet database (apt-get install wordnet-base)")
	}
	want, err := lexiconText(*wordnetDict)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(wordnetTable))
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if _, err := got.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Fatal("search_wordnet.txt.gz is not what the generator makes now: run go generate ./catalog")
	}
}

// maxSenses bounds the senses read per lemma and part of speech.
const maxSenses = 3

// minShare is the least share of the first sense's tag count (plus one)
// a later sense needs to be read at all.
const minShare = 0.2

// maxRelated bounds the related words kept per lemma and part of speech.
const maxRelated = 12

// skipNounFiles are lexicographer files of nouns no tool catalog is about
// (animals, plants, body parts, foods, substances, places): a noun whose
// first sense is in one of them is left out, which keeps the table small.
var skipNounFiles = map[string]bool{"05": true, "08": true, "13": true, "15": true, "20": true, "27": true}

type synset struct {
	lexFile  string
	words    []string
	pointers []pointer
}

type pointer struct {
	symbol string
	offset string
	pos    byte
	source int // 0 for a semantic pointer (the whole synset)
	target int
}

// lexiconText builds the table's text from the WordNet database in dict:
// a header line, then one line per stemmed lemma and part of speech,
// "v|n stem[_stem…] stem:weight …", sorted. Lemmas that share a stem
// merge, each related stem keeping its best weight.
func lexiconText(dict string) ([]byte, error) {
	data := map[byte]map[string]synset{}
	index := map[byte][]indexEntry{}
	for pos, name := range map[byte]string{'n': "noun", 'v': "verb"} {
		d, err := readData(filepath.Join(dict, "data."+name))
		if err != nil {
			return nil, err
		}
		ix, err := readIndex(filepath.Join(dict, "index."+name))
		if err != nil {
			return nil, err
		}
		data[pos], index[pos] = d, ix
	}
	ranks := map[byte]map[string]map[string]int{}
	for pos, es := range index {
		ranks[pos] = map[string]map[string]int{}
		for _, e := range es {
			m := map[string]int{}
			for i, o := range e.offsets {
				m[o] = i + 1
			}
			ranks[pos][e.lemma] = m
		}
	}
	st := stemmer{}
	merged := map[string]map[string]int{} // "pos key" → stem → weight
	for _, pos := range []byte{'v', 'n'} {
		for _, e := range index[pos] {
			rel := wordnetRelated(e, pos, data, ranks)
			if len(rel) == 0 {
				continue
			}
			parts := strings.Split(e.lemma, "_")
			for i, p := range parts {
				parts[i] = st.stem(p)
			}
			key := string(pos) + " " + strings.Join(parts, "_")
			m := merged[key]
			if m == nil {
				m = map[string]int{}
				merged[key] = m
			}
			for _, r := range rel {
				s := st.stem(r.word)
				if s == strings.Join(parts, "_") {
					continue
				}
				if r.weight > m[s] {
					m[s] = r.weight
				}
			}
		}
	}
	var lines []string
	for key, m := range merged {
		if len(m) == 0 {
			continue
		}
		type kv struct {
			s string
			w int
		}
		var kvs []kv
		for s, w := range m {
			kvs = append(kvs, kv{s, w})
		}
		sort.Slice(kvs, func(a, b int) bool {
			if kvs[a].w != kvs[b].w {
				return kvs[a].w > kvs[b].w
			}
			return kvs[a].s < kvs[b].s
		})
		if len(kvs) > maxRelated {
			kvs = kvs[:maxRelated]
		}
		var b strings.Builder
		b.WriteString(key)
		for _, p := range kvs {
			fmt.Fprintf(&b, " %s:%d", p.s, p.w)
		}
		lines = append(lines, b.String())
	}
	sort.Strings(lines)
	var out bytes.Buffer
	out.WriteString("# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. See WORDNET_LICENSE. Generated by search_wordnet_gen_test.go; words are search stems.\n")
	for _, l := range lines {
		out.WriteString(l)
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

type indexEntry struct {
	lemma   string
	tagged  int
	offsets []string
}

func readIndex(path string) ([]indexEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []indexEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, " ") {
			continue // the license header
		}
		fs := strings.Fields(l)
		nptr, _ := strconv.Atoi(fs[3])
		senses, _ := strconv.Atoi(fs[4+nptr])
		tagged, _ := strconv.Atoi(fs[5+nptr])
		offs := fs[6+nptr:]
		if len(offs) != senses {
			return nil, fmt.Errorf("%s: bad index line %q", path, l)
		}
		out = append(out, indexEntry{fs[0], tagged, offs})
	}
	return out, sc.Err()
}

func readData(path string) (map[string]synset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]synset{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, " ") {
			continue
		}
		if i := strings.Index(l, " | "); i >= 0 {
			l = l[:i]
		}
		fs := strings.Fields(l)
		n, _ := strconv.ParseInt(fs[3], 16, 32)
		s := synset{lexFile: fs[1]}
		i := 4
		for k := 0; k < int(n); k++ {
			s.words = append(s.words, strings.SplitN(fs[i], "(", 2)[0])
			i += 2
		}
		np, _ := strconv.Atoi(fs[i])
		i++
		for k := 0; k < np; k++ {
			st := fs[i+3]
			src, _ := strconv.ParseInt(st[:2], 16, 32)
			tgt, _ := strconv.ParseInt(st[2:], 16, 32)
			s.pointers = append(s.pointers, pointer{fs[i], fs[i+1], fs[i+2][0], int(src), int(tgt)})
			i += 4
		}
		out[fs[0]] = s
	}
	return out, sc.Err()
}

// senseCounts reads the tag count of each sense of a lemma from the
// synsets' order: WordNet lists a lemma's tagged senses first, by count,
// but the index holds only how many are tagged, so a tagged sense counts
// as more frequent than every later one and an untagged one as rare.
func shares(e indexEntry) []float64 {
	out := make([]float64, 0, maxSenses)
	for i := range e.offsets {
		if i == maxSenses {
			break
		}
		var w float64
		switch {
		case e.tagged == 0 && i == 0:
			w = 0.6 // an untagged lemma: its first sense, less surely
		case e.tagged == 0:
			w = 0
		case i < e.tagged:
			w = 1 / float64(i+1)
		default:
			w = 0
		}
		if w < minShare {
			break
		}
		out = append(out, w)
	}
	return out
}

// maxReverseRank is the last sense of a related word through which it is
// still related: "start" is "get" only in get's ninth sense, and a
// catalog that says "get" never means that one.
const maxReverseRank = 8

// reverse is how surely a word of a synset means that synset when a
// catalog uses it: 1/sqrt of the synset's rank among the word's senses,
// zero past maxReverseRank.
func reverse(ranks map[byte]map[string]map[string]int, pos byte, word, offset string) float64 {
	r := ranks[pos][word][offset]
	if r == 0 || r > maxReverseRank {
		return 0
	}
	return 1 / math.Sqrt(float64(r))
}

// wnRel is a related word and its weight, 1-9.
type wnRel struct {
	word   string
	weight int
}

// wordnetRelated are the related words of one lemma in one part of speech (see
// the file comment), at most maxRelated, best first.
func wordnetRelated(e indexEntry, pos byte, data map[byte]map[string]synset, ranks map[byte]map[string]map[string]int) []wnRel {
	if !plain(e.lemma) {
		return nil
	}
	best := map[string]float64{}
	add := func(word string, w float64, pos byte, offset string) {
		if word == e.lemma || !plain(word) || strings.Contains(word, "_") {
			return
		}
		w *= reverse(ranks, pos, word, offset)
		if w > best[word] {
			best[word] = w
		}
	}
	for i, share := range shares(e) {
		s, ok := data[pos][e.offsets[i]]
		if !ok {
			return nil
		}
		if i == 0 && pos == 'n' && skipNounFiles[s.lexFile] {
			return nil
		}
		self := 0
		for k, w := range s.words {
			if strings.ToLower(w) == e.lemma {
				self = k + 1
				if w != e.lemma {
					break // a name ("Ping", a river), not the common word
				}
			}
		}
		if self == 0 || s.words[self-1] != e.lemma {
			continue
		}
		for _, w := range s.words {
			add(w, share, pos, e.offsets[i])
		}
		hypers := 0
		for _, p := range s.pointers {
			switch {
			case p.symbol == "@" && hypers == 0 && (p.pos == 'n' || p.pos == 'v'):
				hypers++
				for _, w := range data[p.pos][p.offset].words {
					add(w, share/2, p.pos, p.offset)
				}
			case p.symbol == "+" && p.source == self && (p.pos == 'n' || p.pos == 'v'):
				ws := data[p.pos][p.offset].words
				if p.target >= 1 && p.target <= len(ws) {
					add(ws[p.target-1], share*0.8, p.pos, p.offset)
				}
			}
		}
	}
	type kv struct {
		w string
		v float64
	}
	var kvs []kv
	for w, v := range best {
		kvs = append(kvs, kv{w, v})
	}
	sort.Slice(kvs, func(a, b int) bool {
		if kvs[a].v != kvs[b].v {
			return kvs[a].v > kvs[b].v
		}
		return kvs[a].w < kvs[b].w
	})
	if len(kvs) > maxRelated {
		kvs = kvs[:maxRelated]
	}
	out := make([]wnRel, 0, len(kvs))
	for _, p := range kvs {
		q := int(math.Round(p.v * 9))
		if q < 1 {
			q = 1
		}
		out = append(out, wnRel{p.w, q})
	}
	return out
}

// plain reports whether a lemma is lower-case letters, with underscores
// between words and at most three words: no names, numbers or
// abbreviations with dots.
func plain(w string) bool {
	if w == "" || strings.Count(w, "_") > 2 {
		return false
	}
	for _, r := range w {
		if (r < 'a' || r > 'z') && r != '_' {
			return false
		}
	}
	return !strings.HasPrefix(w, "_") && !strings.HasSuffix(w, "_")
}
