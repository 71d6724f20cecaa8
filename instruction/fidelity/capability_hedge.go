package fidelity

import "strings"

// Hedged and moving duties: besides "should be sent", a text asks the
// agent to act when it says where a thing ought to go ("a fax ought to go
// to the admissions desk", "a renewal offer should go out to each
// tenant", "a copy would ideally land in everyone's Outlook inbox"), that
// a deed is worth doing ("it may be worth posting a summary in
// #procurement", "error lines are worth forwarding to Sentry"), or a
// passive obligation whose place stands after a particle or the thing
// given ("should be sent out for signature through DocuSign", "should be
// sent a printed letter through PostGrid").

// motionVerbs say a thing moves to a place: with a duty and a place, the
// deed is sending it there.
var motionVerbs = set("go", "land", "reach", "arrive", "head", "travel", "make")

// particles complete a verb ("sent out", "go out").
var particles = set("out", "off", "over", "back", "up", "down", "along", "across")

// hedges make "would" or "could" ask ("would ideally land", "could
// preferably go").
var hedges = set("ideally", "preferably", "best", "really", "certainly", "definitely")

// movingDuty reports whether word i is a motion verb under a duty ("ought
// to go to", "should go out to", "would ideally land in") with a place
// after it: the deed is to send the thing there.
func movingDuty(ts []token, i int) bool {
	if i < 2 || ts[i].sentence || !motionVerbs[ts[i].lower] || negatedSubject(ts, i) {
		return false
	}
	b := i - 1
	hedged := false
	if hedges[ts[b].lower] || sequencers[ts[b].lower] {
		hedged = hedges[ts[b].lower]
		b--
	}
	if b < 1 || ts[b+1].sentence {
		return false
	}
	m := ts[b].lower
	duty := obligingModals[m] || m == "to" && (ts[b-1].lower == "ought" || obligingTo[ts[b-1].lower]) || hedged && (m == "would" || m == "could")
	if !duty {
		return false
	}
	if ts[i].lower == "make" {
		// "should make its way to"
		return i+3 < len(ts) && ts[i+2].lower == "way" && destination(ts, i+3)
	}
	k := i + 1
	if k < len(ts) && !ts[k].sentence && particles[ts[k].lower] {
		k++
	}
	return destination(ts, k)
}

// destination: word k opens a place a thing is sent to — a person, an
// organization or its desk, a venue, a mailbox or channel ("to each
// tenant", "to the admissions desk", "in everyone's Outlook inbox"); not a
// part of a request ("in the header", "to the EU region", "in the From
// field").
func destination(ts []token, k int) bool {
	if k+1 >= len(ts) || ts[k].sentence || ts[k+1].sentence || !(ts[k].lower == "to" || ts[k].lower == "in" || ts[k].lower == "into" || ts[k].lower == "onto") {
		return false
	}
	for h := k + 1; h < len(ts) && h <= k+5 && !ts[h].sentence && !ts[h].clause; h++ {
		w := strings.TrimSuffix(ts[h].lower, "'s")
		if personObjects[w] || personObjects[singular(w)] || doerNouns[w] || venueNouns[w] || mailboxes[w] {
			return true
		}
	}
	return false
}

// mailboxes are where messages land.
var mailboxes = set("inbox", "inboxes", "mailbox", "mailboxes", "channel", "channels", "queue", "desk", "feed", "thread",
	"voicemail", "phone", "phones")

// worthDoing reports whether word i is a gerund a deed is worth ("worth
// posting", "worth forwarding") and returns its verb.
func worthDoing(ts []token, i int) (string, bool) {
	if i < 1 || ts[i].sentence || ts[i-1].lower != "worth" || !strings.HasSuffix(ts[i].lower, "ing") || negatedSubject(ts, i) {
		return "", false
	}
	v := baseForm(ts[i].lower)
	return v, v != ts[i].lower && verbish(v)
}

// placeAfterObject: after the participle at i of a passive duty, a
// particle or the thing given ("sent out for signature", "sent a printed
// reminder letter") may stand before the place; it returns how many more
// words the place may be looked for in.
func placeAfterObject(ts []token, i int) int {
	k := i + 1
	extra := 0
	if k < len(ts) && !ts[k].sentence && particles[ts[k].lower] {
		k++
		extra++
	}
	if k < len(ts) && !ts[k].sentence && (ts[k].lower == "a" || ts[k].lower == "an") {
		n := 1
		for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause && nounish(ts[h].lower) && !venuePrepositions[ts[h].lower]; h++ {
			n++
		}
		extra += n
	}
	return extra
}
