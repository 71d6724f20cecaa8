package fidelity

// textChannel: the deed at i, one that reaches people (textVerbsOfReach),
// reaches a person named after it by text message — "by text", "via
// text" or "over text", "text" ending the phrase or before "message"
// ("Notify the customer by text", "Remind the driver via text before
// noon"); "Search by text", a way of matching, reaches no one. It
// returns the word "text".
func textChannel(ts []token, i, end int, v string) (int, bool) {
	if !textVerbsOfReach[v] {
		return 0, false
	}
	person := false
	for k := i + 1; k <= end && k < len(ts); k++ {
		w := ts[k].lower
		if w == "text" && person && (ts[k-1].lower == "by" || ts[k-1].lower == "via" || ts[k-1].lower == "over") &&
			(k+1 >= len(ts) || ts[k+1].sentence || ts[k+1].clause || ts[k+1].lower == "message" || ts[k+1].lower == "messages" || !nounish(ts[k+1].lower)) {
			return k, true
		}
		person = person || personNoun(w) || pronouns[w] && w != "it"
	}
	return 0, false
}

// textVerbsOfReach are the deeds that reach a person with news.
var textVerbsOfReach = set("notify", "remind", "alert", "contact", "message", "tell", "inform", "update", "warn", "let",
	"ping", "nudge", "chase", "reach", "send", "confirm", "invite", "thank", "answer", "reply", "report")

// reportsToTheUser: the verb at i is "report" and it reports to no one
// but the person the agent serves ("Report the status and the tracking
// number", "report it to the user"): the agent's answer; reporting to a
// third party ("report it to the account manager") is a deed.
func reportsToTheUser(ts []token, i, end int, v string) bool {
	if v != "report" {
		return false
	}
	for k := i + 1; k < end && k < len(ts)-1; k++ {
		if ts[k].lower != "to" {
			continue
		}
		h := k + 1
		for h < end && (phraseOpeners[ts[h].lower] || !ts[h+1].sentence && !ts[h+1].clause && nounish(ts[h+1].lower)) {
			h++ // to the head of the phrase: "the account manager"
		}
		w := singular(ts[h].lower)
		return w == "user" || w == "you" || w == "me" || w == "requester" || !personNoun(ts[h].lower) && !agentWords[w]
	}
	return true
}
