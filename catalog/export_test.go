package catalog

// SetLexiconOff turns the search lexicon off (or back on) for tests that
// measure what it adds.
func SetLexiconOff(off bool) { lexiconOff = off }
