package fidelity

import "strings"

// A name of a program's shape can be a step of a procedure by its place
// alone, without a verb that calls it: "Lost badges: deactivateBadge, then
// issueTemporaryBadge", "first check_stock, then reserve_item". It stands
// right after a step word that opens its clause, or right before ", then"
// and another such step, and ends its clause (a parameter's value or a
// sort key goes on: "then pageSize=50").

// nameStepOpeners open a step of a procedure.
var nameStepOpeners = set("then", "next", "finally", "first", "afterwards", "afterward", "lastly", "thereafter")

// stepName reports whether word i is a program's name standing as a step
// (see above).
func stepName(ts []token, i int) bool {
	if !stepShaped(ts, i) {
		return false
	}
	if i > 0 && !ts[i].sentence && !ts[i].clause && nameStepOpeners[ts[i-1].lower] &&
		(i == 1 || ts[i-1].sentence || ts[i-1].clause) {
		return true
	}
	return i+2 < len(ts) && ts[i+1].clause && ts[i+1].lower == "then" && !ts[i+2].sentence && stepShaped(ts, i+2)
}

// stepShaped: word i is snake_case, or lower camel case headed by a deed
// ("deactivateBadge", not "isActive", "createdAt" or "matchingRows": a
// state's or a participle's head), and ends its clause.
func stepShaped(ts []token, i int) bool {
	t := ts[i]
	if t.markup || t.address {
		return false
	}
	if !identifierShaped(t.text) && !(lowerCamel(t.text) && deedHeaded(t.text)) {
		return false
	}
	return i+1 == len(ts) || ts[i+1].sentence || ts[i+1].clause
}

// stateHeads head a lower-camel name of a state or a flag, not a deed.
var stateHeads = set("is", "has", "can", "should", "was", "will", "does", "did", "allow", "allows", "include", "includes", "use", "max", "min", "num", "total")

// deedHeaded: a lower-camel name whose first part may be a deed: not a
// state word and not a participle ("created", "matching").
func deedHeaded(w string) bool {
	for k := 1; k < len(w); k++ {
		if w[k] >= 'A' && w[k] <= 'Z' {
			head := w[:k]
			return len(head) > 2 && !stateHeads[head] && !functionWords[head] &&
				!strings.HasSuffix(head, "ed") && !strings.HasSuffix(head, "ing")
		}
	}
	return false
}

// A plain "you" and a verb in the present is a step of a procedure where
// the "you" opens the clause after a step's condition ("once documents
// are signed, you file the claim", "after the check, you
// release the hold") or is what a rule says ("the guidance is that you
// file it"), not where it states a situation ("if you pass a cursor").

// youStepOpeners open the condition before a step's "you".
var youStepOpeners = set("once", "after", "afterwards", "when", "whenever", "then")

// receivingVerbs say what befalls "you", not a deed ("you receive an
// empty array", "you get the next page").
var receivingVerbs = set("receive", "get", "see", "obtain", "have", "find", "need", "want", "know", "notice", "lose",
	"end", "hear", "meet", "face", "encounter")

// youStep reports whether the "you" at j opens a step (see above).
func youStep(ts []token, j int) bool {
	if ts[j].sentence {
		// "You email it to the buyer through SendGrid": a later
		// sentence that opens on "you" and a deed tells the reader what
		// to do (the first says what the tool does)
		return ts[j].later
	}
	if j == 0 {
		return false
	}
	if ts[j-1].lower == "that" && j >= 2 && (ts[j-2].lower == "is" || ts[j-2].lower == "was") {
		return true // "the guidance is that you submit"
	}
	if !ts[j].clause {
		return false
	}
	k := j - 1
	for k > 0 && !ts[k].sentence && !ts[k].clause {
		k--
	}
	return youStepOpeners[ts[k].lower] || frontedClause(ts, j) || scheduleLabel(ts, j)
}
