package catalog

import (
	"sync"
	"sync/atomic"
)

var (
	lexOnce   sync.Once
	lex       *lexicon
	lexLoaded atomic.Bool
	// lexiconOff turns the lexicon off, for tests that measure what it
	// adds (an empty lexicon relates nothing)
	lexiconOff bool
)

var emptyLexicon = &lexicon{}

// theLexicon loads the table once, on the first search that needs it.
func theLexicon() *lexicon {
	if lexiconOff {
		return emptyLexicon
	}
	lexOnce.Do(func() {
		lex = loadLexicon(wordnetTable)
		lexLoaded.Store(true)
	})
	return lex
}

// WarmLexicon loads the lexicon now (a console calls it after it
// listens): the first search that needs it would otherwise wait for the
// load, hundreds of milliseconds of CPU on a small machine, and every
// search arriving meanwhile with it.
func WarmLexicon() { theLexicon() }

// LexiconLoaded says whether the lexicon has been loaded.
func LexiconLoaded() bool { return lexLoaded.Load() }
