package fidelity

import "strings"

// siblingKebab: word i is a tool name in kebab case — a deed and its
// object joined by hyphens, as published servers name their tools
// ("sftp-upload", "get-pod", "search-routines") — put to use where it
// stands: after a call verb or a pointer ("use fetch-route for the whole
// record", "check the name with get-node first", "use after list-jobs")
// and not modifying a noun that follows ("use read-only mode",
// "with multi-line strings").
func siblingKebab(ts []token, i int) bool {
	t := ts[i]
	if !kebabDeed(t.text) {
		return false
	}
	if !(callShaped(ts, i) || pointedAt(ts, i) && ts[i-1].lower != "to" || useAfter(ts, i)) {
		return false // "pass gpuTypes to re-check instead": "to" before a hyphenated verb is its infinitive
	}
	if i+1 == len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return true
	}
	next := ts[i+1].lower
	return kebabFollowers[next] || toolNouns[next] || sequencers[next]
}

// useAfter: "use after list-workflows", "call before get-pod": the order
// of two calls, the second by name.
func useAfter(ts []token, i int) bool {
	return i >= 2 && !ts[i].sentence && !ts[i-1].sentence && (ts[i-1].lower == "after" || ts[i-1].lower == "before") &&
		(ts[i-2].lower == "use" || ts[i-2].lower == "call" || ts[i-2].lower == "run")
}

// kebabFollowers may follow a tool's name in a sentence that puts it to
// use ("use get-node first", "with scp-push and run it", "use
// search-recipes to find IDs"); a noun there would make the name a
// modifier.
var kebabFollowers = set("for", "to", "when", "and", "or", "then", "instead", "first", "before", "after", "if",
	"with", "on", "where", "whenever", "once", "so", "because", "until", "rather", "which")

// kebabDeed: a lower-case word of two or more hyphenated parts, each of
// two letters or more, one of them a verb ("get-pod", "sftp-upload",
// "search-routines"), none a particle or an adjective ending of an
// English compound ("follow-up", "read-only", "built-in", "well-known",
// "rate-limited").
func kebabDeed(w string) bool {
	if !strings.Contains(w, "-") || strings.ToLower(w) != w {
		return false
	}
	verb := false
	for _, p := range strings.Split(w, "-") {
		if len(p) < 2 || kebabGlue[p] || compoundTails[p] || compoundEnds[p] {
			return false
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				return false
			}
		}
		if strings.HasSuffix(p, "ed") || strings.HasSuffix(p, "ing") || strings.HasSuffix(p, "wn") {
			return false
		}
		verb = verb || isVerb(p) || codeDeeds[p]
	}
	return verb
}

// compoundEnds close an English compound adjective ("read-only",
// "case-sensitive", "user-friendly", "line-based"), never a tool's name.
var compoundEnds = set("only", "like", "free", "safe", "wide", "side", "level", "specific", "friendly", "aware",
	"ready", "proof", "sensitive", "insensitive", "less", "style", "way", "ish", "line", "off", "in", "out", "up")

// codeDeeds are the clipped verbs of programs' names ("init-n8n",
// "exec-query", "calc-total"), which no dictionary lists as verbs.
var codeDeeds = set("init", "exec", "calc", "gen", "del", "rm", "mk", "ls", "eval", "cfg", "sync", "auth")

// siblingCamel: word i is a tool name in one-hump lower camel case, a
// deed and its object ("renewMembership", "mergeCustomers"), named as the
// means of a step — after "through", "via", "using" or "with" in a
// sentence that opens with a verb in its base form, and ending its phrase
// ("Fold repeats with mergeLeads before the export"); a field
// named so modifies a noun or stands in a description ("sorted with
// sortOrder values").
func siblingCamel(ts []token, i int) bool {
	w := ts[i].text
	if i < 2 || ts[i].sentence || !lowerCamel(w) || !camelMeans[ts[i-1].lower] {
		return false
	}
	k := strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'Z' })
	if k <= 0 || strings.IndexFunc(w[k+1:], func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0 {
		return false // one hump: verbFirstName reads the longer names
	}
	tail := strings.ToLower(w[k:])
	if !baseVerb(w[:k]) || stateHeads[w[:k]] || !isNoun(singular(tail)) || valueTails[tail] {
		return false // "uploadRef", "exportId": a value handed to a call
	}
	s := sentenceOf(ts, ts[i].start)
	if s == i-1 || !baseVerb(ts[s].lower) || !ts[s].later {
		return false
	}
	for h := s; h < i-1; h++ {
		if callVerbs[ts[h].lower] || identifierShaped(ts[h].text) {
			return false // "call firecrawl_parse again with uploadRef": an argument of the call
		}
	}
	return i+1 == len(ts) || ts[i+1].sentence || ts[i+1].clause || kebabFollowers[ts[i+1].lower]
}

// camelMeans name the means of a step ("through renewMembership").
var camelMeans = set("through", "via", "using", "with")

// valueTails end the names of values rather than deeds ("uploadRef",
// "exportId", "callbackUrl").
var valueTails = set("ref", "refs", "id", "ids", "url", "urls", "uri", "key", "keys", "token", "tokens", "name", "names",
	"path", "paths", "type", "types", "count", "mode", "flag", "value", "values", "option", "options")
