package fidelity

import "strings"

// Directives by structure: besides an imperative, a text asks the agent
// to act through an obligation on the thing to be done ("players
// caught copying should be flagged on the Discord channel",
// "it needs to be exported to ADP"), a thing declared worth doing ("merits
// a brief phone call"), a thing someone should get ("guests should
// receive an SMS with the gate code") or a named next step ("the next thing
// to do here is renew every token", "Step two: provision their account").

// instruction contexts beyond the imperative and modal ones
const (
	ctxOblige = iota + 3 // a passive obligation: "should be reported"
	ctxNoun              // a thing to be done, named by a noun: "worth a phone call"
)

// obligedAt reports whether word i is the participle of a passive
// obligation ("should be reported", "must be exported", "needs to be
// filed", "is to be sent", "has to be logged") and returns its verb.
func obligedAt(ts []token, i int) (string, bool) {
	if v, ok := nominalObligation(ts, i); ok {
		return v, true
	}
	if i >= 2 && ts[i-1].lower == "best" && (ts[i-2].lower == "are" || ts[i-2].lower == "is") && !ts[i].sentence {
		v := lemma(ts[i].lower) // "digests are best forwarded to …"
		return v, v != ts[i].lower
	}
	if v, ok := elidedObligation(ts, i); ok {
		return v, true
	}
	if movingDuty(ts, i) {
		return "send", true // "the form ought to go to …"
	}
	if v, ok := worthDoing(ts, i); ok {
		return v, true // "it may be worth posting …"
	}
	if v, ok := gerundDuty(ts, i); ok {
		return v, true // "merging the branch is left to you"
	}
	if v, ok := wantedDone(ts, i); ok {
		return v, true // "Legal wants a copy filed in the vault"
	}
	if v, ok := passiveDuty(ts, i); ok {
		return v, true // "after which the credit is paid", "reposted … by you"
	}
	if i < 2 || ts[i].sentence || ts[i-1].lower != "be" || ts[i-1].sentence || negatedSubject(ts, i) {
		return "", false
	}
	b := i - 2 // "should then be ordered": an adverb may stand between
	if b > 0 && (sequencers[ts[b].lower] || strings.HasSuffix(ts[b].lower, "ly")) && !ts[b].sentence {
		b--
	}
	m := ts[b].lower
	if !(obligingModals[m] || m == "to" && b >= 1 && obligingTo[ts[b-1].lower]) {
		return "", false
	}
	if subj := b - 1 - btoi(m == "to"); subj >= 0 && fieldName(ts[subj]) {
		return "", false // "only `fillColor` needs to be configured": a value of the call to set, no deed
	}
	v := lemma(ts[i].lower)
	if v == ts[i].lower && irregular[ts[i].lower] == "" {
		return "", false
	}
	// an obligation names where or to whom ("should be flagged on the
	// Discord channel", "exported to ADP"), not when or how a value of the
	// tool's own is to be ("must be submitted within two minutes",
	// "should be appended after")
	for k := i + 1; k < len(ts) && k <= i+3+placeAfterObject(ts, i) && !ts[k].sentence && !ts[k].clause; k++ {
		if (ts[k].lower == "in" || ts[k].lower == "as") && k+2 < len(ts) && (formatNouns[ts[k+1].lower] || determiners[ts[k+1].lower] && formatNouns[ts[k+2].lower]) {
			return "", false // "written in the format YYYY-MM-DD": a value's shape
		}
		if venuePrepositions[ts[k].lower] || ts[k].lower == "by" && k == i+1 {
			if byPerson(ts, k) {
				return "", false // not the agent's doing: "configured with your DNS provider", "paid by the bank"
			}
			return v, true
		}
	}
	// an obligation that stands alone, its clause ending on it ("an
	// adjustment should be posted, and …", "a hotfix branch should be
	// cut and …"): a deed the agent is asked to do
	if k := i + 1; (k >= len(ts) || ts[k].sentence || ts[k].clause || ts[k].lower == "and") && worldVerb(v) {
		return v, true
	}
	return "", false
}

// negatedSubject: the clause of word i opens with a negation ("None of
// the hosts should be restarted", "No message should be sent").
func negatedSubject(ts []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-reach; j-- {
		if negators[ts[j].lower] {
			return true
		}
		if ts[j].sentence || ts[j].clause {
			break
		}
	}
	return false
}

// reach is how many words a look around one word walks at most: a
// negation, a contrast or a clause's start farther away than this is not
// read, so a long text that never ends its sentence costs linear time.
const reach = 64

// negators deny the deed of their clause.
var negators = set("no", "none", "nothing", "neither", "nor", "never", "nobody", "not")

// byPerson: the phrase opened at k ("by", "with") names a person or an
// organization as the doer ("by the bank", "with your DNS provider"), not
// a means ("by bank transfer").
func byPerson(ts []token, k int) bool {
	if ts[k].lower != "with" && ts[k].lower != "by" {
		return false
	}
	for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
		if personRoles[ts[h].lower] || personObjects[ts[h].lower] || doerNouns[ts[h].lower] {
			// the head of the phrase, not a modifier ("bank transfer")
			return h+1 >= len(ts) || ts[h+1].sentence || ts[h+1].clause || !nounish(ts[h+1].lower) || !isNoun(ts[h+1].lower)
		}
	}
	return false
}

// doerNouns name organizations and parts of one that do a deed ("paid by
// the bank", "escalated by the helpdesk software").
var doerNouns = set("bank", "team", "staff", "department", "carrier", "broker", "system", "software", "plug-in",
	"plugin", "service", "board", "committee", "office", "desk", "helpdesk", "moderators", "pharmacist", "teacher")

// elidedObligation: a participle after "and" that shares the obligation
// of the clause before ("a correction should be posted, and
// later a recount requested"): its verb.
func elidedObligation(ts []token, i int) (string, bool) {
	if i < 3 || ts[i].sentence || ts[i].clause {
		return "", false
	}
	v := lemma(ts[i].lower)
	if v == ts[i].lower && irregular[ts[i].lower] == "" || !worldVerb(v) {
		return "", false
	}
	// "and [adverb] [a|the] <noun> [noun] <participle>"
	k := i - 1
	nouns := 0
	for k > 0 && nouns < 3 && !ts[k+1].sentence && nounish(ts[k].lower) && !determiners[ts[k].lower] && isNoun(ts[k].lower) {
		k--
		nouns++
	}
	if nouns == 0 {
		return "", false
	}
	if determiners[ts[k].lower] && !ts[k+1].sentence {
		k--
	}
	if k > 0 && (sequencers[ts[k].lower] || strings.HasSuffix(ts[k].lower, "ly")) && !ts[k+1].sentence {
		k--
	}
	if k < 2 || ts[k].lower != "and" || ts[k+1].sentence {
		return "", false
	}
	for j := k - 1; j >= 1 && !ts[j+1].sentence; j-- {
		if ts[j-1].lower == "be" && j >= 2 && obligingModals[ts[j-2].lower] {
			return v, true
		}
	}
	return "", false
}

// nominalObligation: a sentence opened by a deed named as a noun, "of"
// its object, and an obligation ("Translation of the notes into English
// is recommended", "Notification of the regulator is mandatory",
// "Invoices under 500 GBP may go through the BACS run"):
// the deed's verb.
func nominalObligation(ts []token, i int) (string, bool) {
	if i+1 >= len(ts) || ts[i+1].sentence {
		return "", false
	}
	opens := ts[i].sentence || ts[i].clause
	if !opens {
		// "A handwritten note through …", "a call to the guardians":
		// the deed after an article and at most two modifiers
		k := i - 1
		for k >= 0 && k >= i-2 && !ts[k].sentence && !determiners[ts[k].lower] && nounish(ts[k].lower) {
			k--
		}
		if k < 0 || !(ts[k].sentence || ts[k].clause) || !(ts[k].lower == "a" || ts[k].lower == "an") {
			return "", false
		}
	}
	next := ts[i+1].lower
	v, ok := deNominal(ts[i].lower)
	gerund := false
	if !ok && strings.HasSuffix(ts[i].lower, "ing") && opens {
		// "Evaluating the expressions … is expected", "suspending the
		// account is the next step"
		// with its object after it, not a field's name ("rating (string)")
		v, gerund = lemma(ts[i].lower), true
		ok = v != ts[i].lower && worldVerb(v) && (objectOpeners[next] || determiners[next])
	}
	if !ok && baseVerb(ts[i].lower) && isNoun(ts[i].lower) && !opens && next != "of" && (worldVerb(ts[i].lower) || classVerb(ts[i].lower)) {
		v, ok = ts[i].lower, true // "a call to the parents", not "an array of …"
	}
	if !ok || !gerund && next != "of" && !venuePrepositions[next] {
		return "", false
	}
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		if (ts[k].lower == "from" || ts[k].lower == "by") && byPerson(ts, k) || ts[k].lower == "from" && k+2 < len(ts) && (personRoles[ts[k+2].lower] || personObjects[ts[k+2].lower]) {
			return "", false // "a check-in call by the account lead"
		}
		if obligingWords[ts[k].lower] || ts[k].lower == "go" && k > 0 && (ts[k-1].lower == "can" || ts[k-1].lower == "should") {
			return v, true
		}
		if dutyWords[ts[k].lower] && k >= 2 && copulaBefore(ts, k) {
			if k+1 < len(ts) && ts[k+1].lower == "of" {
				return "", false // "… is the responsibility of the owner"
			}
			return v, true // "is the next step", "is the assistant's responsibility", "would be appreciated"
		}
	}
	return "", false
}

// copulaBefore: "is" or "be" stands within four words before word k, in
// its sentence ("is the assistant's responsibility").
func copulaBefore(ts []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-4; j-- {
		if ts[j].lower == "is" || ts[j].lower == "be" {
			return true
		}
		if ts[j].sentence {
			break
		}
	}
	return false
}

// classVerb: a verb of the class table ("call" reaches a person).
func classVerb(v string) bool {
	for _, c := range capClasses {
		if contains(c.alone, v) || contains(c.personal, v) {
			return true
		}
	}
	return false
}
