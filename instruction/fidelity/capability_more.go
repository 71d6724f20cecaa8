package fidelity

import "strings"

// ownedMentions finds an ability named as the agent's own by a relative
// clause rather than by "your": "the knowledge graph you maintain", "the
// calorie-counting skill you have installed", "the review model you
// have access to", "the image skill available to you", "the diff
// checker at your disposal". The head of the noun phrase is the class
// ("tool:<words>").
func ownedMentions(text string, ts []token) []mention {
	var out []mention
	for k := 0; k+2 < len(ts); k++ {
		if ts[k].lower != "the" && ts[k].lower != "any" {
			continue // "the OCR add-on you carry", "Any QR decoding on your side"
		}
		for h := k + 1; h < len(ts) && h <= k+3; h++ {
			if ts[h].sentence || ts[h].clause || functionWords[ts[h].lower] {
				break
			}
			if owned(ts, h+1) {
				class := "tool:" + joinWords(ts, k+1, h)
				if c, ok := systemNouns[ts[h].lower]; ok && c != "tools" {
					class = c // "the scratchpad you keep": memory
				}
				out = append(out, mention{kind: KindCapability, class: class, signal: text[ts[k].start:ts[h].end], start: ts[k].start, end: ts[h].end})
				break
			}
		}
	}
	return out
}

// owned: the words from i on say the noun before them is the agent's.
func owned(ts []token, i int) bool {
	at := func(j int, ws ...string) bool {
		for n, w := range ws {
			if j+n >= len(ts) || ts[j+n].lower != w || n > 0 && ts[j+n].sentence {
				return false
			}
		}
		return true
	}
	if i >= len(ts) || ts[i].sentence || ts[i].clause {
		return false
	}
	switch {
	case at(i, "you", "have", "access"), at(i, "you", "have", "installed"), at(i, "you", "maintain"), at(i, "you", "keep"),
		at(i, "you", "have", "at"), at(i, "available", "to", "you"), at(i, "at", "your", "disposal"), at(i, "you", "own"),
		at(i, "you", "were", "given"), at(i, "you", "have", "been", "given"), at(i, "you", "can", "use"),
		at(i, "you", "carry"), at(i, "you", "ship", "with"), at(i, "you", "come", "with"), at(i, "you", "bring"),
		at(i, "on", "your", "side"), at(i, "on", "your", "end"):
		return true
	case at(i, "in", "your") && i+2 < len(ts) && kitNouns[ts[i+2].lower]:
		return true // "the voice-to-text in your kit"
	case at(i, "you", "have") || at(i, "you", "ve"):
		// "the image generator you have", not "the rows you have to check"
		n := i + 2
		return n >= len(ts) || ts[n].sentence || ts[n].clause || ts[n].lower == "available" || ts[n].lower == "built" || ts[n].lower == "installed"
	case ts[i].lower == "the" && i+3 < len(ts) && agentWords[ts[i+1].lower] && !ts[i+1].sentence && (ts[i+2].lower == "has" || ts[i+2].lower == "can") && !ts[i+2].sentence:
		// "the bundled translator the assistant can reach", "the
		// summarizer the agent can use"
		return at(i+3, "access") || at(i+3, "use") || at(i+3, "call") || i+3 >= len(ts) || ts[i+3].sentence || ts[i+3].clause
	}
	return false
}

// channelNouns are how a message travels: "acknowledge receipt by email",
// "are to be nudged by text message".
var channelNouns = map[string]string{
	"email": "email", "e-mail": "email", "mail": "email", "sms": "sms", "text": "sms", "whatsapp": "sms",
	"fax": "fax", "phone": "paging", "telephone": "paging", "pager": "paging", "letter": "fax", "post": "fax",
}

// channelMentions finds "by email", "via SMS", "by text message" in a
// sentence that asks for something to be done (an instruction, or "should",
// "must", "is to be", "expected to", "recommended", "mandatory").
func channelMentions(text string, ts []token, instructedAt func(int) bool) []mention {
	var out []mention
	for k := 0; k+1 < len(ts); k++ {
		if ts[k].lower != "by" && ts[k].lower != "via" || ts[k+1].sentence || inFirstSentence(ts, k) {
			continue // the headline says what the tool does ("Send a notification … by email")
		}
		class, ok := channelNouns[ts[k+1].lower]
		end := k + 1
		if !ok && k+2 < len(ts) && !ts[k+2].sentence && channelManners[ts[k+1].lower] {
			class, ok = channelNouns[ts[k+2].lower] // "by certified mail", "via registered post"
			end = k + 2
		}
		if !ok {
			continue
		}
		if ts[end].lower == "text" {
			if !(k+2 < len(ts) && strings.HasPrefix(ts[k+2].lower, "message")) {
				continue
			}
			end = k + 2
		}
		if instructedAt(k) || obliged(ts, k) {
			out = append(out, mention{kind: KindCapability, class: class, signal: text[ts[k].start:ts[end].end], start: ts[k].start, end: ts[end].end})
		}
	}
	return out
}

// channelManners qualify a channel ("by certified mail", "via secure
// email").
var channelManners = set("certified", "registered", "recorded", "secure", "encrypted", "first-class", "express", "regular", "physical")

// obliged: the sentence of word k says something is to be done.
func obliged(ts []token, k int) bool {
	a := k
	for a > 0 && !ts[a].sentence {
		a--
	}
	for j := a; j < len(ts) && (j == a || !ts[j].sentence); j++ {
		switch ts[j].lower {
		case "should", "must", "expected", "recommended", "mandatory", "required", "needs", "need":
			return true
		case "to":
			if j+1 < len(ts) && ts[j+1].lower == "be" {
				return true
			}
		}
	}
	return false
}

// inFirstSentence: word k is in the text's first sentence.
func inFirstSentence(ts []token, k int) bool {
	return !ts[k].later
}

// kitNouns hold what an agent carries ("in your toolbelt").
var kitNouns = set("toolbelt", "toolbox", "toolkit", "kit", "arsenal", "repertoire", "tool-belt", "belt", "bag")
