package catalog_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestWarmLexiconLoadsIt: the warm-up a console runs after it listens
// leaves the search lexicon loaded (the catalog's own searches load it
// too, so this flips nothing other tests of the package rely on).
func TestWarmLexiconLoadsIt(t *testing.T) {
	catalog.WarmLexicon()
	if !catalog.LexiconLoaded() {
		t.Error("after WarmLexicon, the search lexicon is not loaded")
	}
}
