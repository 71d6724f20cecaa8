package fidelity

import "strings"

// split is a text's words in lower case and base form.
func split(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		out = append(out, baseForm(w))
	}
	return out
}

// firstSentence is a purpose's first sentence.
func firstSentence(purpose string) string {
	purpose = strings.TrimLeft(purpose, " \t\n")
	end := len(purpose)
	for _, sep := range []string{". ", ".\n", "\n", "; ", "。", "！", "？", "；", "।", "۔", "։", "။", "។", "።"} {
		if i := strings.Index(purpose, sep); i >= 0 && i < end {
			end = i
		}
	}
	return cutRunOn(strings.TrimSpace(purpose[:end]))
}

// headline is a purpose's first clause: what the tool does, before any
// further step it describes or teaches.
func headline(purpose string) string {
	purpose = strings.TrimLeft(purpose, " \t\n") // an indented description
	end := len(purpose)
	for _, sep := range []string{".", ",", ";", ":", "\n", " and ", " then ", " - ", " (", " if ", " when ", "。", "，", "；", "：", "！", "？"} {
		if i := strings.Index(purpose, sep); i >= 0 && i < end {
			end = i
		}
	}
	return cutRunOn(purpose[:end])
}

// cutRunOn cuts a text where a second sentence runs on without a stop
// ("… completion percentage Hand the items to …"): at a capitalized verb
// right after a lower-case word.
func cutRunOn(text string) string {
	// words by offsets, without allocating: this runs on every entry of
	// every composition checked
	var prev, cur string
	curAt := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ' ' && text[i] != '\n' && text[i] != '\t' {
			continue
		}
		start := i
		for start > 0 && text[start-1] != ' ' && text[start-1] != '\n' && text[start-1] != '\t' {
			start--
		}
		if start == i {
			continue
		}
		next := text[start:i]
		if runOnAt(prev, cur, next) {
			return strings.TrimSpace(text[:curAt])
		}
		prev, cur, curAt = cur, next, start
	}
	return text
}

// runOnAt: word w, after word p and before word n, starts a sentence that
// runs on without a stop.
func runOnAt(p, w, n string) bool {
	if p == "" || n == "" || len(w) <= 2 || !isUpper(w[0]) || p[0] < 'a' || p[0] > 'z' || functionWords[p] || venuePrepositions[p] {
		return false
	}
	for i := 1; i < len(w); i++ {
		if isUpper(w[i]) {
			return false
		}
	}
	nl := strings.ToLower(n)
	return (objectOpeners[nl] || whWords[nl]) && baseVerb(strings.ToLower(w))
}

// vocabulary is every word of the class table, for baseForm.
var vocabulary = func() map[string]bool {
	m := map[string]bool{}
	for w := range actVerbs {
		m[w] = true
	}
	for w := range stateVerbs {
		m[w] = true
	}
	for w := range objectWords {
		m[w] = true
	}
	for w := range productWords {
		m[w] = true
	}
	for w := range systemNouns {
		m[w] = true
	}
	return m
}()

// baseForm reads an inflection off a word of the vocabulary: "sends",
// "searches", "notifies", "posted", "emailing".
func baseForm(w string) string {
	if vocabulary[w] {
		return w
	}
	cands := []string{}
	switch {
	case strings.HasSuffix(w, "ies"):
		cands = append(cands, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "es"):
		cands = append(cands, w[:len(w)-2], w[:len(w)-1])
	case strings.HasSuffix(w, "s"):
		cands = append(cands, w[:len(w)-1])
	case strings.HasSuffix(w, "ed"):
		cands = append(cands, w[:len(w)-2], w[:len(w)-1], undoubled(w[:len(w)-2]))
	case strings.HasSuffix(w, "ing"):
		cands = append(cands, w[:len(w)-3], w[:len(w)-3]+"e", undoubled(w[:len(w)-3]))
	}
	for _, c := range cands {
		if vocabulary[c] {
			return c
		}
	}
	return w
}

// undoubled is a stem less its doubled last consonant ("tagg" of
// "tagging": "tag"), or "" when it has none.
func undoubled(stem string) string {
	n := len(stem)
	if n < 3 || stem[n-1] != stem[n-2] || strings.ContainsRune("aeiouls", rune(stem[n-1])) {
		return ""
	}
	return stem[:n-1]
}

// gerundVerb is the verb of an -ing form the lexicon knows ("tagging":
// tag, "reassigning": reassign), or "" when it is none.
func gerundVerb(w string) string {
	if !strings.HasSuffix(w, "ing") || len(w) < 5 {
		return ""
	}
	if v := lemma(w); v != w && isVerb(v) {
		return v
	}
	return ""
}
