package fidelity

import "strings"

// Deeds a verb names by its object. A later step's verb that stays in
// the conversation when it reads ("open the file", "put it in the
// answer") does a deed in the world when its object is a new thing or a
// deed itself:
//   - "open" or "start" before an indefinite article makes the thing
//     ("open a repair request", "start a call with the owners"), as
//     "create" does;
//   - a light verb (put, place, make, take) before an indefinite article
//     and a noun whose verb the lexicon knows names that verb's deed ("put
//     a hold on the room": hold; "make a booking": book; "place a
//     reorder": reorder).
//
// The noun names a deed, so a verb whose usual sense is a state counts
// ("a hold"); the deed is then weighed as any later step's verb is
// (worldVerb): "make a note", "take a look" stay the agent's own, and the
// light verb with them.

// opensNew: the verb at i is "open" or "start" before "a", "an" or
// "new".
func opensNew(ts []token, i, end int) bool {
	return (ts[i].lower == "open" || ts[i].lower == "start") && i+1 <= end && i+1 < len(ts) && (ts[i+1].lower == "a" || ts[i+1].lower == "an" || ts[i+1].lower == "new")
}

// lightVerbsOfDeed name a deed by their object ("put a hold on", "make a
// booking").
var lightVerbsOfDeed = set("put", "place", "make", "take")

// lightDeed is the verb a light verb at i names by its object (light:
// the verb is one, before a noun of a deed), and whether that deed is
// done in the world.
func lightDeed(ts []token, i, end int) (deed string, light, world bool) {
	if !lightVerbsOfDeed[ts[i].lower] || i+2 > end || i+2 >= len(ts) || ts[i+1].lower != "a" && ts[i+1].lower != "an" || ts[i+2].sentence || ts[i+2].clause {
		return "", false, false
	}
	n := ts[i+2].lower
	if i+3 < len(ts) && i+3 <= end && isNoun(ts[i+3].lower) && !functionWords[ts[i+3].lower] && !ts[i+3].sentence {
		return "", false, false // "make a copy number": the noun is a modifier
	}
	if g := gerundOf(n); g != "" && strings.HasSuffix(n, "ing") {
		n = g // "make a booking"
	}
	if !baseVerb(n) {
		return "", false, false
	}
	return n, true, worldVerb(n) || stateVerbs[n] || stativeVerbs[n]
}
