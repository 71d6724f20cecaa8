package fidelity

import "strings"

// A step's verb the lexicon lacks. English makes verbs of nouns and
// coins them freely ("screenshot the gauge", "timebox the sprint", "debur
// the edges"); the lexicon knows some only as nouns, others not at all.
// Where a word stands as a step's verb — opening a clause of a sentence
// after the first, after nothing but step words ("then", "next") — and an
// object opens right after it, it is read as a verb by its place: an
// instruction of its own ("Once checked, hotfix the build") and the
// first half of "X and Y" ("debur the edges and email the machinist").
// A word of another part of speech that may stand there is left alone: a
// function word, an adverb ("-ly"), an inflected form ("-s", "-ed",
// "-ing"), a capitalized name inside a sentence, and the deictic words of
// time ("tomorrow the depot opens"), a subordinating word ("where the guest
// books it") and a noun after an ordinal ("Last week the team shipped …").

// coinedObjectOpeners open an object right after a coined verb: the
// definite determiners and quantifiers, not "a", which a noun phrase's
// apposition may take.
var coinedObjectOpeners = set("the", "each", "every", "all", "any", "its", "their", "these", "those", "both")

// clauseWords open a clause of their own ("where the user books it",
// "while the kiln cools"): English's closed set of relative and
// subordinating words.
var clauseWords = set("where", "whereby", "wherein", "which", "whose", "while", "whilst", "until", "till", "since",
	"because", "though", "although", "unless", "whereas", "whether", "whom", "whoever", "whatever", "wherever",
	"whenever", "provided", "lest")

// deicticTimes are the nouns of time that open a clause as adverbs.
var deicticTimes = set("today", "tomorrow", "tonight", "yesterday", "overnight", "meanwhile", "otherwise", "instead",
	"anyway", "hence", "thus", "therefore", "however", "nowadays", "sometimes", "afterwards", "beforehand")

// timeQualifiers qualify a noun right after them ("last night", "next week"):
// a step word read as such only with a comma after it.
var timeQualifiers = set("last", "next", "first", "second", "third", "same", "final")

// coinedVerbs marks the words read as verbs by their place (above).
func coinedVerbs(ts []token) {
	for i := 1; i+1 < len(ts); i++ {
		w := ts[i].lower
		if !ts[i].later || ts[i].quoted || ts[i].address || ts[i+1].sentence || !coinedObjectOpeners[ts[i+1].lower] ||
			len(w) < 4 || !plainWord(w) || baseVerb(w) || functionWords[w] || determiners[w] || pronouns[w] || deicticTimes[w] || clauseWords[w] || subordinators[w] || whWords[w] ||
			strings.HasSuffix(w, "ly") || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") ||
			strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") || sequencers[w] || stepOpeners[w] || conditionOpeners[w] {
			continue
		}
		if !stepPlace(ts, i) || !ts[i].sentence && isUpper(ts[i].text[0]) {
			continue
		}
		if !ts[i].clause && !ts[i].sentence && timeQualifiers[ts[i-1].lower] {
			continue // "Last night the DBA ran …": the noun an ordinal qualifies
		}
		ts[i].coined = true
	}
}

// plainWord: w is lower-case letters, a hyphen between two of them at
// most.
func plainWord(w string) bool {
	for k := 0; k < len(w); k++ {
		c := w[k]
		if !(c >= 'a' && c <= 'z' || c == '-' && k > 0 && k < len(w)-1) {
			return false
		}
	}
	return true
}

// stepPlace: word i opens its clause, after nothing but step words
// ("Then, …", "Next …").
func stepPlace(ts []token, i int) bool {
	j := i
	for j > 0 && !ts[j].sentence && !ts[j].clause && (sequencers[ts[j-1].lower] || stepOpeners[ts[j-1].lower]) {
		j--
	}
	return ts[j].sentence || ts[j].clause
}

// imperativeClause: the clause holding word j (the "and" of "X and Y")
// opens with a verb in its base form, or a coined one, and its object,
// after nothing but step words, in a sentence after the first ("If scope
// grows, timebox the sprint and notify the team").
func imperativeClause(ts []token, j int) bool {
	c := j - 1
	for c > 0 && c > j-reach && !ts[c].sentence && !ts[c].clause {
		c--
	}
	for c < j && (sequencers[ts[c].lower] || stepOpeners[ts[c].lower]) && !ts[c+1].clause {
		c++
	}
	if c+1 >= j || !ts[c].later || !stepPlace(ts, c) || ts[c].quoted {
		return false
	}
	next := ts[c+1].lower
	return (ts[c].coined || baseVerb(ts[c].lower) && !isNoun(ts[c].lower)) && (objectOpeners[next] || personObjects[next])
}
