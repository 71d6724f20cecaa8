package fidelity

import "strings"

// A line addressed to the reader by name. A document of another genre
// (a rota, a menu, a testament, a storyboard, a glossary entry) gives the
// agent its part in the third person or by its role rather than by an
// imperative; readerAddressSteps reads the deed after such an address as
// the reader's step (token.handed), whatever the genre:
//   - a dedication closed by a stop: "for the assistant:", "NOTE FOR THE
//     ASSISTANT —", "for you the assistant:", "for the assistant, here:";
//   - an apposition or a vocative: "you, the assistant, refund …", "The
//     ASSISTANT (you) pulls up …", "Agent, wire the rent";
//   - a bequest: "I give to the assistant the paying of …" (a verb of
//     giving, then "to" and the agent);
//   - a duty put on the reader with "is to": "the assistant is to email
//     the buyer", "you are to file it";
//   - a command reported without "that": "the forecast says cancel the
//     picnic";
//   - the agent as the subject of a gerund inside a sentence: "further
//     comprising the assistant paying the fee".
//
// The deed is the first clause of the address's line that opens with one
// (at most three clauses: a short label or adverbial before it, "Up
// next:", "Once paid,", is passed over): a verb in its base form or
// a gerund with its object after it, the same after the reader and a
// modal ("you will send …"), the third person after an apposition
// ("pulls up"), or a gerund named as a thing ("the paying of the gardener").
// "its" after the address is the agent's own, as "your" is. The same
// frames given to someone else ("for the tenants:", "I give to my nephew")
// hand the reader nothing; whether the deed asks a capability is then
// decided as for any later step.
func readerAddressSteps(text string, ts []token) {
	for r := 1; r < len(ts); r++ {
		if !readerWords[ts[r].lower] || ts[r].quoted {
			continue
		}
		if from, third, ok := readerAddressed(text, ts, r); ok {
			readerDeed(text, ts, from, third)
		}
	}
	for i := 1; i+2 < len(ts); i++ {
		// "the forecast says cancel the picnic": a command reported with
		// no "that" is the command itself
		// (a verb of the class table, or any verb before a pronoun: "says
		// rain the whole day" is weather)
		next := ts[i+2].lower
		if sayingWords[ts[i].lower] && !ts[i+1].sentence && !ts[i+1].clause && !ts[i+1].quoted && baseVerb(ts[i+1].lower) &&
			(verbish(ts[i+1].lower) && objectOpeners[next] || pronouns[next] || next == "your") && !ts[i+2].sentence && !youAt(ts, i-1) {
			markHanded(ts, i+1)
		}
	}
}

// sayingWords report what someone says ("the forecast says …").
var sayingWords = set("say", "says", "said")

// readerAddressed: the reader word at r ends an address (above); from is
// the first word after it, where the deed is looked for, and third says
// whether a verb in the third person may stand there (after an
// apposition, whose subject is the reader).
func readerAddressed(text string, ts []token, r int) (from int, third, ok bool) {
	end := r
	if ts[r].lower == "you" && r+2 < len(ts) && ts[r+1].lower == "the" && agentWords[ts[r+2].lower] && !ts[r+1].sentence {
		end = r + 2 // "for you the assistant:", "you, the assistant,"
	}
	if end+1 >= len(ts) || lineBreakBetween(text, ts[end].end, ts[end+1].start) {
		return 0, false, false
	}
	gap := text[ts[end].end:ts[end+1].start]
	det := ts[r].lower != "you" && r > 0 && ts[r-1].lower == "the" && !ts[r].sentence
	a := r - 1
	if det {
		a--
	}
	opens := ts[r].sentence || det && ts[r-1].sentence
	switch {
	case opens && strings.TrimSpace(gap) == ",":
		return end + 1, false, true // "Agent, wire the rent": a vocative opening its line
	case end == r && agentWords[ts[r].lower] && strings.TrimSpace(gap) == ":" && cellOpens(text, ts, r):
		return end + 1, true, true // "| assistant: reweighs the parcel |", "(assistant: confirm it)"
	case a >= 0 && !opens && ts[a].lower == "for" && strings.ContainsAny(gap, ":,—–→"):
		return end + 1, false, true // "for the assistant:", "NOTE FOR THE ASSISTANT —"
	case a > 0 && !opens && ts[a].lower == "to" && givingVerbs[lemma(ts[a-1].lower)] && strings.TrimSpace(gap) == "":
		return end + 1, false, true // "I give to the assistant the paying of …"
	case ts[r].lower == "you" && end == r+2 && strings.Contains(text[ts[r].end:ts[r+1].start], ",") && strings.Contains(gap, ","):
		return end + 1, true, true // "you, the assistant, refund …"
	case agentWords[ts[r].lower] && ts[end+1].lower == "you" && strings.Contains(gap, "(") && end+2 < len(ts) &&
		strings.TrimSpace(text[ts[end+1].end:ts[end+2].start]) == ")":
		return end + 2, true, true // "The ASSISTANT (you) pulls up …"
	case det && agentWords[ts[r].lower] && strings.HasSuffix(ts[end+1].lower, "ing") && strings.TrimSpace(gap) == "" && !opens:
		return end + 1, false, true // "further comprising the assistant paying the fee"
	case (ts[end+1].lower == "is" || ts[end+1].lower == "are") && end+3 < len(ts) && ts[end+2].lower == "to" && (ts[r].lower == "you" || det):
		return end + 3, false, true // "the assistant is to email the buyer"
	}
	return 0, false, false
}

// givingVerbs hand something over to someone ("I give to the assistant
// …", "assign to", "entrust to").
var givingVerbs = set("leave", "bequeath", "give", "hand", "assign", "entrust", "delegate", "devise", "grant", "allot", "pass")

// lineBreakBetween: a line break stands between offsets a and b.
func lineBreakBetween(text string, a, b int) bool {
	return strings.IndexByte(text[a:b], '\n') >= 0
}

// readerDeed marks the deed of the address that ends before word from
// (see readerAddressSteps), and reads "its" in its line as the agent's.
func readerDeed(text string, ts []token, from int, third bool) {
	clauses := 0
	for k := from; k < len(ts) && k < from+16 && clauses < 3; {
		if k > from && lineBreakBetween(text, ts[k-1].end, ts[k].start) {
			return
		}
		if readerDeedAt(ts, k, third && k == from) {
			for j := k; j < len(ts) && j < k+12 && !lineBreakBetween(text, ts[j-1].end, ts[j].start); j++ {
				if ts[j].lower == "its" {
					ts[j].lower = "your" // "pulls up its floor-plan renderer"
				}
			}
			return
		}
		clauses++
		// pass over the label or the phrase before the next stop ("To
		// next:", "Once paid,")
		n := k + 1
		for n < len(ts) && n < k+5 && !strings.ContainsAny(text[ts[n-1].end:ts[n].start], ":,—–→") {
			n++
		}
		if n >= k+5 {
			return
		}
		k = n
	}
}

// readerDeedAt marks the deed opening at word k (third: a verb in the
// third person may be it), after an optional
// subject naming the reader and a modal ("you will post"), or "the" and a
// gerund named as a thing ("the paying of the gardener"), and reports whether
// it found one.
func readerDeedAt(ts []token, k int, third bool) bool {
	if k+1 < len(ts) && (ts[k].lower == "you" || ts[k].lower == "it") {
		k++
	}
	if k+1 < len(ts) && (ts[k].lower == "will" || ts[k].lower == "shall" || ts[k].lower == "must" || ts[k].lower == "should") {
		k++
	}
	if k+2 < len(ts) && ts[k].lower == "the" && strings.HasSuffix(ts[k+1].lower, "ing") && ts[k+2].lower == "of" {
		return markHanded(ts, k+1) // "the paying of the gardener"
	}
	if k+2 < len(ts) && ts[k].lower == "the" && ts[k+1].lower == "use" && ts[k+2].lower == "of" {
		ts[k+1].handed = true // "the use of its floor-plan renderer"
		return true
	}
	if k+1 >= len(ts) || ts[k+1].sentence {
		return false
	}
	next := ts[k+1].lower
	if !(objectOpeners[next] || pronouns[next] || particles[next] || possessives[next]) {
		return false
	}
	w := ts[k].lower
	if third && len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !baseVerb(w) {
		for _, b := range []string{w[:len(w)-1], strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"} {
			if b != w && len(b) >= 3 && baseVerb(b) {
				ts[k].lower, ts[k].handed = b, true // "The ASSISTANT (you) pulls up …"
				return true
			}
		}
		return false
	}
	return markHanded(ts, k)
}

// cellOpens: the agent word at r opens a unit of its own — its line, a
// table cell ("| 4 | assistant: …"), a parenthesis or a bracket — with
// no article before it: the label of a part given to the reader.
func cellOpens(text string, ts []token, r int) bool {
	from := 0
	if r > 0 {
		from = ts[r-1].end
	}
	gap := strings.TrimRight(text[from:ts[r].start], " \t")
	return r == 0 || gap != "" && strings.ContainsAny(gap[len(gap)-1:], "\n|([")
}
