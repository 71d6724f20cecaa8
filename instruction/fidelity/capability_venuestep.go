package fidelity

import "strings"

// A step done at a named service. An instruction whose verb maps to no
// class still needs the service it names as where it acts ("Promote
// spare seats on Gigsly", "Swap surplus plots through Plotshare"): a
// proper name the lexicon does not know, after a preposition of place or
// means, within the instruction's reach. Only a step of a procedure
// counts — a later sentence opened by the verb, a step after a step word
// or a condition, a step handed to the reader, an obligation — and not a
// verb of mentioning, asking or telling ("tell the user to move to Acme":
// the user's deed), "please", or a screen of the product ("in the Acme
// UI"). A later sentence opened by a verb in its base form whose object
// the instruction's reading misses ("Promote spare seats on Gigsly": an
// adjective first) counts too. Either way no finite verb may stand in the
// clause ("Transfer fees on Gigsly are waived" has a subject), nor, for
// the sentence read by its first verb alone, a verb in the past ("Final
// copies went out on Wirely").

// venueStep is the service an instruction at i with no class acts at
// (above).
func venueStep(text string, ts []token, i, end, how int) (mention, bool) {
	if mentionVerbs[ts[i].lower] || askingVerbs[ts[i].lower] || sequencers[ts[i].lower] || how == ctxModal || how == ctxNoun || how == ctxAgent {
		return mention{}, false
	}
	if !(how == ctxOblige || laterSentence(ts, i) && baseVerb(ts[i].lower) || how >= 0 && (laterStep(ts, i) || ts[i].readerLed || ts[i].handed)) {
		return mention{}, false
	}
	name, k, ok := venueAt(ts, i, end)
	if !ok || !properName(ts[k]) || interfaceNouns[ts[k].lower] || k+1 < len(ts) && !ts[k+1].sentence && interfaceNouns[ts[k+1].lower] {
		return mention{}, false
	}
	for j := i + 1; how != ctxOblige && j < len(ts) && !ts[j].sentence && (j <= k || !ts[j].clause); j++ {
		if finiteVerbs[ts[j].lower] || j <= k && ts[j].clause || modals[ts[j].lower] || how < 0 && pastForm(ts[j].lower) {
			return mention{}, false
		}
	}
	return mention{kind: KindCapability, class: "service:" + name, ident: strings.Fields(name)[0], signal: text[ts[i].start:ts[k].end], start: ts[i].start, end: ts[k].end}, true
}

// pastForm: w is a verb's past form, irregular ("went", "sent") or made
// with "-ed".
func pastForm(w string) bool {
	return irregular[w] != "" || pastIrregular[w] || len(w) > 4 && strings.HasSuffix(w, "ed") && isVerb(w)
}

// pastIrregular are the past forms of English's common irregular verbs
// that are no participle the class table reads.
var pastIrregular = set("went", "came", "gave", "took", "wrote", "ran", "began", "saw", "knew", "grew", "threw", "drove",
	"rode", "spoke", "broke", "chose", "froze", "stole", "flew", "fell", "rose")
