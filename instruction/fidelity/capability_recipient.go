package fidelity

import "strings"

// recipientAt: the verb at i takes two objects, the first a recipient —
// a determiner, one or two words, then a second object opened by a
// determiner ("text each picker the start time", "text the homeowner a
// photo"): whoever is given a thing is a person, whatever the noun. k is
// the recipient's last word.
func recipientAt(ts []token, i, end int) (int, bool) {
	k := i + 1
	if k > end || !recipientOpeners[ts[k].lower] {
		return 0, false
	}
	for h := k + 1; h <= k+2 && h+1 <= end; h++ {
		if ts[h].clause || ts[h+1].clause || functionWords[ts[h].lower] && !recipientOpeners[ts[h].lower] {
			return 0, false
		}
		w := ts[h].lower
		if secondObjectOpeners[ts[h+1].lower] && (isNoun(singular(w)) || !isVerb(w)) && !strings.HasSuffix(w, "ing") {
			return h, true
		}
	}
	return 0, false
}

// recipientOpeners open the first of two objects ("each shearer").
var recipientOpeners = set("the", "each", "every", "all", "any", "our", "your", "their")

// secondObjectOpeners open the thing given ("the pickup time", "a photo").
var secondObjectOpeners = set("the", "a", "an", "their", "his", "her", "its", "your", "our")
