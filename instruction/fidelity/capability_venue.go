package fidelity

import (
	"strings"
)

// venuePrepositions introduce where an instruction acts ("through
// OpenTable", "on the status page", "in the pharmacy system").
var venuePrepositions = set("to", "in", "on", "via", "through", "into", "with", "using", "from", "at", "onto", "over", "against")

// venueNouns end a noun phrase that names an outside system where an
// action happens ("the pharmacy system", "the patient portal", "the EU
// VIES website", "the vault").
var venueNouns = set("system", "portal", "website", "site", "platform", "tracker", "directory", "vault", "firewall",
	"crm", "erp", "dashboard", "console", "registry", "marketplace", "app", "service", "helpdesk", "intranet",
	"wiki", "ledger", "gateway", "exchange", "queue", "cluster", "bucket", "inbox", "calendar", "channel",
	"page", "repository", "repo", "pipeline", "spreadsheet", "sheet", "database", "warehouse", "server")

// plainAcronyms are capitalized words that name formats, units and
// everyday things, not a service.
var plainAcronyms = set("url", "urls", "api", "json", "csv", "pdf", "xml", "html", "utc", "gmt", "id", "ids", "sql",
	"http", "https", "iso", "usd", "eur", "gbp", "uk", "us", "eu", "faq", "kpi", "sla", "ip", "dns", "tls", "ssl",
	"ui", "ux", "ai", "llm", "mcp", "yaml", "toml", "md", "txt", "xlsx", "docx", "png", "jpg", "jpeg", "svg", "gif",
	"am", "pm", "ok", "asap", "etc", "ie", "eg", "vat", "gdpr", "hipaa", "pii", "iban", "bic", "sku", "eta", "rest",
	"cli", "os", "id's", "css", "js", "sdk", "gui", "cpu", "gpu", "ram", "ssd", "usb", "dom", "jwt", "uuid", "crud",
	"oauth", "smtp", "ftp", "ssh", "tcp", "udp", "wifi", "gps", "ocr", "nlp", "ml", "rgb", "hex", "ascii", "utf", "readme", "license", "changelog", "todo", "notice", "contributing", "makefile", "dockerfile", "tv", "q1", "q2", "q3", "q4", "ceo", "cto", "cfo", "hr", "it", "qa", "nda", "po")

// venueAt finds, among words i+1..end, a preposition followed by an
// outside service: a proper name the dictionary does not know
// ("OpenTable", "DeepL", "Salesforce", "SAP PM", "Google Translate"), or
// a noun phrase ending in a venue noun ("the pharmacy system"). It
// returns the name (lower case) and its last word.
func venueAt(ts []token, i, end int) (string, int, bool) {
	for k := i + 1; k < end; k++ {
		if !venuePrepositions[ts[k].lower] && !meansBy(ts, k, end) || checkedAgainstStandard(ts, i, k) {
			continue
		}
		// a proper name right after the preposition (an article may
		// stand between)
		a := k + 1
		if a <= end && (determiners[ts[a].lower] || ts[a].lower == "our" || ts[a].lower == "their") {
			a++
		}
		b := a
		for b <= end && b < len(ts) && (properName(ts[b]) || b == a && venueName(ts[b]) && !(b+1 < len(ts) && ts[b+1].lower == "of")) {
			b++
		}
		if b == a && a <= end && a == k+1 && (ts[k].lower == "with" || ts[k].lower == "using") && programName(ts[a]) && !valueFollows(ts, a) {
			return ts[a].lower, a, true // "with rclone", "using certbot"
		}
		if b > a && honorifics[ts[a].lower] {
			continue // "from Mrs Patel": a person, no service
		}
		if b > a {
			name := joinWords(ts, a, b-1)
			return strings.TrimSuffix(name, "'s"), b - 1, true
		}
		// "to the family's Instacart cart": a name within the
		// noun phrase
		for h := a; h <= end && h <= a+3 && h > k+1; h++ {
			if ts[h].sentence || ts[h].clause || functionWords[ts[h].lower] || venuePrepositions[ts[h].lower] {
				break
			}
			if h > a && formatNouns[ts[h-1].lower] {
				break // "in the format YYYY-MM-DD": a value's shape
			}
			if properName(ts[h]) || venueName(ts[h]) && h > a && strings.HasSuffix(ts[h-1].lower, "'s") {
				return ts[h].lower, h, true
			}
		}
		// "the pharmacy system", "the EU VIES website": up to four words
		// ending in a venue noun
		if a <= end && (ts[a-1].lower == "the" || ts[a-1].lower == "our" || ts[a-1].lower == "their") {
			for h := a; h <= end && h <= a+3; h++ {
				if h > a && (ts[h].sentence || ts[h].clause) {
					break
				}
				if venueNouns[ts[h].lower] && h > a {
					if h+1 < len(ts) && h+1 <= end && !ts[h+1].sentence && !ts[h+1].clause && nounish(ts[h+1].lower) && !venuePrepositions[ts[h+1].lower] {
						continue // "the warehouse printer": the venue noun is no head
					}
					if notVenue(ts, a, h) {
						break
					}
					return joinWords(ts, a, h), h, true
				}
				if venuePrepositions[ts[h].lower] || stepWords[ts[h].lower] {
					break
				}
			}
		}
	}
	return "", 0, false
}

// valueFollows: the word after a is a value written as one (snake_case,
// quoted or in backticks, on the same line): the word at a names the
// field it is given to ("with method get_review_comments", "using mode
// `fast`"), not a program.
func valueFollows(ts []token, a int) bool {
	if a+1 >= len(ts) || ts[a+1].sentence || ts[a+1].clause {
		return false
	}
	n := ts[a+1]
	return n.quoted || strings.Contains(n.text, "_")
}

// formatNouns name the shape of a value, which the word after them spells
// ("the format YYYY-MM-DD", "the pattern ABC-123").
var formatNouns = set("format", "formats", "pattern", "syntax", "notation", "form", "style", "template", "mask")

// properName: a word written as a service's name — capitalized within a
// sentence and unknown to the dictionary, in mixed case ("OpenTable",
// "DeepL"), or an acronym that names no format or unit ("SAP", "PACER").
func properName(t token) bool {
	if brandCased(t) {
		return true // "via iDEAL", "on eBay"
	}
	if t.sentence || t.quoted || t.address || t.markup || t.text == "" || !isUpper(t.text[0]) || runtimeCall(t) {
		return false // "OpenTable", not "table" nor a field such as "projectSlug"
	}
	w := t.lower
	if plainAcronyms[w] || plainAcronyms[strings.TrimSuffix(w, "s")] || len(w) < 2 || unitOrFormat(t.text) {
		return false // "UUIDs", "URLs", "in MiB", "in YYYY-MM-DD"
	}
	if upperCased(t.text) {
		// an acronym ("ERP", "SAP"), not a word in capitals for
		// emphasis ("VERIFY", "ONLY")
		return (len(w) <= 4 || !isVerb(w) && !isNoun(w)) && !functionWords[w] && !sequencers[w] && !modals[w]
	}
	if camelCased(t.text) {
		return true
	}
	return !isNoun(w) && !isVerb(w) && !commonNames[w] && !commonNames[strings.TrimSuffix(w, "s")] // "on Sundays"
}

// brandCased: a name written with one lower-case letter before its
// capitals ("iDEAL", "eBay", "dLocal"), as brands are; a program's
// field opens with a word ("userId", "pageSize"), and a platform of that
// shape (iOS) is three letters.
func brandCased(t token) bool {
	x := t.text
	return len(x) >= 4 && !t.quoted && !t.address && !t.markup && x[0] >= 'a' && x[0] <= 'z' && isUpper(x[1]) && !strings.ContainsAny(x, "_.-") &&
		strings.ToLower(x[1:]) != x[1:]
}

// commonNames are capitalized words of ordinary prose that the lexicon
// does not hold: languages, days, months.
var commonNames = set("english", "german", "french", "spanish", "italian", "portuguese", "dutch", "chinese", "japanese",
	"korean", "russian", "arabic", "hindi", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
	"markdown", "javascript", "typescript", "python", "unicode", "utf-8", "ascii", "i")

// notVenue: a phrase that names a place of the agent's own or the tool's
// ("the current working directory", "the same page", "the output
// folder").
func notVenue(ts []token, a, h int) bool {
	for k := a; k < h; k++ {
		if ownPlaces[ts[k].lower] {
			return true
		}
	}
	return false
}

// ownPlaces qualify a venue noun as a place of the agent's or the tool's.
var ownPlaces = set("current", "working", "local", "same", "given", "output", "root", "home", "temporary", "temp",
	"parent", "next", "previous", "first", "last", "this", "that", "following", "above", "below", "result", "results")

// venueName: a capitalized word within a sentence right where an action
// happens ("on Twitch", "in Word", "over Intercom"): a name there even when
// it is also an English word, unless it names a language, a day or a month.
func venueName(t token) bool {
	return !t.sentence && !t.quoted && !t.address && !t.markup && len(t.text) >= 3 && isUpper(t.text[0]) && !runtimeCall(t) &&
		!upperCased(t.text) && !commonNames[t.lower] && !commonNames[strings.TrimSuffix(t.lower, "s")] && !plainAcronyms[t.lower]
}

// programName: a lower-case word no dictionary knows, right after the
// preposition of where an action happens ("with rclone", "using certbot",
// "with k6"): a command-line program.
func programName(t token) bool {
	w := t.lower
	return !t.sentence && !t.address && !t.markup && !t.quoted && t.text == w && len(w) >= 2 && len(w) <= 12 &&
		!strings.ContainsAny(w, "_.-") && !isNoun(w) && !isVerb(w) && !isNoun(singular(w)) && !nounPlural(w) && !functionWords[w] && !plainAcronyms[w] &&
		!commonNames[w] && !numeral(w)
}

// unitOrFormat: a word written as a unit of measure with a binary or
// decimal prefix ("MiB", "GiB", "kB", "MHz", "kWh", "Mbps") or as a
// date or time pattern made of its field letters ("YYYY-MM-DD", "HH:mm",
// "DD.MM.YYYY"): a value's measure or shape, never a service.
func unitOrFormat(w string) bool {
	if len(w) >= 2 && strings.Trim(w, "YyMDdHhmsS-./:T") == "" && strings.ContainsAny(w, "-./:") {
		return true
	}
	rest := strings.TrimLeft(w, "kKMGTPE")
	if len(rest) == len(w) || len(w)-len(rest) > 1 {
		return false
	}
	rest = strings.TrimPrefix(rest, "i")
	switch rest {
	case "B", "b", "bps", "Hz", "W", "Wh", "V", "A", "g", "m":
		return true
	}
	return false
}

// checkedAgainstStandard: "against" at k follows a verb of checking
// (between i and k) and an acronym follows it ("check against CIDR", "validate it against
// RFC 1123"): a standard or a value the thing is held to, no place the
// deed goes to.
func checkedAgainstStandard(ts []token, i, k int) bool {
	if ts[k].lower != "against" || k+1 >= len(ts) || ts[k+1].sentence {
		return false
	}
	checked := false
	for h := k - 1; h >= i && h >= 0 && !checked; h-- {
		checked = checkVerbs[lemma(ts[h].lower)] || checkVerbs[ts[h].lower]
	}
	if !checked {
		return false
	}
	a := ts[k+1].text
	return len(a) > 1 && upperCased(a) && strings.ToLower(a) != a
}

// checkVerbs hold a thing to a standard or a value.
var checkVerbs = set("check", "validate", "verify", "match", "compare", "test", "lint", "diff", "screen", "audit",
	"cross-check", "crosscheck", "reconcile")

// honorifics open a person's name ("Mrs Patel", "Dr Okafor").
var honorifics = set("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "madam", "mister")

// namedThingAt finds, among words i+2..end of an instruction, a new thing
// made at a service named before its noun: an indefinite article or a
// number, a proper name the dictionary does not know, and a noun in lower
// case ("send the landlord a Venmo request", "start a Whereby call",
// "split it into four Klarna payments"). It returns the name and its
// word. A word in capitals (an acronym, "a JSON body"), a name before a
// value's noun ("a Stripe id") or a definite thing ("the Acme record")
// names none.
func namedThingAt(text string, ts []token, i, end int) (string, int, bool) {
	for k := i + 2; k+1 <= end && k+1 < len(ts); k++ {
		if ts[k].sentence || ts[k].clause || ts[k+1].sentence || ts[k+1].clause {
			return "", 0, false
		}
		a := ts[k-1].lower
		if a != "a" && a != "an" && !(numeral(a) && len(a) > 1 || numberWords[a]) {
			continue
		}
		t, n := ts[k], ts[k+1]
		if q := byteAt(text, t.start-1); !properName(t) || honorifics[t.lower] || q == '"' || q == '\'' || upperCased(t.text) ||
			strings.ContainsAny(t.text, ".") || valueNouns[n.lower] || n.text == "" || isUpper(n.text[0]) || !isNoun(n.lower) || functionWords[n.lower] {
			continue
		}
		return t.lower, k, true
	}
	return "", 0, false
}

// numberWords count things in words ("four payments").
var numberWords = set("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve")

// meansBy: "by" at k names the means of the deed — a proper name written
// in mixed case right after it ("Confirm every tour by Facebook
// Messenger", "pay the deposit by Trustly") — not the doer of a
// participle ("submitted by Acme") nor a time or a unit ("by EOD").
func meansBy(ts []token, k, end int) bool {
	if ts[k].lower != "by" || k+1 > end || k+1 >= len(ts) || k == 0 || strings.HasSuffix(ts[k-1].lower, "ed") || finiteVerbs[ts[k-1].lower] {
		return false
	}
	t := ts[k+1]
	return properName(t) && !upperCased(t.text) && !honorifics[t.lower]
}
