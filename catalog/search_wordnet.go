package catalog

//go:generate go test -run TestGenerateLexicon -args -write-lexicon -wordnet /usr/share/wordnet

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// The lexicon is the general English vocabulary behind query expansion:
// for common verbs and nouns, and verb collocations ("kick off", "set up",
// "get rid of"), the words of their most frequent senses, their direct
// hypernyms and their derivations, each weighted by how common the sense
// is for both words. It is generated from WordNet 3.0 (wordnet_gen.go;
// license in WORDNET_LICENSE) and knows no catalog: a task's word that no
// tool uses ("kick off the build") still reaches the tools that use its
// relatives ("start", "commence"), at less weight than the words typed.

//go:embed search_wordnet.txt.gz
var wordnetTable []byte

// lexRel is one related word of the lexicon: its stem and how closely it
// is related, from 1/9 to 1.
type lexRel struct {
	stem string
	w    float64
}

// lexicon is the loaded table, by stem; a collocation's key is its words'
// stems joined by spaces.
type lexicon struct {
	verbs, nouns map[string][]lexRel
	// firsts holds the first word of every collocation
	firsts map[string]bool
}

var (
	lexOnce sync.Once
	lex     *lexicon
	// lexiconOff turns the lexicon off, for tests that measure what it
	// adds (an empty lexicon relates nothing)
	lexiconOff bool
)

var emptyLexicon = &lexicon{}

// theLexicon loads the table once, on the first search that needs it.
func theLexicon() *lexicon {
	if lexiconOff {
		return emptyLexicon
	}
	lexOnce.Do(func() { lex = loadLexicon(wordnetTable) })
	return lex
}

// loadLexicon reads the generated table: one lemma a line, "v|n
// stem[_stem…] stem:weight …", weights 1-9, already stemmed as the search
// stems (see search_wordnet_gen_test.go).
func loadLexicon(gz []byte) *lexicon {
	l := &lexicon{verbs: map[string][]lexRel{}, nouns: map[string][]lexRel{}, firsts: map[string]bool{}}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		panic("search lexicon: " + err.Error())
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 3 {
			continue
		}
		m := l.nouns
		if fs[0] == "v" {
			m = l.verbs
		}
		key := fs[1]
		if first, _, ok := strings.Cut(key, "_"); ok {
			l.firsts[first] = true
			key = strings.ReplaceAll(key, "_", " ")
		}
		rs := make([]lexRel, 0, len(fs)-2)
		for _, f := range fs[2:] {
			s, q, _ := strings.Cut(f, ":")
			if n, err := strconv.Atoi(q); err == nil {
				rs = append(rs, lexRel{s, weights[n%10]})
			}
		}
		m[key] = rs
	}
	if err := sc.Err(); err != nil {
		panic("search lexicon: " + err.Error())
	}
	return l
}

// weights are the table's weights 0-9 as fractions.
var weights = [10]float64{0, 1.0 / 9, 2.0 / 9, 3.0 / 9, 4.0 / 9, 5.0 / 9, 6.0 / 9, 7.0 / 9, 8.0 / 9, 1}

func mergeRel(rs []lexRel, r lexRel) []lexRel {
	for i := range rs {
		if rs[i].stem == r.stem {
			if r.w > rs[i].w {
				rs[i].w = r.w
			}
			return rs
		}
	}
	return append(rs, r)
}

// relatives are a stem's lexicon relatives, read as a verb or as a noun;
// a word the lexicon knows in the other part of speech only is read as
// that.
func (l *lexicon) relatives(key string, verb bool) []lexRel {
	first, second := l.nouns, l.verbs
	if verb {
		first, second = second, first
	}
	if rs, ok := first[key]; ok {
		return rs
	}
	return second[key]
}

// collocation is the lexicon's collocation that starts at words[i] (a
// task's words as stemmer.phraseWords gives them), its key, and how many
// words it spans; "" and 0 when there is none. The longest wins.
func (l *lexicon) collocation(words []string, i int) (string, int) {
	if !l.firsts[words[i]] {
		return "", 0
	}
	for n := 3; n >= 2; n-- {
		if i+n > len(words) {
			continue
		}
		key := strings.Join(words[i:i+n], " ")
		if _, ok := l.verbs[key]; ok {
			return key, n
		}
		if _, ok := l.nouns[key]; ok {
			return key, n
		}
	}
	return "", 0
}
