package fidelity

// The generator below writes codenames.go, the names of programming
// languages and of widely used code libraries that the "code by name"
// reading knows (docs/leak-check.md, "Code named by its language or
// library"). Its sources are published lists, never a corpus:
//
//   - GitHub Linguist's languages.yml (7.22.1, as Debian's
//     ruby-github-linguist ships it): every language of type
//     "programming", by its name and its aliases;
//   - the 1,000 most downloaded PyPI packages (the rank column of the
//     top-15,000 list) and the 500 most downloaded npm packages a month.
//
// A name that is an English word (WordNet 3.0 or the lexicon) is kept
// apart: a language so named ("Python", "Ruby", "R") counts only right
// before a code noun ("a Ruby script"), and a library so named
// ("requests", "rich") is dropped, and so is a package named like a
// language Linguist files as markup, data or prose ("markdown"). A name
// that is a product of a capability class (Twilio, Slack) is that
// class's, not code.
//
//	go test ./instruction/fidelity -run TestGenerateCodeNames -args -write-codenames \
//	  -codenames-linguist=/path/to/languages.yml -codenames-packages=/path/to/packages

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

var (
	codeNamesLinguist = flag.String("codenames-linguist", "", "GitHub Linguist languages.yml (TestGenerateCodeNames)")
	codeNamesPackages = flag.String("codenames-packages", "", "directory holding pypi.tsv and npm.tsv (TestGenerateCodeNames)")
	writeCodeNames    = flag.Bool("write-codenames", false, "TestGenerateCodeNames writes codenames.go")
)

// linguistLanguages reads the names and aliases of languages.yml's
// languages (a flat YAML map of names): those of type "programming", and
// those of any other type (markup, data, prose: "Markdown", "INI").
func linguistLanguages(path string) (programming, other []string, err error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var names []string
	kind := ""
	inAliases := false
	flush := func() {
		if kind == "programming" {
			programming = append(programming, names...)
		} else {
			other = append(other, names...)
		}
		names, kind, inAliases = nil, "", false
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || line == "---" {
			continue
		}
		if line[0] != ' ' && strings.HasSuffix(line, ":") {
			flush()
			name := strings.TrimSuffix(line, ":")
			if u, err := strconv.Unquote(name); err == nil {
				name = u
			}
			names = append(names, strings.Trim(name, "'"))
			continue
		}
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "type: "):
			kind = strings.TrimPrefix(t, "type: ")
		case t == "aliases:":
			inAliases = true
		case inAliases && strings.HasPrefix(t, "- "):
			names = append(names, strings.Trim(strings.TrimPrefix(t, "- "), `"'`))
		default:
			inAliases = false
		}
	}
	flush()
	return programming, other, nil
}

// topPackages reads the names of the first n packages of a registry list
// (pypi.tsv ranked by its rank column, npm.tsv by downloads a month).
func topPackages(path string, column, n int, ascending bool) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type pkg struct {
		name string
		v    float64
	}
	var all []pkg
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	sc.Scan() // header
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) <= column || cols[column] == "" {
			continue
		}
		v, err := strconv.ParseFloat(cols[column], 64)
		if err != nil || (ascending && v <= 0) {
			continue
		}
		all = append(all, pkg{cols[0], v})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if ascending {
			return all[i].v < all[j].v
		}
		return all[i].v > all[j].v
	})
	var out []string
	for i := 0; i < len(all) && i < n; i++ {
		out = append(out, all[i].name)
	}
	return out, sc.Err()
}

// wordNetIndex is every lemma of WordNet's four index files.
func wordNetIndex(dir string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		raw, err := os.ReadFile(filepath.Join(dir, "index."+pos))
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if line == "" || line[0] == ' ' {
				continue
			}
			lemma, _, _ := strings.Cut(line, " ")
			out[lemma] = true
		}
	}
	return out, nil
}

// codeNameShape keeps one-word names a reader writes as a word ("lua",
// "node.js", "c++", "scikit-learn"), not phrases or bare punctuation.
func codeNameShape(n string) bool {
	if n == "" || strings.ContainsAny(n, " /\\()'\"") {
		return false
	}
	letters := 0
	for _, r := range n {
		if r >= 'a' && r <= 'z' {
			letters++
		}
	}
	return letters >= 1
}

// codeNamesSource is the Go source of codenames.go.
func codeNamesSource(linguist, packages, wordnet string) ([]byte, error) {
	langs, formats, err := linguistLanguages(linguist)
	if err != nil {
		return nil, err
	}
	notCode := map[string]bool{}
	for _, f := range formats {
		notCode[strings.ToLower(f)] = true
	}
	pypi, err := topPackages(filepath.Join(packages, "pypi.tsv"), 3, 1000, true)
	if err != nil {
		return nil, err
	}
	npm, err := topPackages(filepath.Join(packages, "npm.tsv"), 2, 500, false)
	if err != nil {
		return nil, err
	}
	words, err := wordNetIndex(wordnet)
	if err != nil {
		return nil, err
	}
	products := map[string]bool{}
	for _, c := range capClasses {
		for _, p := range c.products {
			products[p] = true
		}
	}
	isWord := func(n string) bool {
		if len(n) < 2 || words[n] || catalog.IsNoun(n) || catalog.IsVerb(n) || functionWords[n] {
			return true
		}
		// a plural of a word ("bytes", "entities")
		for _, suf := range []string{"s", "es"} {
			if s, ok := strings.CutSuffix(n, suf); ok && words[s] {
				return true
			}
		}
		if s, ok := strings.CutSuffix(n, "ies"); ok && words[s+"y"] {
			return true
		}
		return false
	}
	plain, worded := map[string]bool{}, map[string]bool{}
	for _, l := range langs {
		n := strings.ToLower(l)
		if !codeNameShape(n) || products[n] {
			continue
		}
		if isWord(n) {
			worded[n] = true
		} else {
			plain[n] = true
		}
	}
	for _, p := range append(pypi, npm...) {
		n := strings.ToLower(p)
		if !codeNameShape(n) || products[n] || notCode[n] || strings.HasPrefix(n, "@") || len(n) < 3 || isWord(n) {
			continue
		}
		plain[n] = true
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by TestGenerateCodeNames (codenames_gen_test.go); DO NOT EDIT.\n\npackage fidelity\n\nimport \"sync\"\n\n")
	// lazy: the set is built when first asked for (the large one, so a
	// process that never checks a composition does not build it at start)
	writeSet := func(doc, name string, m map[string]bool, lazy bool) {
		var ks []string
		for k := range m {
			ks = append(ks, strconv.Quote(k))
		}
		sort.Strings(ks)
		if lazy {
			fmt.Fprintf(&b, "%s\nvar %s = sync.OnceValue(func() map[string]bool {\n\treturn set(%s)\n})\n\n", doc, name, strings.Join(ks, ", "))
			return
		}
		fmt.Fprintf(&b, "%s\nvar %s = set(%s)\n\n", doc, name, strings.Join(ks, ", "))
	}
	writeSet("// codeNames are programming languages and code libraries whose names\n// are no English word: naming one names code.", "codeNames", plain, true)
	writeSet("// codeNameWords are programming languages whose names are English words\n// too: they name code only right before a code noun.", "codeNameWords", worded, false)
	return format.Source(b.Bytes())
}

// TestGenerateCodeNames writes codenames.go from its published sources
// when asked (-write-codenames); otherwise it checks nothing.
func TestGenerateCodeNames(t *testing.T) {
	if !*writeCodeNames {
		t.Skip("pass -write-codenames with -codenames-linguist and -codenames-packages to regenerate codenames.go")
	}
	src, err := codeNamesSource(*codeNamesLinguist, *codeNamesPackages, *stativeDict)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("codenames.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
}
