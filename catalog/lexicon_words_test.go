package catalog_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestLexiconPartsOfSpeech: IsVerb and IsNoun read the general lexicon
// through the search's stemmer, inflections alike, and know no product.
func TestLexiconPartsOfSpeech(t *testing.T) {
	for _, w := range []string{"email", "emails", "browse", "format", "classify", "calculate", "restore"} {
		if !catalog.IsVerb(w) {
			t.Errorf("IsVerb(%q) = false", w)
		}
	}
	for _, w := range []string{"jira", "twilio", "confluence", "the"} {
		if catalog.IsVerb(w) || catalog.IsNoun(w) {
			t.Errorf("%q read as an English word", w)
		}
	}
	if !catalog.IsNoun("slack") || !catalog.IsNoun("memory") {
		t.Error("IsNoun misses slack or memory")
	}
}
