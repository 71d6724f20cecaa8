package fidelity

import (
	"strings"
	"unicode/utf8"
)

// The language-independent reading: an instruction written in
// a language the gloss does not cover ("Μετά στείλε email στον πελάτη",
// "Skicka sedan ett sms till patienten") is found by the words it borrows. A
// later sentence whose words are mostly foreign — not English function
// words, not words of the English lexicon — and that holds a product or a
// word of the class table as written in English ("email", "sms",
// "Python", "Slack") is a step needing that class, when it opens as a
// step does: not with a subject (a first word of one or two letters, as
// an article is) and not with a verb in the person of the text's own
// opening verb (a description opens with what the tool does, "Επιστρέφει"
// / "Returnerar" / "Vrací", the third person; a word of the sentence's
// first two ending in the same two letters, "στέλνει" / "skickar", is that
// person again: someone else's deed). The text's first sentence is what
// the tool does and is never read so. No word list of any language is
// involved: the class table's English words and products, the English
// lexicon and the shape of the text.

// loanwordClasses maps each word of the class table (its alone verbs,
// objects and products) to its class; products also name themselves.
var loanwordClasses = func() map[string][2]string {
	m := map[string][2]string{}
	for _, c := range capClasses {
		for _, w := range c.products {
			if _, ok := m[w]; !ok {
				m[w] = [2]string{c.name, w}
			}
		}
		for _, ws := range [][]string{c.alone, c.objects} {
			for _, w := range ws {
				if _, ok := m[w]; !ok && utf8.RuneCountInString(w) >= 3 {
					m[w] = [2]string{c.name, ""}
				}
			}
		}
	}
	return m
}()

// loanwordMentions finds the steps of the later sentences written in a
// language neither English nor glossed, by their borrowed words. The
// person of the text's opening verb is read off its first foreign word
// (an entry's heading and class line are English or names). The sentence
// before must open with a foreign word too: the text is written in that
// language ("Returnerar en order. Skicka …"), not an English list of
// names ("… and keeper: ball python, corn snake").
func loanwordMentions(text string, ts []token) []mention {
	var out []mention
	person, personRead := "", false
	prev := 0 // the first word of the sentence before
	for s := 0; s < len(ts); {
		e, borrows := s+1, false
		for e < len(ts) && !ts[e].sentence {
			e++
		}
		for _, t := range ts[s:e] {
			if _, ok := loanwordClasses[t.lower]; ok {
				borrows = true
				break
			}
		}
		if borrows && s > 0 && ts[s].later && wordLanguage(ts, prev) == langForeign {
			if !personRead {
				person, personRead = textPerson(ts), true
			}
			if m, ok := loanwordStep(text, ts, s, e, person); ok {
				out = append(out, m)
			}
		}
		prev, s = s, e
	}
	return out
}

// textPerson is the ending of the text's first foreign word, the person
// of its opening verb.
func textPerson(ts []token) string {
	for i, t := range ts {
		if wordLanguage(ts, i) == langForeign {
			return ending(t.lower)
		}
	}
	return ""
}

const (
	langNone = iota
	langEnglish
	langForeign
)

// wordLanguage says whether word i is English (a function word or a word
// of the lexicon), foreign, or neither (a number, a name inside a
// sentence, an identifier, a word of the class table).
func wordLanguage(ts []token, i int) int {
	t := ts[i]
	if _, ok := loanwordClasses[t.lower]; ok || numeral(t.lower) || t.text == "" || !t.sentence && isUpper(t.text[0]) ||
		strings.ContainsAny(t.lower, "_./@#") || t.quoted || t.address {
		return langNone
	}
	if !asciiWord(strings.ReplaceAll(t.lower, "-", "")) {
		return langForeign
	}
	for _, p := range strings.Split(t.lower, "-") {
		if p != "" && !englishWord(p, true) {
			return langForeign
		}
	}
	return langEnglish
}

// englishWord: a function word or a word of the lexicon, also inflected
// ("-ing", "-ed", "-s", "-ly") or with a prefix ("unresolving").
func englishWord(w string, prefixed bool) bool {
	if englishFunction[w] || functionWords[w] || isNoun(w) || isVerb(w) {
		return true
	}
	for _, suf := range []string{"ing", "ed", "es", "s", "ly", "er"} {
		if stem, ok := strings.CutSuffix(w, suf); ok && len(stem) >= 3 {
			for _, c := range []string{stem, stem + "e", undoubled(stem)} {
				if isVerb(c) || isNoun(c) {
					return true
				}
			}
		}
	}
	if prefixed {
		for _, pre := range []string{"un", "re", "de", "pre", "non", "over", "under", "sub", "co"} {
			if rest, ok := strings.CutPrefix(w, pre); ok && len(rest) >= 3 && englishWord(rest, false) {
				return true
			}
		}
	}
	return false
}

// loanwordStep reads the sentence ts[s:e] (see loanwordMentions).
func loanwordStep(text string, ts []token, s, e int, person string) (mention, bool) {
	ss := ts[s:e]
	if len(ss) < 3 || utf8.RuneCountInString(ss[0].lower) < 3 {
		return mention{}, false
	}
	for _, t := range ss[:2] {
		if person != "" && utf8.RuneCountInString(t.lower) >= 4 && ending(t.lower) == person {
			return mention{}, false
		}
	}
	foreign, english, at := 0, 0, -1
	for k, t := range ss {
		if _, ok := loanwordClasses[t.lower]; ok && at < 0 && !t.quoted && !t.address {
			at = k
		}
		switch wordLanguage(ts, s+k) {
		case langForeign:
			foreign++
		case langEnglish:
			english++
		}
	}
	if at < 0 || foreign < 3 || foreign <= english {
		return mention{}, false
	}
	class := loanwordClasses[ss[at].lower]
	if class[1] != "" && isUpper(ss[at].text[0]) && at+1 < len(ss) && isUpper(ss[at+1].text[0]) {
		// "Google Sheets": the product named in full
		return mention{kind: KindCapability, class: "service:" + text[ss[at].start:ss[at+1].end], ident: class[1],
			signal: text[ss[0].start:ss[at+1].end], start: ss[0].start, end: ss[at+1].end}, true
	}
	return mention{kind: KindCapability, class: class[0], ident: class[1],
		signal: text[ss[0].start:ss[at].end], start: ss[0].start, end: ss[at].end}, true
}

// ending is a word's last two letters ("" for a shorter word).
func ending(w string) string {
	rs := []rune(w)
	if len(rs) < 4 {
		return ""
	}
	return string(rs[len(rs)-2:])
}

// asciiWord: a word of ASCII letters and digits only.
func asciiWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
