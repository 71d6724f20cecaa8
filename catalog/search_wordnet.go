package catalog

//go:generate go test -run TestGenerateLexicon -args -write-lexicon -wordnet /usr/share/wordnet

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"hash/maphash"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
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

// lexicon is the loaded table, held without a pointer per word: every
// distinct word once in text, and tables of numbers over it. The garbage
// collector marks a handful of objects for it on every collection, not
// the 150,000 strings, slices and map buckets of maps by stem (about 5 ms
// of marking per collection, for a table a server keeps for its life). A
// word's key is its stem; a collocation's, its words' stems joined by
// spaces.
type lexicon struct {
	text  string
	words []lexWord
	rels  []lexRelRef
	slots []uint32 // index+1 of the word hashed there, 0 for an empty slot
	seed  maphash.Seed
}

// lexWord is one key of the lexicon, or a word that opens a collocation.
type lexWord struct {
	off, n uint32 // the key: text[off : off+n]
	// its relatives read as a verb and as a noun: rels[from:to]
	verbFrom, verbTo, nounFrom, nounTo uint32
	isVerb, isNoun                     bool
	first                              bool // opens a collocation
}

// lexRelRef is a relative as the table holds it: the stem's place in text
// and the weight's index in weights.
type lexRelRef struct {
	off uint32
	n   uint16
	w   uint8
}

// loadLexicon reads the generated table: one lemma a line, "v|n
// stem[_stem…] stem:weight …", weights 1-9, already stemmed as the search
// stems (see search_wordnet_gen_test.go). A key a part of speech repeats
// keeps its last line.
func loadLexicon(gz []byte) *lexicon {
	b := lexBuilder{l: &lexicon{seed: maphash.MakeSeed()}, at: map[string]uint32{}, word: map[string]int{}}
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
		key := fs[1]
		if first, _, ok := strings.Cut(key, "_"); ok {
			b.l.words[b.wordOf(first)].first = true
			key = strings.ReplaceAll(key, "_", " ")
		}
		from := uint32(len(b.l.rels))
		for _, f := range fs[2:] {
			s, q, _ := strings.Cut(f, ":")
			if n, err := strconv.Atoi(q); err == nil && n >= 0 && len(s) <= math.MaxUint16 {
				b.l.rels = append(b.l.rels, lexRelRef{b.place(s), uint16(len(s)), uint8(n % 10)})
			}
		}
		w := &b.l.words[b.wordOf(key)]
		if fs[0] == "v" {
			w.isVerb, w.verbFrom, w.verbTo = true, from, uint32(len(b.l.rels))
		} else {
			w.isNoun, w.nounFrom, w.nounTo = true, from, uint32(len(b.l.rels))
		}
	}
	if err := sc.Err(); err != nil {
		panic("search lexicon: " + err.Error())
	}
	return b.done()
}

// lexBuilder gathers a lexicon's text and words as it is read.
type lexBuilder struct {
	l    *lexicon
	text strings.Builder
	at   map[string]uint32 // a string's place in text
	word map[string]int    // a key's index in words
}

// place is s's offset in the text, added the first time.
func (b *lexBuilder) place(s string) uint32 {
	off, ok := b.at[s]
	if !ok {
		off = uint32(b.text.Len())
		b.text.WriteString(s)
		b.at[s] = off
	}
	return off
}

// wordOf is key's index in words, added the first time.
func (b *lexBuilder) wordOf(key string) int {
	i, ok := b.word[key]
	if !ok {
		i = len(b.l.words)
		b.l.words = append(b.l.words, lexWord{off: b.place(key), n: uint32(len(key))})
		b.word[key] = i
	}
	return i
}

// done hashes the words and returns the lexicon.
func (b *lexBuilder) done() *lexicon {
	l := b.l
	l.text = b.text.String()
	l.words = slices.Clip(l.words)
	l.rels = slices.Clip(l.rels)
	size := 1
	for size < 2*len(l.words) {
		size <<= 1
	}
	l.slots = make([]uint32, size)
	mask := uint64(size - 1)
	for i := range l.words {
		j := maphash.String(l.seed, l.key(i)) & mask
		for l.slots[j] != 0 {
			j = (j + 1) & mask
		}
		l.slots[j] = uint32(i + 1)
	}
	return l
}

// key is the key of words[i].
func (l *lexicon) key(i int) string {
	w := l.words[i]
	return l.text[w.off : w.off+w.n]
}

// find is key's entry, or nil.
func (l *lexicon) find(key string) *lexWord {
	if len(l.slots) == 0 {
		return nil
	}
	mask := uint64(len(l.slots) - 1)
	for j := maphash.String(l.seed, key) & mask; l.slots[j] != 0; j = (j + 1) & mask {
		if i := int(l.slots[j] - 1); l.key(i) == key {
			return &l.words[i]
		}
	}
	return nil
}

// lexRels are a key's relatives in one part of speech, in the table's
// order.
type lexRels struct {
	l        *lexicon
	from, to uint32
}

// all yields the relatives.
func (rs lexRels) all() iter.Seq[lexRel] {
	return func(yield func(lexRel) bool) {
		for _, r := range rs.l.relRefs(rs.from, rs.to) {
			if !yield(lexRel{rs.l.text[r.off : r.off+uint32(r.n)], weights[r.w]}) {
				return
			}
		}
	}
}

// has reports whether stem is one of the relatives.
func (rs lexRels) has(stem string) bool {
	for _, r := range rs.l.relRefs(rs.from, rs.to) {
		if rs.l.text[r.off:r.off+uint32(r.n)] == stem {
			return true
		}
	}
	return false
}

// relRefs is rels[from:to], nothing for an empty lexicon.
func (l *lexicon) relRefs(from, to uint32) []lexRelRef {
	if l == nil {
		return nil
	}
	return l.rels[from:to]
}

// verb is key's relatives read as a verb, and whether the lexicon knows
// key as a verb.
func (l *lexicon) verb(key string) (lexRels, bool) {
	if w := l.find(key); w != nil && w.isVerb {
		return lexRels{l, w.verbFrom, w.verbTo}, true
	}
	return lexRels{}, false
}

// noun is key's relatives read as a noun, and whether the lexicon knows
// key as a noun.
func (l *lexicon) noun(key string) (lexRels, bool) {
	if w := l.find(key); w != nil && w.isNoun {
		return lexRels{l, w.nounFrom, w.nounTo}, true
	}
	return lexRels{}, false
}

// isVerb reports whether the lexicon knows key as a verb.
func (l *lexicon) isVerb(key string) bool {
	_, ok := l.verb(key)
	return ok
}

// opens reports whether a stem is the first word of a collocation.
func (l *lexicon) opens(stem string) bool {
	w := l.find(stem)
	return w != nil && w.first
}

// weights are the table's weights 0-9 as fractions.
var weights = [10]float64{0, 1.0 / 9, 2.0 / 9, 3.0 / 9, 4.0 / 9, 5.0 / 9, 6.0 / 9, 7.0 / 9, 8.0 / 9, 1}

// relatives are a stem's lexicon relatives, read as a verb or as a noun;
// a word the lexicon knows in the other part of speech only is read as
// that.
func (l *lexicon) relatives(key string, verb bool) lexRels {
	w := l.find(key)
	switch {
	case w == nil:
		return lexRels{}
	case w.isVerb && (verb || !w.isNoun):
		return lexRels{l, w.verbFrom, w.verbTo}
	case w.isNoun:
		return lexRels{l, w.nounFrom, w.nounTo}
	}
	return lexRels{}
}

// collocation is the lexicon's collocation that starts at words[i] (a
// clause's words, each stemmed, as markCollocations gives them), its key, and how many
// words it spans; "" and 0 when there is none. The longest wins.
func (l *lexicon) collocation(words []string, i int) (string, int) {
	if !l.opens(words[i]) {
		return "", 0
	}
	for n := 3; n >= 2; n-- {
		if i+n > len(words) {
			continue
		}
		key := strings.Join(words[i:i+n], " ")
		if w := l.find(key); w != nil && (w.isVerb || w.isNoun) {
			return key, n
		}
	}
	return "", 0
}
