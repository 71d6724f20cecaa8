package fidelity

import "strings"

// An instrument put to work: a noun phrase headed by an instrument — an
// agent noun whose verb the lexicon knows ("unit converter", "URL
// shortener", "spell checker"), or "tool", "app", "utility" after a
// modifier ("a diff tool", "any watermarking tool") — that the text makes
// the doer or the means of a deed, in a sentence after the first:
//
//   - its subject: a modal, a verb of doing in the third person or a
//     recommendation follows ("a link shortener makes them fit", "A
//     caption maker of yours can make subtitles of it", "Your
//     time-zone converter knows", "a diff tool is how you compare
//     them", "the grammar checker is your friend here");
//   - its means, in a sentence that asks something: after "through",
//     "with", "using", "via" ("be run through a unit converter", "with
//     whichever summarisation tool");
//   - the agent's: "you have", "of yours", "at hand", "available to you"
//     after it ("any stamping tool you have will do").
//
// As a subject or a means the phrase must be a compound ("spell
// checker"), or chosen freely ("whichever tool"): an agent noun alone ("the
// traveller shows it") is as often a person.
//
// Its class is the phrase ("tool:unit converter"): a roster tool whose
// name holds its words provides it. A person ("your manager"), the tool
// described ("this tool", "the tool") and a phrase in a negated clause are
// none.

// instrumentOpeners open an instrument's noun phrase.
var instrumentOpeners = set("a", "an", "any", "whichever", "whatever", "the", "your", "some")

// instrumentVerbsOfDoing follow an instrument that does the deed.
var instrumentVerbsOfDoing = set("does", "handles", "can", "could", "will", "would", "should", "excels", "takes", "produces",
	"makes", "knows", "turns", "gives", "fixes", "catches", "tells", "shows", "converts", "shortens", "generates", "does")

// recommendedAs follow "is" where an instrument is recommended ("is the
// way to", "is your friend", "is ideal for").
var recommendedAs = set("way", "friend", "ideal", "best", "perfect", "handy", "right", "answer", "tool", "fine", "useful", "key")

// instrumentAtWork finds an instrument put to work whose phrase opens at
// word i.
func instrumentAtWork(text string, ts []token, i int, instructed bool) (mention, bool) {
	if !instrumentOpeners[ts[i].lower] || !ts[i].later || i+1 >= len(ts) || ts[i+1].sentence || negatedSubject(ts, i) {
		return mention{}, false
	}
	class, h, ok := systemAt(ts, i+1)
	if !ok || !strings.HasPrefix(class, "tool:") || h+1 >= len(ts) {
		return mention{}, false
	}
	head := ts[h].lower
	if agentHeads[head] && !instrument(head) && (head != "tool" && head != "tools" && head != "app" && head != "utility" || h == i+1) {
		return mention{}, false // "your vision model": the agent's own abilities are yourMention's
	}
	for k := i + 1; k < h; k++ {
		if ts[k].lower == "this" || ts[k].lower == "same" || determiners[ts[k].lower] {
			return mention{}, false
		}
	}
	subject := ts[i].sentence || ts[i].clause || i > 0 && (ts[i-1].lower == "and" || ts[i-1].lower == "but")
	n := h + 1
	if n+1 < len(ts) && ts[n].lower == "of" && ts[n+1].lower == "yours" {
		n += 2
	}
	next := ""
	if n < len(ts) && !ts[n].sentence {
		next = ts[n].lower
	}
	// a compound ("spell checker", "URL shortener") names an instrument;
	// an agent noun alone ("the traveller", "the funder") is as often a
	// person
	compound := h > i+1
	freeChoice := ts[i].lower == "any" || ts[i].lower == "whichever" || ts[i].lower == "whatever"
	work := false
	switch {
	case i > 0 && !ts[i].sentence && (ts[i-1].lower == "through" || ts[i-1].lower == "with" || ts[i-1].lower == "using" || ts[i-1].lower == "via") &&
		((instructed || beDone(ts, i-1)) && compound || freeChoice):
		work = true // "put through a unit converter", "with whichever summarisation tool"
	case n > h+1:
		work = true // "a subtitle generator of yours"
	case next == "you" && n+1 < len(ts) && (ts[n+1].lower == "have" || ts[n+1].lower == "own" || ts[n+1].lower == "use"):
		work = true // "any stamping tool you have"
	case next == "at" && n+1 < len(ts) && ts[n+1].lower == "hand":
		work = true
	case subject && compound && instrumentVerbsOfDoing[next]:
		work = true // "a link shortener makes them fit"
	case subject && compound && next == "is":
		for k := n + 1; k < len(ts) && k <= n+3 && !ts[k].sentence; k++ {
			if recommendedAs[ts[k].lower] {
				work = true // "a diff tool is how you compare them"
				break
			}
		}
	}
	if !work {
		return mention{}, false
	}
	for k := i + 1; k < h; k++ {
		if pickingWords[ts[k].lower] {
			return mention{}, false // "the appropriate provider-specific tool": a sibling picked, not an instrument
		}
	}
	return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
}

// pickingWords pick one of several like tools (the text's siblings); they
// name no ability.
var pickingWords = set("appropriate", "corresponding", "relevant", "suitable", "right", "respective", "matching", "proper",
	"dedicated", "specific", "separate", "other", "own")

// beDone: the words before the preposition at p are a passive infinitive
// ("that the amounts be put through", "should be run through"): a deed
// asked of someone, and the phrase after it its means.
func beDone(ts []token, p int) bool {
	return p >= 2 && !ts[p].sentence && !ts[p-1].sentence && ts[p-2].lower == "be"
}

// metModifier: an instrument's modifiers ("barcode" of "your barcode
// reader") are met by the roster tool's own words or headline, or there
// are none: a tool that only shares the instrument's verb (read_file for
// "your barcode reader") does another thing.
func (s *Scope) metModifier(mods []string) bool {
	for _, w := range mods {
		if s.rootIn("word:", w) || s.classes["says:"+singular(w)] {
			return true
		}
	}
	return len(mods) == 0
}

// iserPeople are people named in -iser or -izer, not instruments.
var iserPeople = set("advertiser", "advertizer", "merchandiser", "merchandizer", "franchiser", "organiser", "organizer",
	"fundraiser", "sympathiser", "sympathizer", "appetiser", "appetizer")

// yourMention finds "let your X …" and "your X" handed work outside an
// imperative's window ("the rows go to your formatter").
func yourMention(text string, ts []token, i int, sameSentence bool) (mention, bool) {
	if class, h, ok := ownedAbility(ts, i); ok {
		return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
	}
	agents := ts[i].lower == "the" && i+3 < len(ts) && agentWords[ts[i+1].lower] && ts[i+2].lower == "s" && (ts[i].sentence || ts[i].clause)
	if ts[i].lower == "your" && (i == 0 || ts[i].sentence || ts[i].clause || reportedClause(ts, i)) || agents {
		// "Your translator can write the Spanish copies", "The
		// assistant's voice synthesis should read …"
		at := i + 1
		if agents {
			at = i + 3
		}
		class, h, ok := systemAt(ts, at)
		if ok && h+1 < len(ts) && !ts[h+1].sentence && (modals[ts[h+1].lower] || ts[h+1].lower == "is" || ts[h+1].lower == "ought" || jobOf(ts, h+1)) {
			return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
		}
		return mention{}, false
	}
	if (ts[i].lower == "a" || ts[i].lower == "an") && i >= 2 && youHave(ts, i) {
		if class, h, ok := systemAt(ts, i+1); ok {
			return mention{kind: KindCapability, class: class, signal: text[ts[i-2].start:ts[h].end], start: ts[i-2].start, end: ts[h].end}, true
		}
		return mention{}, false
	}
	if ts[i].lower != "your" || i == 0 || ts[i].sentence {
		return mention{}, false
	}
	if class, h, ok := systemAt(ts, i+1); ok && (doneBy(ts, h+1) || i >= 2 && ts[i-1].lower == "for" && jobNouns[ts[i-2].lower]) {
		// "something your grouping tool handles well", "a job for your OCR"
		return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
	}
	class, h, ok := delegatedAt(ts, i)
	if !ok {
		class, h, ok = instrumentalAt(ts, i, sameSentence)
	}
	if ok {
		if _, _, sys := systemAt(ts, i+1); !sys {
			if _, prog := yourProgramAt(ts, i+1); !prog {
				// "Ask your compatibility matrix whether …"
				return mention{kind: KindCapability, class: class, signal: text[ts[i-1].start:ts[h].end], start: ts[i-1].start, end: ts[h].end}, true
			}
		}
	}
	before := ts[i-1].lower
	reliedOn := before == "on" && i >= 2 && !ts[i-1].sentence && relyingVerbs[verbBase(ts[i-2].lower)] // "rely on your X"
	if !(before == "let" || handOff[before] || reliedOn || i >= 2 && youHave(ts, i)) {
		return mention{}, false
	}
	class, end, ok := systemAt(ts, i+1)
	if !ok {
		if end, ok = yourProgramAt(ts, i+1); !ok {
			return mention{}, false
		}
		class = "tool:" + joinWords(ts, i+1, end) // "Crop it in your image editor"
	}
	return mention{kind: KindCapability, class: class, signal: text[ts[i-1].start:ts[end].end], start: ts[i-1].start, end: ts[end].end}, true
}

// accountNouns name what a person holds at a service ("your Render
// account", "your Stripe dashboard").
var accountNouns = set("account", "accounts", "workspace", "workspaces", "dashboard", "organization", "organisation", "org",
	"subscription", "subscriptions", "profile", "tenant", "tenancy", "login", "plan", "billing")
