package fidelity

// Abilities named as the reader's own without "your" before them: "That
// voice typing engine of yours can …", "The QR scanner you were handed
// can …", "Any voice generator on hand can …", "the OCR engine at your
// disposal should …". A noun phrase opened by "that", "the", "this" or
// "any" at a clause's start, whose head is a system or an instrument
// (systemAt), owned by the reader after it, and that then does the deed (a
// modal or "is" after the owning words) is the reader's ability, as "Your
// dictation engine can …" is.

// ownedAbility reports whether the phrase opened at i is such an ability
// and returns its class and the index of its last word.
func ownedAbility(ts []token, i int) (string, int, bool) {
	if i+3 >= len(ts) || !(ts[i].sentence || ts[i].clause) {
		return "", 0, false
	}
	if w := ts[i].lower; w != "that" && w != "the" && w != "this" && w != "any" {
		return "", 0, false
	}
	class, h, ok := systemAt(ts, i+1)
	if !ok {
		return "", 0, false
	}
	k := ownedAfter(ts, h+1)
	if k < 0 || k >= len(ts) || ts[k].sentence {
		return "", 0, false
	}
	if !(modals[ts[k].lower] || ts[k].lower == "ought" || ts[k].lower == "is") {
		return "", 0, false
	}
	return class, k - 1, true
}

// ownedAfter: the words from k say the thing before is the reader's ("of
// yours", "you were given", "you have", "you've got", "on hand", "at
// hand", "at your disposal"); it returns the index after them, or -1.
func ownedAfter(ts []token, k int) int {
	at := func(n int, ws ...string) bool {
		if k+n > len(ts) {
			return false
		}
		for j, w := range ws {
			if ts[k+j].lower != w || j > 0 && ts[k+j].sentence {
				return false
			}
		}
		return true
	}
	switch {
	case at(2, "of", "yours"):
		return k + 2
	case at(3, "you", "were", "given"), at(3, "you", "ve", "got"), at(3, "at", "your", "disposal"):
		return k + 3
	case at(2, "you", "have"), at(2, "you", "own"), at(2, "on", "hand"), at(2, "at", "hand"):
		return k + 2
	}
	return -1
}

// serverHeads end the name of another server or program the reader is
// sent to ("Chrome DevTools MCP", "the Playwright MCP server").
var serverHeads = set("mcp", "server")

// otherServer: the verb at i is "use" (or "try", "switch to") and its
// object a proper name of one to four words ending in a server's head
// ("use Chrome DevTools MCP instead"): that server, a service the roster
// must have. It returns the name and its last word's index.
func otherServer(ts []token, i, end int) (string, int, bool) {
	v := ts[i].lower
	k := i + 1
	if v == "switch" && k <= end && ts[k].lower == "to" {
		k++
	} else if v != "use" && v != "try" {
		return "", 0, false
	}
	if k <= end && ts[k].lower == "the" {
		k++
	}
	a := k
	for k <= end && k < len(ts) && k < a+5 && !ts[k].sentence && !ts[k].clause && isUpper(ts[k].text[0]) {
		if serverHeads[ts[k].lower] && k > a {
			h := k
			if h+1 < len(ts) && serverHeads[ts[h+1].lower] && !ts[h+1].sentence {
				h++ // "MCP server"
			}
			return joinWords(ts, a, k-1), h, true
		}
		k++
	}
	return "", 0, false
}
