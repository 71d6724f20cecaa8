package catalog

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mapLexicon is the lexicon read into maps by stem, as it was held before
// its tables: the reference the tables are checked against.
type mapLexicon struct {
	verbs, nouns map[string][]lexRel
	firsts       map[string]bool
}

func readMapLexicon(t *testing.T, gz []byte) mapLexicon {
	l := mapLexicon{map[string][]lexRel{}, map[string][]lexRel{}, map[string]bool{}}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
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
		var rs []lexRel
		for _, f := range fs[2:] {
			s, q, _ := strings.Cut(f, ":")
			if n, err := strconv.Atoi(q); err == nil {
				rs = append(rs, lexRel{s, weights[n%10]})
			}
		}
		m[key] = rs
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLexiconTablesHoldTheTable: every key of the generated table has, as
// a verb and as a noun, exactly the relatives the table gives it, in its
// order and at its weights; every collocation's first word opens one; and
// words the table does not hold are unknown.
func TestLexiconTablesHoldTheTable(t *testing.T) {
	want := readMapLexicon(t, wordnetTable)
	l := loadLexicon(wordnetTable)
	if len(want.verbs) < 1000 || len(want.nouns) < 1000 || len(want.firsts) < 100 {
		t.Fatalf("the reference read %d verbs, %d nouns, %d first words", len(want.verbs), len(want.nouns), len(want.firsts))
	}
	check := func(pos string, m map[string][]lexRel, get func(string) (lexRels, bool)) {
		for key, rs := range m {
			got, ok := get(key)
			if !ok || !slices.Equal(slices.Collect(got.all()), rs) {
				t.Fatalf("%s %q: %v, %v; want %v", pos, key, slices.Collect(got.all()), ok, rs)
			}
			for _, r := range rs {
				if !got.has(r.stem) {
					t.Fatalf("%s %q: has(%q) is false", pos, key, r.stem)
				}
			}
			if got.has(key + "\x00") {
				t.Fatalf("%s %q has a relative it does not list", pos, key)
			}
		}
	}
	check("verb", want.verbs, l.verb)
	check("noun", want.nouns, l.noun)
	// relatives: the part of speech asked for, else the other
	for _, m := range []map[string][]lexRel{want.verbs, want.nouns} {
		for key := range m {
			for _, verb := range []bool{true, false} {
				first, second := want.nouns, want.verbs
				if verb {
					first, second = second, first
				}
				rs, ok := first[key]
				if !ok {
					rs = second[key]
				}
				if got := slices.Collect(l.relatives(key, verb).all()); !slices.Equal(got, rs) {
					t.Fatalf("relatives(%q, %v) = %v, want %v", key, verb, got, rs)
				}
			}
			_, verb := want.verbs[key]
			_, noun := want.nouns[key]
			if l.isVerb(key) != verb {
				t.Fatalf("isVerb(%q) = %v", key, !verb)
			}
			if _, ok := l.noun(key); ok != noun {
				t.Fatalf("noun(%q) known: %v", key, ok)
			}
		}
	}
	for _, w := range l.words {
		key := l.text[w.off : w.off+w.n]
		if w.first != want.firsts[key] {
			t.Fatalf("%q opens a collocation: %v, want %v", key, w.first, want.firsts[key])
		}
	}
	for first := range want.firsts {
		if !l.opens(first) {
			t.Fatalf("%q opens no collocation", first)
		}
	}
	for _, unknown := range []string{"", "zzzq", "kick off the", "run  away"} {
		if l.isVerb(unknown) || l.opens(unknown) || l.find(unknown) != nil {
			t.Fatalf("%q is known", unknown)
		}
	}
	if emptyLexicon.isVerb("run") || emptyLexicon.relatives("run", true).has("go") {
		t.Fatal("the empty lexicon knows run")
	}
}

// TestLexiconIsAFewObjects: the loaded lexicon is a handful of objects
// for the garbage collector, whatever its size (as maps by stem it was
// about 150,000), and none of its tables holds a pointer per element.
func TestLexiconIsAFewObjects(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[lexWord](), reflect.TypeFor[lexRelRef]()} {
		for i := range typ.NumField() {
			switch typ.Field(i).Type.Kind() {
			case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Bool:
			default:
				t.Errorf("%s.%s is a %s", typ.Name(), typ.Field(i).Name, typ.Field(i).Type)
			}
		}
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l := loadLexicon(wordnetTable)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if n := int64(after.HeapObjects) - int64(before.HeapObjects); n > 1000 {
		t.Errorf("the loaded lexicon keeps %d more heap objects", n)
	}
	runtime.KeepAlive(l)
}
