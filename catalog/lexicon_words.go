package catalog

import "strings"

// IsVerb reports whether the general lexicon (WordNet 3.0, see
// search_wordnet.go) knows a word as a verb, read through the search's
// stemmer ("emails" and "email" alike).
func IsVerb(word string) bool {
	return theLexicon().isVerb(stemWord(strings.ToLower(word), false))
}

// IsNoun reports whether the general lexicon knows a word as a noun.
func IsNoun(word string) bool {
	_, ok := theLexicon().noun(stemWord(strings.ToLower(word), false))
	return ok
}
