package fidelity

import "strings"

// callVerbs are the verbs that put a tool to use.
var callVerbs = set("call", "calls", "calling", "called", "invoke", "invokes", "invoking", "invoked",
	"use", "uses", "using", "run", "runs", "running", "trigger", "triggers", "triggering",
	"execute", "executes", "executing", "try", "prefer")

// bareCallVerbs may take a plain word as their tool ("call zeta first").
var bareCallVerbs = set("call", "calls", "calling", "invoke", "invokes", "invoking")

// determiners may stand between a verb and its tool.
var determiners = set("the", "a", "an")

// notTools are nouns that follow an identifier that is not a tool ("the
// per_page parameter").
var notTools = set("parameter", "parameters", "param", "params", "field", "fields", "argument", "arguments", "option",
	"options", "value", "values", "method", "methods", "property", "properties", "key", "keys", "column", "columns",
	"cursor", "flag", "flags", "setting", "settings", "attribute", "variable", "header", "filter", "mode", "anchor",
	"format", "permission", "scope", "label", "type", "id", "ids", "event", "events", "status", "statuses", "state",
	"states", "channel", "channels", "room", "rooms", "chatroom")

// toolNouns follow a word used as a tool's name ("the Read tool").
var toolNouns = set("tool", "function", "endpoint")

// functionWords never name a tool ("call it", "the same tool").
var functionWords = set("it", "them", "this", "that", "these", "those", "me", "us", "you", "him", "her", "back", "out",
	"for", "on", "up", "again", "once", "twice", "only", "each", "every", "any", "all", "both", "either", "one", "tools",
	"tool", "the", "a", "an", "same", "other", "another", "previous", "next", "right", "correct", "listed", "following",
	"single", "first", "last", "best", "new", "helpful", "useful", "powerful", "external", "internal", "separate",
	"dedicated", "native", "specific", "appropriate", "relevant", "given", "which", "what", "whichever", "your", "our",
	"their", "its", "my", "his", "no", "such", "main", "primary", "exact", "proper", "right", "wrong", "actual", "real",
	"second", "third", "available", "present", "missing", "own", "if", "when", "with", "without", "to", "from", "in",
	"by", "and", "or", "not", "is", "are", "was", "be", "can", "may", "must", "should", "will", "would", "here",
	"there", "now", "then", "later", "directly", "instead", "first", "api", "center", "centre", "support", "home",
	"file-processing", "computation", "rendering", "web", "workspace", "interaction", "service", "connected", "search",
	"mcp", "chat", "ai", "agent", "user", "model", "assistant", "other", "some", "many", "most", "more", "less", "few",
	"of", "at", "as", "into", "onto", "per", "via", "over", "under", "about", "than", "like", "on", "for", "every",
	// adverbs: "a `similar` call already runs" is a noun call, then a verb
	"already", "also", "still", "just", "never", "always", "often", "usually", "sometimes", "automatically", "immediately",
	"repeatedly", "successfully", "internally", "itself", "themselves", "ahead", "home", "back", "off")

// nounBefore marks a "call" that is a noun ("the API call", "each call").
var nounBefore = set("the", "a", "an", "each", "per", "one", "this", "that", "api", "tool", "function", "http", "rest",
	"single", "first", "second", "next", "last", "every", "any", "no", "same", "one", "batch", "phone", "video", "conference")

// callShaped reports whether word i is the object of a call verb ("use
// foo_bar", "call the `x`"), not a parameter ("use the per_page
// parameter").
func callShaped(ts []token, i int) bool {
	j := i - 1
	if j >= 0 && determiners[ts[j].lower] && !ts[i].sentence {
		j--
	}
	if j < 0 || ts[j+1].sentence || !callVerbs[ts[j].lower] {
		return false
	}
	return !(i+1 < len(ts) && notTools[ts[i+1].lower] && !ts[i+1].sentence)
}

// pointers are the words before an identifier that send the reader to it
// ("escalate with create_ticket", "fall back to x_y", "see also a_b").
var pointers = set("with", "via", "through", "using", "to", "also", "into", "see", "from", "like")

// pointedAt reports whether an identifier-shaped word i follows a pointer
// (an article may stand between), and is not a parameter.
func pointedAt(ts []token, i int) bool {
	j := i - 1
	if j >= 0 && determiners[ts[j].lower] && !ts[i].sentence {
		j--
	}
	if j < 0 || ts[j+1].sentence || !pointers[ts[j].lower] || j < i-1 && (ts[i-1].lower == "a" || ts[i-1].lower == "an") {
		return false // "via a top-level `next` URL"
	}
	if ts[j].lower == "like" && !(j > 0 && toolNouns[singular(ts[j-1].lower)]) {
		return false // "directories like node_modules": an example value, not "tools like x_y"
	}
	if valueShaped(ts[i].lower) {
		return false // "call get_page again with next_cursor": a value passed, not a tool
	}
	return !(i+1 < len(ts) && notTools[ts[i+1].lower] && !ts[i+1].sentence)
}

// valueShaped: a snake_case name that names a value, not a deed — no
// verb first and a value's word last ("next_cursor", "prev_cursor",
// "start_offset"); a service's operation (a dotted name) is never one.
func valueShaped(w string) bool {
	parts := strings.Split(w, "_")
	if len(parts) < 2 || baseVerb(parts[0]) || strings.Contains(w, ".") {
		return false
	}
	last := parts[len(parts)-1]
	return fieldSuffixes[last] || pagingWords[last]
}

// pagingWords end the names of the values that page through results.
var pagingWords = set("cursor", "token", "offset", "marker", "page")

// toolUse reports whether words i..end are used as a tool's name: followed
// by "tool" or "function", or the object of a call verb.
func toolUse(ts []token, i, end int) bool {
	if end+1 < len(ts) && toolNouns[ts[end+1].lower] && !ts[end+1].sentence {
		return true
	}
	return callShaped(ts, i) && !(end+1 < len(ts) && notTools[ts[end+1].lower] && !ts[end+1].sentence)
}

// prepositions never name a tool ("a call within a week").
var prepositions = set("within", "between", "across", "after", "before", "during", "until", "upon", "against", "through",
	"around", "inside", "outside", "beyond", "except", "since", "among", "toward", "towards", "throughout", "despite",
	"past")

// callNouns follow "call" as a noun ("Call duration in seconds").
var callNouns = set("duration", "id", "ids", "status", "count", "volume", "log", "logs", "history", "recording",
	"recordings", "time", "times", "type", "direction", "summary", "transcript", "quality", "rate", "details", "record",
	"records", "limit", "limits", "stack", "graph", "site", "sign", "number", "data", "metadata", "result", "results",
	"parameters", "arguments", "args", "timeout", "budget", "cost", "costs", "latency", "trace", "traces", "chain",
	"depth", "queue", "notes", "participants", "start", "end", "length", "outcome", "state")

// namedTool: word i is followed by "tool" or "function" ("the fetch tool").
func namedTool(ts []token, i int) bool {
	return i+1 < len(ts) && !ts[i+1].sentence && !ts[i+1].markup && toolNouns[ts[i+1].lower]
}

// callVerbBare: "call zeta", a plain word right after a verb "call".
func callVerbBare(ts []token, i int) bool {
	// "after 4 calls, keep the top result": a comma ends the verb's reach,
	// and a verb ("use") names no tool
	if i == 0 || ts[i].sentence || ts[i].clause || !bareCallVerbs[ts[i-1].lower] || functionWords[ts[i].lower] || callNouns[ts[i].lower] || callVerbs[ts[i].lower] || plainNoise(ts[i]) {
		return false
	}
	if i >= 2 && !ts[i-1].sentence && nounBefore[ts[i-2].lower] {
		return false // "the API call count": call is a noun
	}
	if prepositions[ts[i].lower] || callAdverbs[ts[i].lower] || strings.HasSuffix(ts[i].lower, "ly") && strings.IndexAny(ts[i].lower, "_-.") < 0 {
		return false // "places a courtesy call within a week", "Safe to call even if …", "call repeatedly"
	}
	if _, ok := titledTool(ts, i); ok {
		return false // "call 'Lookup Order ID' tool": the title names it (toolPhrases)
	}
	if i >= 2 && !ts[i-1].sentence && (personRoles[ts[i-2].lower] || personRoles[singular(ts[i-2].lower)]) {
		return false // "Coordinators call patients": the people's deed, not a tool called
	}
	if i >= 2 && !ts[i-1].sentence && (numeral(ts[i-2].lower) || strings.Contains(ts[i-2].lower, "-") && !baseVerb(ts[i-2].lower) ||
		isNoun(ts[i-2].lower) && !isVerb(ts[i-2].lower) && !sequencers[ts[i-2].lower] && !functionWords[ts[i-2].lower]) {
		return false // "2 calls total", "a thank-you call", "the lookup call (Server)": a noun, after a number or a modifier
	}
	return !(i+1 < len(ts) && (notTools[ts[i+1].lower] || toolNouns[ts[i+1].lower]) && !ts[i+1].sentence) || toolNouns[ts[i+1].lower]
}

// callAdverbs say how or how often a call is made, never what is called.
var callAdverbs = set("even", "again", "twice", "once", "anytime", "often", "back", "more", "less", "first", "later")

// toolNoun: "the geocode tool", a plain word naming a tool.
func toolNoun(ts []token, i int) bool {
	if i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].lower != "tool" || ts[i+1].markup || functionWords[ts[i].lower] || plainNoise(ts[i]) && !verbFirstName(ts[i].text) {
		return false
	}
	// "tool's own entry" and "tool use" are about the tool, not a name
	if i+2 < len(ts) && !ts[i+2].sentence && (ts[i+2].lower == "s" || ts[i+2].lower == "use") {
		return false
	}
	// "the factory tool crib": a compound noun, not a tool's name
	if i+2 < len(ts) && !ts[i+2].sentence && toolCompounds[ts[i+2].lower] {
		return false
	}
	// a definite tool ("the geocode tool") or a marked name ("`geo` tool"),
	// not a kind of tool ("a diagnostic tool")
	return ts[i].quoted || i > 0 && !ts[i].sentence && ts[i-1].lower == "the"
}

// plainNoise: words that are not names (numbers, participles, hyphenated
// adjectives).
func plainNoise(t token) bool {
	w := t.lower
	if w == "" || w[0] >= '0' && w[0] <= '9' {
		return true
	}
	if len(w) > 4 && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed")) {
		return true
	}
	return strings.Contains(w, "-") || shortParticiple(w)
}

// shortParticiple: w is a participle too short for plainNoise's suffix
// rule or irregular ("calls owed", "calls made", "calls sent": a noun and
// what qualifies it), never itself a verb's base form ("feed", "seed",
// "read" may name a tool).
func shortParticiple(w string) bool {
	if baseVerb(w) {
		return false
	}
	return irregular[w] != "" || len(w) == 4 && strings.HasSuffix(w, "ed") && (baseVerb(w[:3]) || baseVerb(w[:2]))
}

// toolCompounds follow "tool" in a compound noun ("tool crib", "tool box").
var toolCompounds = set("crib", "box", "kit", "chest", "shed", "belt", "bag", "room", "rack", "wall", "holder", "set", "cabinet", "shop", "bar", "tip", "tips")

// titledTool: words from i are a tool's title, capitalized words (two to
// four, the first capitalized) before "tool", "endpoint" or "function"
// ("call 'Resolve Library ID' tool"). It returns the tool noun's index.
func titledTool(ts []token, i int) (int, bool) {
	if i >= len(ts) || !isUpper(ts[i].text[0]) {
		return 0, false
	}
	for h := i + 1; h < len(ts) && h <= i+4; h++ {
		if ts[h].sentence || ts[h].clause || ts[h].markup || ts[h].address {
			return 0, false
		}
		if toolNouns[ts[h].lower] {
			return h, h-i >= 2
		}
		if functionWords[ts[h].lower] || determiners[ts[h].lower] {
			return 0, false
		}
	}
	return 0, false
}
