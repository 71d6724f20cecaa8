package catalog

// SetLexiconOff turns the search lexicon off (or back on) for tests that
// measure what it adds.
func SetLexiconOff(off bool) { lexiconOff = off }

// searchKnobs are the ranking's weights a tuning run may set, by name.
var searchKnobs = map[string]*float64{
	"verb": &verbWeight, "coord": &coordWeight, "namecover": &nameCoverWeight, "readonlyedit": &readOnlyEditWeight,
	"questionwrite": &questionWriteWeight, "unknownword": &unknownWordBoost, "kindmisfit": &kindMisfitWeight,
	"expansion": &expansionWeight, "content": &contentWeight,
}

// SetSearchKnob sets a named ranking weight; it reports whether the name
// is known.
func SetSearchKnob(name string, v float64) bool {
	if name == "clauses" {
		maxClauses = int(v)
		return true
	}
	p, ok := searchKnobs[name]
	if ok {
		*p = v
	}
	return ok
}
