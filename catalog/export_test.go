package catalog

import "strings"

// SetLexiconOff turns the search lexicon off (or back on) for tests that
// measure what it adds.
func SetLexiconOff(off bool) { lexiconOff = off }

// searchKnobs are the ranking's weights a tuning run may set, by name.
var searchKnobs = map[string]*float64{
	"verb": &verbWeight, "coord": &coordWeight, "namecover": &nameCoverWeight, "readonlyedit": &readOnlyEditWeight,
	"questionwrite": &questionWriteWeight, "unknownword": &unknownWordBoost,
	"expansion": &expansionWeight, "named": &namedServiceBoost, "plainb": &plainBM25B, "lexical": &lexicalWeight, "fusek": &fuseK, "fusekeep": &fuseKeep,
	"content": &contentWeight, "verbonly": &verbOnlyWeight, "number": &numberWeight, "objectevidence": &objectEvidence, "cognate": &cognateWeight, "cognateshare": &cognateShare,
	"svcshare": &serviceWordShare, "fitservice": &fitServiceWeight, "fitmin": &fitMinTools, "svcrarity": &serviceWordRarity,
}

// SetSearchKnob sets a named ranking weight; it reports whether the name
// is known.
func SetSearchKnob(name string, v float64) bool {
	fields := map[string]field{"name": fieldName, "action": fieldAction, "title": fieldTitle, "hints": fieldHints,
		"purpose": fieldPurpose, "params": fieldParams, "namespace": fieldNamespace}
	if f, ok := fields[strings.TrimPrefix(name, "fw.")]; ok && strings.HasPrefix(name, "fw.") {
		fieldWeights[f] = v
		return true
	}
	if f, ok := fields[strings.TrimPrefix(name, "fb.")]; ok && strings.HasPrefix(name, "fb.") {
		fieldB[f] = v
		return true
	}
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
