package catalog

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// stemmer memoizes stems while one index is built (a catalog repeats its
// words); a nil stemmer stems without memo.
type stemmer map[string]string

func (st stemmer) stem(w string) string {
	if st == nil {
		return stemWord(w, false)
	}
	s, ok := st[w]
	if !ok {
		s = stemWord(w, false)
		st[w] = s
	}
	return s
}

// stemWord is a word's Snowball (Porter2) stem, except that a plural in
// "-ings" is a noun and keeps its noun: "findings" are not "find",
// "settings" not "set", "meetings" not "meet".
func stemWord(w string, stopWords bool) string {
	if len(w) > 6 && strings.HasSuffix(w, "ings") {
		return w[:len(w)-1]
	}
	w = verbOfNoun(w)
	return english.Stem(w, stopWords)
}

// nounSuffixes are English nominalisations that Snowball stems apart from
// their verbs, each with the verb's ending and the least stem it needs:
// "notification" is "notify", "subscription" "subscribe", "conversion"
// "convert", "permission" "permit", "analysis" "analyze", "creation"
// "create", "reaction" "react". General morphology, not any catalog's words.
var nounSuffixes = []struct {
	noun, verb string
	min        int
}{
	{"ifications", "ify", 3}, {"ification", "ify", 3},
	{"scriptions", "scribe", 2}, {"scription", "scribe", 2},
	{"versions", "vert", 2}, {"version", "vert", 2},
	{"missions", "mit", 2}, {"mission", "mit", 2},
	{"yses", "yze", 3}, {"ysis", "yze", 3},
	{"eations", "eate", 2}, {"eation", "eate", 2},
	{"actions", "act", 2}, {"action", "act", 2},
}

// verbOfNoun rewrites a nominalisation to its verb (see nounSuffixes).
func verbOfNoun(w string) string {
	for _, s := range nounSuffixes {
		if len(w) >= len(s.noun)+s.min && strings.HasSuffix(w, s.noun) {
			return w[:len(w)-len(s.noun)] + s.verb
		}
	}
	return w
}

// terms turns text into search terms: words split at anything that is
// not a letter or digit and at camelCase humps ("getFileContents" gives
// get, file, contents), lower-cased, common abbreviations written out,
// English stop words dropped, and each word reduced to its Snowball
// (Porter2) stem, so "charts", "charting" and "chart" meet.
func (st stemmer) terms(s string) []string { return st.split(s, false) }

// queryTerms are a task's terms: terms, save that a name written in two
// humps ("OmniFocus", "GitHub") is one word, not also its humps. Read as
// three words (omnifocus, omni, focus), the name counted three times for
// a tool whose description spells it in humps, and once for a tool whose
// name writes it as one word (add_omnifocus_task), so the service's other
// tools outranked the one the task asked for.
func (st stemmer) queryTerms(s string) []string { return st.split(s, true) }

// split is terms, with a two-hump name read as one word only when
// joinBrands is set.
func (st stemmer) split(s string, joinBrands bool) []string {
	out, _ := st.splitPlural(s, joinBrands, false)
	return out
}

// nameTerms are a tool name's terms, and whether the word each comes
// from is written in the plural.
func (st stemmer) nameTerms(name string) ([]string, []bool) { return st.splitPlural(name, false, true) }

// splitPlural is split, and with plurals set whether the word each term
// comes from is written in the plural (nil otherwise).
func (st stemmer) splitPlural(s string, joinBrands, plurals bool) ([]string, []bool) {
	out, s := st.compounds(s, joinBrands)
	if digitComma(s) {
		// "2,400" is one number, not "2" and "400"
		s = thousands().ReplaceAllString(s, "$1$2")
	}
	var plural []bool
	if plurals {
		plural = make([]bool, len(out), len(out)+4)
	}
	for _, w := range splitWords(strings.ReplaceAll(s, "%", " percent ")) {
		out = st.word(w, out)
		for plurals && len(plural) < len(out) {
			plural = append(plural, pluralWord(w))
		}
	}
	return out, plural
}

// compounds are the terms of the text's compounds and two-hump names
// (see split), and the text with such names lower-cased when joinBrands
// is set.
func (st stemmer) compounds(s string, joinBrands bool) ([]string, string) {
	var out []string
	for _, f := range compoundCandidates(s) {
		// "to-do", "e-mail", "follow-up": a compound whose parts say
		// nothing alone is also read as one word; so is a name written
		// in two humps ("GitHub", "YouTube")
		if j := joinedCompound(f); j != "" {
			out = append(out, st.stem(j))
		} else if j := brandName(f); j != "" {
			if joinBrands {
				// written in lower case, the name splits no more
				if i := strings.Index(strings.ToLower(f), j); i >= 0 && i+len(j) <= len(f) {
					if hump := f[i : i+len(j)]; strings.ToLower(hump) == j && strings.Contains(s, hump) {
						s = strings.ReplaceAll(s, hump, j)
						continue
					}
				}
			}
			out = append(out, st.stem(j))
		}
	}
	return out, s
}

// word appends a word's terms: its abbreviation written out, or its
// stem unless it is a stop word or shorter than two letters.
func (st stemmer) word(w string, out []string) []string {
	if exp, ok := abbreviations[w]; ok {
		for _, e := range strings.Fields(exp) {
			out = append(out, st.stem(e))
		}
		return out
	}
	w = americanSpelling(w)
	if len(w) < 2 || english.IsStopWord(w) || extraStopWords[w] {
		return out
	}
	return append(out, st.stem(w))
}

// abbreviations writes out the short forms people type for things tool
// contracts spell in full. General vocabulary of software work, not
// phrases of any one catalog.
var abbreviations = map[string]string{
	"pr":    "pull request",
	"prs":   "pull requests",
	"repo":  "repository",
	"repos": "repositories",
	"dir":   "directory",
	"dirs":  "directories",
	"doc":   "document",
	"docs":  "documents",
	"db":    "database",
	"img":   "image",
	"pic":   "picture",
	"msg":   "message",
	"org":   "organization",
	"orgs":  "organizations",
}

// extraStopWords are conversational words the Snowball list lacks; they
// carry no capability ("please show me what you can do").
var extraStopWords = map[string]bool{
	"please": true, "can": true, "could": true, "would": true, "will": true, "let": true,
	"us": true, "me": true, "my": true, "want": true, "need": true, "like": true,
	"just": true, "also": true, "thing": true, "things": true, "something": true,
	"one": true, "ok": true, "okay": true, "thanks": true, "hey": true, "tell": true,
	"called": true, "named": true,
	// counts say how many, never what: "merge the two intro paragraphs"
	"two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true, "nine": true, "ten": true,
	"both": true, "few": true, "several": true, "couple": true,
	"pls": true, "plz": true, "thx": true,
	// indefinite pronouns say how much, never what: "forget everything
	// you stored" names no service called everything
	"nobody": true, "somebody": true, "someone": true, "everyone": true, "everybody": true, "anyone": true,
	"anybody": true, "everything": true, "anything": true, "nothing": true,
	// what is left of a negative contraction split at its apostrophe
	// ("doesn't": doesn, t)
	"doesn": true, "isn": true, "aren": true, "wasn": true, "weren": true, "didn": true, "hasn": true,
	"haven": true, "hadn": true, "wouldn": true, "couldn": true, "shouldn": true, "mustn": true, "ll": true, "ve": true,
}

// genericVerbs are action words common to many tools; in a name and in a
// task alike they weigh less than the object they act on.
var genericVerbs = map[string]bool{
	"get": true, "list": true, "make": true, "creat": true, "add": true, "set": true, "updat": true,
	"show": true, "give": true, "put": true, "take": true, "use": true, "run": true, "new": true,
	"manag": true,
}

// termWeight is a term's weight: generic verbs count less.
func termWeight(t string) float64 {
	if genericVerbs[t] {
		return verbWeight
	}
	return 1
}

// americanSpelling folds the British "-yse" verbs ("analyse", "analysed")
// into the American spelling most tool contracts use, so both stem alike.
func americanSpelling(w string) string {
	for _, suf := range []string{"yse", "ysed", "yses", "ysing"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return w[:len(w)-len(suf)] + "yz" + suf[2:]
		}
	}
	return w
}

// actionVerbs are the stems of verbs tool names are built from
// (get_issue, render_chart, issue_write). In a name they say what is done,
// not to what, so they weigh less than the name's other words.
var actionVerbs = stemSet("get", "list", "create", "make", "delete", "remove", "add", "update", "set", "read", "write",
	"render", "search", "find", "run", "fetch", "move", "edit", "compare", "convert", "extract", "ask", "confirm",
	"notify", "evaluate", "compute", "load", "save", "describe", "emit", "report", "merge", "fork", "star", "unstar",
	"dismiss", "request", "resolve", "unresolve", "submit", "push", "assign", "manage", "mark", "trigger",
	"reprioritize", "execute", "archive", "query",
	"retrieve", "append", "insert", "upload", "download", "send", "share", "publish", "cancel", "complete", "reopen",
	"close", "invite", "rename", "copy", "restore")

func stemSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[stemWord(w, true)] = true
	}
	return m
}

// pluralWord reports whether a lower-case English word is a plural noun
// form: it ends in "s" (not "ss", "us", "is") and drops to a word of the
// same stem ("teams": team, "databases": database, "categories":
// category).
func pluralWord(w string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return false
	}
	st := stemWord(w, false)
	if strings.HasSuffix(w, "ies") && stemWord(w[:len(w)-3]+"y", false) == st {
		return true
	}
	return stemWord(w[:len(w)-1], false) == st || strings.HasSuffix(w, "es") && stemWord(w[:len(w)-2], false) == st
}

// unspaced reports whether a letter is of a script written without spaces
// between words (Chinese, Japanese).
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}
